import { Alert, Snackbar } from '@mui/material';
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
  return (
    <Snackbar
      key={id}
      open={open}
      autoHideDuration={duration}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // Above the phone bottom bar.
      sx={{ bottom: { xs: 88, md: 24 } }}
    >
      <Alert
        variant="filled"
        severity={severity}
        onClose={onClose}
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
