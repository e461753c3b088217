import { describe, expect, it } from 'vitest';
import { roundPiasters } from './piasters';

describe('roundPiasters', () => {
  // A minimum recharge of 1.1 pounds linked 1.11: Math.ceil(1.1 * 100) is 111.
  it('is exact for amounts with at most two decimals, rounding up too', () => {
    expect(Math.ceil(1.1 * 100)).toBe(111);
    expect(roundPiasters(1.1, 'up')).toBe(110);
    expect(roundPiasters(2.2, 'up')).toBe(220);
    expect(roundPiasters(19.99, 'up')).toBe(1999);
    expect(roundPiasters(0.29, 'up')).toBe(29);
    expect(roundPiasters(1.1)).toBe(110);
    expect(roundPiasters(0.29)).toBe(29);
    expect(roundPiasters(40)).toBe(4000);
    expect(roundPiasters(0)).toBe(0);
    expect(roundPiasters(-12.5)).toBe(-1250);
  });

  it('rounds what has more decimals instead of throwing', () => {
    expect(roundPiasters(10.001)).toBe(1000);
    expect(roundPiasters(10.001, 'up')).toBe(1001);
    expect(roundPiasters(10.006)).toBe(1001);
    expect(roundPiasters(10.006, 'up')).toBe(1001);
    expect(roundPiasters(0.1 + 0.2)).toBe(30);
    expect(roundPiasters(0.1 + 0.2, 'up')).toBe(31);
    expect(roundPiasters(Number.NaN)).toBeNaN();
  });
});
