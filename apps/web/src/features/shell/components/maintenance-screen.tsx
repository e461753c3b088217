import { Button } from '@mui/material';
import ConstructionOutlinedIcon from '@mui/icons-material/ConstructionOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { StatusScreen } from '../../../components/status-screen';
import { t } from '../../../i18n/t';

/** Shown instead of the app while the settings say `appIsDown` (spec §1). */
export function MaintenanceScreen({ onRetry }: { onRetry: () => void }) {
  return (
    <StatusScreen
      fullScreen
      icon={<ConstructionOutlinedIcon />}
      title={t('app.maintenanceTitle')}
      body={t('app.maintenanceBody')}
      actions={
        <Button variant="outlined" startIcon={<RefreshIcon />} onClick={onRetry}>
          {t('app.retry')}
        </Button>
      }
    />
  );
}
