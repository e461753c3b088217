import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { QrCode } from '../../../components/qr-code';
import { t } from '../../../i18n/t';

/**
 * The profile's QR code (spec §2): 160 px wide, error correction level Q, with the centre's
 * name under it.
 */
export function QrCodeDialog({
  open,
  value,
  userName,
  centerName,
  onClose,
}: {
  open: boolean;
  value: string;
  userName: string;
  centerName: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="qr-code-title">
      <DialogTitle id="qr-code-title" sx={{ textAlign: 'center' }}>
        {t('profile.qrTitle')}
      </DialogTitle>
      <DialogContent
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      >
        <QrCode value={value} label={t('profile.qrImage', { name: userName })} />
        {centerName && (
          <Typography sx={{ fontWeight: 700, textAlign: 'center' }}>{centerName}</Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', pb: 2 }}>
        <Button onClick={onClose} variant="outlined">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
