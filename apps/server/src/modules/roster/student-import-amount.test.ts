import { describe, expect, it } from 'vitest';
import { parseAmount } from './student-import';

// A roster's amounts, made plain (currency word, separators, Arabic digits) and then read by
// the contract's parsePiasters: piasters from the decimal text, never a float times 100.
describe("a roster's amount in piasters", () => {
  it('reads amounts whose float product by 100 is not whole exactly', () => {
    expect(parseAmount('1.10')).toBe(110);
    expect(parseAmount('19.99')).toBe(1999);
    expect(parseAmount('0.29')).toBe(29);
    expect(parseAmount('٠٫٢٩')).toBe(29);
    expect(parseAmount('1,10')).toBe(110);
  });

  it('reads what a roster writes: digits, currency words, separators; blank is 0', () => {
    expect(parseAmount('١٬٢٥٠٫٥ جنيه')).toBe(125_050);
    expect(parseAmount('1,250.75')).toBe(125_075);
    expect(parseAmount('123,456.78')).toBe(12_345_678);
    expect(parseAmount('1,234,567')).toBeNull(); // above AMOUNT_MAX
    expect(parseAmount('50.5 ج.م')).toBe(5050);
    expect(parseAmount('150 EGP')).toBe(15_000);
    expect(parseAmount('١٠٠')).toBe(10_000);
    expect(parseAmount('0')).toBe(0);
    expect(parseAmount('')).toBe(0);
    expect(parseAmount('   ')).toBe(0);
  });

  it('accepts AMOUNT_MAX and refuses a piaster more', () => {
    expect(parseAmount('1000000')).toBe(100_000_000);
    expect(parseAmount('1000000.01')).toBeNull();
  });

  it('refuses signs, more than two decimals and what is not an amount', () => {
    for (const bad of ['-5', '+5', '-0', '1.005', '1,2345', '.5', '5.', '1e3', 'abc', '1.2.3']) {
      expect(parseAmount(bad), bad).toBeNull();
    }
  });
});
