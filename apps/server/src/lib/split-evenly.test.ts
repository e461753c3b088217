import { describe, expect, it } from 'vitest';
import { splitEvenly } from './split-evenly';

describe('splitEvenly', () => {
  it('gives the leftover piasters to the first shares, so the shares add up to the amount', () => {
    // 100.00 pounds for three lectures: 33.34 + 33.33 + 33.33.
    expect(splitEvenly(10_000, 3)).toEqual([3334, 3333, 3333]);
    // 0.05 for three: two shares of 2 and one of 1.
    expect(splitEvenly(5, 3)).toEqual([2, 2, 1]);
    expect(splitEvenly(9_000, 2)).toEqual([4500, 4500]);
    expect(splitEvenly(7, 1)).toEqual([7]);
  });

  it('has no share for no parts, and shares of 0 for nothing', () => {
    expect(splitEvenly(500, 0)).toEqual([]);
    expect(splitEvenly(0, 2)).toEqual([0, 0]);
  });
});
