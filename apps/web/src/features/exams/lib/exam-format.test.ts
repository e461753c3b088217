import { describe, expect, it } from 'vitest';
import { examDuration, timeTaken } from './exam-format';

describe('examDuration', () => {
  it("reads 'N minutes', or 'open' without a time limit", () => {
    expect(examDuration(45)).toBe('45 دقيقة');
    expect(examDuration(5)).toBe('5 دقائق');
    expect(examDuration(null)).toBe('مفتوح');
  });
});

describe('timeTaken', () => {
  it('shows the two largest units', () => {
    expect(timeTaken(754)).toBe('12 دقيقة و34 ثانية');
    expect(timeTaken(3 * 3600 + 5 * 60 + 9)).toBe('3 ساعات و5 دقائق');
    expect(timeTaken(40)).toBe('40 ثانية');
    expect(timeTaken(120)).toBe('دقيقتين');
  });
});
