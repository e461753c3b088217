import { describe, expect, it } from 'vitest';
import { parsePounds } from './parse-pounds';

// Read by the contract's parsePiasters: the decimal text, never a float times 100.
describe('parsePounds', () => {
  it('reads amounts whose float product by 100 is not whole exactly', () => {
    expect(parsePounds('1.10')).toBe(1.1);
    expect(parsePounds('19.99')).toBe(19.99);
    expect(parsePounds('0.29')).toBe(0.29);
    expect(parsePounds('٠٫٢٩')).toBe(0.29);
    expect(parsePounds('١٩.٩٩')).toBe(19.99);
    expect(parsePounds('0.01')).toBe(0.01);
  });

  it('accepts AMOUNT_MAX and refuses a piaster more', () => {
    expect(parsePounds('1000000')).toBe(1_000_000);
    expect(parsePounds('1000000.00')).toBe(1_000_000);
    expect(parsePounds('1000000.01')).toBeNull();
  });

  it('refuses what is not an amount above zero with two decimals at most', () => {
    for (const bad of [
      '.5',
      '5.',
      '1e3',
      '0x10',
      '1.005',
      '٨٧٫٣٥٥',
      '-0.01',
      ' ',
      '99999999999999999',
    ])
      expect(parsePounds(bad), bad).toBeNull();
  });
});
