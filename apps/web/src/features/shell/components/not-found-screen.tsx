import { Link } from 'react-router';
import { Button } from '@mui/material';
import ExploreOffOutlinedIcon from '@mui/icons-material/ExploreOffOutlined';
import { StatusScreen } from '../../../components/status-screen';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';

/** The friendly 404 page, with a way back to the user's home. */
export function NotFoundScreen() {
  const { signedIn } = useSession();
  return (
    <StatusScreen
      icon={<ExploreOffOutlinedIcon />}
      overline={t('notFound.code')}
      title={t('notFound.title')}
      body={t('notFound.body')}
      actions={
        <Button component={Link} to={signedIn ? '/home' : '/'} variant="contained" size="large">
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
