import { encode } from 'uqr';
import { QR_CODE } from '@dars/contract';

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
