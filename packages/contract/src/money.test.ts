import { describe, expect, it } from 'vitest';
import { moneySchema } from './money';
import { fromPiasters, hasAtMostTwoDecimals, parsePiasters, toPiasters } from './piasters';

describe('money', () => {
  it('round-trips pounds and piasters', () => {
    expect(toPiasters(12.5)).toBe(1250);
    expect(fromPiasters(1250)).toBe(12.5);
    for (const pounds of [0, 0.01, 0.1, 0.5, 19.99, 150, 1234567.89]) {
      expect(fromPiasters(toPiasters(pounds))).toBe(pounds);
    }
  });

  // Each of these is a float whose product by 100 is not a whole number (1.1 * 100 is
  // 110.00000000000001, 0.29 * 100 is 28.999999999999996, 19.99 * 100 is 1998.9999999999998),
  // which is what made pay-card batches of them end in a 500.
  it('turns amounts whose float product by 100 is not whole into exact piasters', () => {
    expect(1.1 * 100).not.toBe(110);
    expect(0.29 * 100).not.toBe(29);
    expect(parsePiasters(1.1)).toBe(110);
    expect(parsePiasters(19.99)).toBe(1999);
    expect(parsePiasters(0.29)).toBe(29);
    expect(parsePiasters(0.57)).toBe(57);
    expect(parsePiasters(4.35)).toBe(435);
    expect(parsePiasters(1234567.89)).toBe(123456789);
    expect(toPiasters(-12.5)).toBe(-1250);
    expect(toPiasters(-0.29)).toBe(-29);
    expect(parsePiasters(0)).toBe(0);
    expect(Object.is(parsePiasters(-0), 0)).toBe(true);
  });

  it('reads amounts typed as text: Latin or Arabic digits, one or two decimals', () => {
    expect(parsePiasters('1.10')).toBe(110);
    expect(parsePiasters('19.99')).toBe(1999);
    expect(parsePiasters('0.29')).toBe(29);
    expect(parsePiasters(' 150 ')).toBe(15000);
    expect(parsePiasters('12.5')).toBe(1250);
    expect(parsePiasters('٠٫٢٩')).toBe(29);
    expect(parsePiasters('١٩.٩٩')).toBe(1999);
    expect(parsePiasters('-3.5')).toBe(-350);
    expect(parsePiasters('+3.5')).toBe(350);
    expect(toPiasters('1.10')).toBe(110);
  });

  it('refuses more than two decimals, and what is not an amount', () => {
    expect(parsePiasters(1.005)).toBeNull();
    expect(parsePiasters('1.005')).toBeNull();
    expect(parsePiasters(10.005)).toBeNull();
    expect(parsePiasters(0.125)).toBeNull();
    expect(parsePiasters('1.000')).toBeNull();
    // 0.1 + 0.2 travels as 0.30000000000000004: seventeen decimals, not 30 piasters.
    expect(parsePiasters(0.1 + 0.2)).toBeNull();
    expect(parsePiasters(0.1 * 3)).toBeNull();
    for (const bad of ['', ' ', 'abc', '1,5', '1.2.3', '.5', '5.', '1e3', '0x10', '١..٢']) {
      expect(parsePiasters(bad), bad).toBeNull();
    }
    expect(parsePiasters(Number.NaN)).toBeNull();
    expect(parsePiasters(Number.POSITIVE_INFINITY)).toBeNull();
    // Beyond exact integers (and written 1e+21 by JavaScript): never a rounded amount.
    expect(parsePiasters(1e21)).toBeNull();
    expect(parsePiasters('90071992547409.93')).toBeNull();
    expect(() => toPiasters(1.005)).toThrow(RangeError);
    expect(() => toPiasters('abc')).toThrow(RangeError);
  });

  it('accepts at most two decimals on the wire', () => {
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(1.1)).toBe(true);
    expect(hasAtMostTwoDecimals(0.29)).toBe(true);
    expect(hasAtMostTwoDecimals(0.125)).toBe(false);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(false);
    expect(moneySchema.safeParse(-3.5).success).toBe(true);
    expect(moneySchema.safeParse(19.99).success).toBe(true);
    expect(moneySchema.safeParse(1.001).success).toBe(false);
    expect(moneySchema.safeParse(1.005).error?.issues[0]?.message).toBe(
      'المبلغ يقبل رقمين عشريين على الأكثر',
    );
    expect(moneySchema.safeParse(Number.NaN).success).toBe(false);
    expect(moneySchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });
});
