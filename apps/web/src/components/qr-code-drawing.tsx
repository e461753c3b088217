import { useMemo } from 'react';
import { Box } from '@mui/material';
import { encode } from 'uqr';
import { QR_CODE } from '@dars/contract/plain';

/**
 * The dark modules of a QR code (error correction level Q, spec §9) as one SVG path in
 * module units, with the module count of a side including a 2-module quiet zone.
 * @example const { path, size } = qrPath('DARS-STUDENT-1001')
 */
export function qrPath(text: string): { path: string; size: number } {
  const { data, size } = encode(text, { ecc: QR_CODE.level, border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { path, size };
}

/**
 * A QR code drawn as one SVG image, 160 px wide (spec §9), named by `label`. Loaded by
 * `QrCode` when first shown, with the encoder (ADR 020).
 */
export default function QrCodeDrawing({ value, label }: { value: string; label: string }) {
  const { path, size } = useMemo(() => qrPath(value), [value]);
  return (
    <Box
      component="svg"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={QR_CODE.size}
      height={QR_CODE.size}
      shapeRendering="crispEdges"
      sx={{ bgcolor: '#fff', display: 'block' }}
    >
      <path d={path} fill="#000" />
    </Box>
  );
}
