import { describe, expect, it } from 'vitest';
import { normalizeCode, toLatinDigits } from './normalize-input';

describe('toLatinDigits', () => {
  it('turns Arabic-Indic and Persian digits into Latin ones and leaves the rest', () => {
    expect(toLatinDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(toLatinDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(toLatinDigits('كود AB-٣')).toBe('كود AB-3');
  });
});

describe('normalizeCode', () => {
  it('strips every kind of whitespace, inside too', () => {
    expect(normalizeCode(' 1234 5678\t90\n')).toBe('1234567890');
    expect(normalizeCode('١٢٣٤ ٥٦')).toBe('123456');
  });
});
