import { Button } from '@mui/material';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { StatusScreen } from '../../../components/status-screen';
import { t } from '../../../i18n/t';

/**
 * A start-up failure (spec §8): the settings could not load, or the stored sign-in could
 * not be checked. The retry asks again without a page reload.
 */
export function StartErrorScreen({
  reason,
  onRetry,
}: {
  reason: 'settings' | 'auth';
  onRetry: () => void;
}) {
  return (
    <StatusScreen
      fullScreen
      role="alert"
      icon={<CloudOffOutlinedIcon />}
      title={t(reason === 'settings' ? 'app.settingsFailed' : 'app.authFailed')}
      actions={
        <Button variant="contained" size="large" startIcon={<RefreshIcon />} onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    />
  );
}
