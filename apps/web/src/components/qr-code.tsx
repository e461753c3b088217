import { lazy, Suspense } from 'react';
import { Box } from '@mui/material';
import { QR_CODE } from '@dars/contract/plain';

const QrCodeDrawing = lazy(() => import('./qr-code-drawing'));

/**
 * A QR code of `value` (spec §9: 160 px, level Q), named by `label` for screen readers. Its
 * drawing and the encoder load with the first code shown rather than with the app (ADR 020);
 * meanwhile a blank square of the same size holds its place.
 * @example <QrCode value={wallet.address} label={tw('address.qr')} />
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  return (
    <Suspense
      fallback={
        <Box
          aria-hidden
          sx={{ width: QR_CODE.size, height: QR_CODE.size, bgcolor: 'grey.100', borderRadius: 1 }}
        />
      }
    >
      <QrCodeDrawing value={value} label={label} />
    </Suspense>
  );
}
