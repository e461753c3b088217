import { Button } from '@mui/material';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { StatusScreen } from '../../../components/status-screen';
import { t } from '../../../i18n/t';

/**
 * Shown when a screen fails to render or its code fails to load (often a new deployment
 * replaced the old chunks): a full reload is the fix.
 */
export function RouteErrorScreen() {
  return (
    <StatusScreen
      fullScreen
      role="alert"
      icon={<ErrorOutlinedIcon />}
      title={t('app.routeErrorTitle')}
      body={t('app.routeErrorBody')}
      actions={
        <Button
          variant="contained"
          startIcon={<RefreshIcon />}
          onClick={() => window.location.reload()}
        >
          {t('app.reload')}
        </Button>
      }
    />
  );
}
