import { Alert, Portal, Snackbar } from '@mui/material';
import { t } from '../i18n/t';
import { useIsDesktop } from '../lib/use-is-desktop';
import type { SnackbarSeverity } from './snackbar-provider';

/**
 * The snackbar itself, split from its provider so the first page does not load it: most
 * visits never show one.
 */
export default function SnackbarView({
  id,
  open,
  message,
  severity,
  duration,
  onClose,
}: {
  id: number;
  open: boolean;
  message: string;
  severity: SnackbarSeverity;
  duration: number;
  onClose: () => void;
}) {
  // On phones the bottom of the screen holds the bottom bar and the forms' last buttons, and
  // full-screen dialogs put their tabs under the title, so messages cover the top bar instead.
  const desktop = useIsDesktop();
  // A portal opened after a modal stays outside the part MUI hides from screen readers, so a
  // message shown as a dialog opens (a purchase) is still announced.
  return (
    <Portal>
      <Snackbar
        key={id}
        open={open}
        autoHideDuration={duration}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') onClose();
        }}
        anchorOrigin={{ vertical: desktop ? 'bottom' : 'top', horizontal: 'center' }}
        sx={desktop ? { bottom: 24 } : { top: 8 }}
      >
        <Alert
          variant="filled"
          severity={severity}
          onClose={onClose}
          closeText={t('common.close')}
          sx={{ width: '100%', alignItems: 'center' }}
        >
          {message}
        </Alert>
      </Snackbar>
    </Portal>
  );
}
