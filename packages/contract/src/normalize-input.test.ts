import { describe, expect, it } from 'vitest';
import { normalizeCode, normalizeWalletAddress, toLatinDigits } from './normalize-input';

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

describe('normalizeWalletAddress', () => {
  it('drops every blank, reads Arabic-Indic digits and upper-cases, as read off a phone', () => {
    expect(normalizeWalletAddress(' dw 4821 937465 ')).toBe('DW4821937465');
    expect(normalizeWalletAddress('Dw٤٨٢١\t٩٣٧٤٦٥')).toBe('DW4821937465');
    expect(normalizeWalletAddress('DW4821937465')).toBe('DW4821937465');
  });
});
