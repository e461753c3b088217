import { describe, expect, it } from 'vitest';
import { pageParamSchema } from './pagination';

describe('?page=', () => {
  it('is a positive whole number up to 100,000, and page 1 for anything else or nothing', () => {
    const cases: [unknown, number][] = [
      [undefined, 1],
      ['', 1],
      ['x', 1],
      ['0', 1],
      ['-1', 1],
      ['2.5', 1],
      ['100001', 1],
      [null, 1],
      ['2', 2],
      [' 3 ', 3],
      ['100000', 100_000],
      [7, 7],
    ];
    for (const [given, page] of cases)
      expect(pageParamSchema.parse(given), String(given)).toBe(page);
  });
});
