import { describe, expect, it } from 'vitest';
import { fromPiasters, hasAtMostTwoDecimals, moneySchema, toPiasters } from './money';

describe('money', () => {
  it('round-trips pounds and piasters', () => {
    expect(toPiasters(12.5)).toBe(1250);
    expect(fromPiasters(1250)).toBe(12.5);
    for (const pounds of [0, 0.01, 0.1, 0.5, 19.99, 150, 1234567.89]) {
      expect(fromPiasters(toPiasters(pounds))).toBe(pounds);
    }
  });

  it('does not lose a piaster to float noise', () => {
    expect(toPiasters(0.1 + 0.2)).toBe(30);
    expect(toPiasters(19.99)).toBe(1999);
    expect(toPiasters(-12.5)).toBe(-1250);
  });

  it('accepts at most two decimals on the wire', () => {
    expect(hasAtMostTwoDecimals(12.34)).toBe(true);
    expect(hasAtMostTwoDecimals(0.1 + 0.2)).toBe(true);
    expect(hasAtMostTwoDecimals(0.125)).toBe(false);
    expect(moneySchema.safeParse(-3.5).success).toBe(true);
    expect(moneySchema.safeParse(1.001).success).toBe(false);
    expect(moneySchema.safeParse(Number.NaN).success).toBe(false);
    expect(moneySchema.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
  });
});
