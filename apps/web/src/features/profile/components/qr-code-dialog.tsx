import { useMemo } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { QR_CODE } from '@dars/contract';
import { t } from '../../../i18n/t';
import { qrPath } from '../lib/qr-path';

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
  const { path, size } = useMemo(() => qrPath(value), [value]);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="qr-code-title">
      <DialogTitle id="qr-code-title" sx={{ textAlign: 'center' }}>
        {t('profile.qrTitle')}
      </DialogTitle>
      <DialogContent
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}
      >
        <Box
          component="svg"
          role="img"
          aria-label={t('profile.qrImage', { name: userName })}
          viewBox={`0 0 ${size} ${size}`}
          width={QR_CODE.size}
          height={QR_CODE.size}
          shapeRendering="crispEdges"
          sx={{ bgcolor: '#fff', display: 'block' }}
        >
          <path d={path} fill="#000" />
        </Box>
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
