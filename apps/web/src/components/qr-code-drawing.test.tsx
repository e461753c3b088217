import { describe, expect, it } from 'vitest';
import { encode } from 'uqr';
import { qrPath } from './qr-code-drawing';

describe('qrPath', () => {
  it('draws every dark module of a level Q code with its quiet zone', () => {
    const { path, size } = qrPath('DARS-1001');
    const expected = encode('DARS-1001', { ecc: 'Q', border: 2 });
    expect(size).toBe(expected.size);
    const dark = expected.data.flat().filter(Boolean).length;
    expect(path.match(/M/g)).toHaveLength(dark);
  });

  it('leaves the quiet zone light', () => {
    const { path } = qrPath('DARS-1001');
    expect(path).not.toMatch(/M[01] /);
    expect(path.startsWith('M2 2')).toBe(true);
  });
});
