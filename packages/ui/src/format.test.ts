import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber } from './format';

describe('formatting shared by both apps', () => {
  it('writes money with two decimals, thousands separators and Western digits', () => {
    expect(formatMoney(1250.5)).toBe('1,250.50 جنيه');
    expect(formatMoney(0)).toBe('0.00 جنيه');
    expect(formatNumber(12500)).toBe('12,500');
  });

  it("writes a moment in Cairo's time with the Arabic month name", () => {
    // 22:30 UTC is 00:30 the next day in Cairo (UTC+2 in winter).
    expect(formatDate('2026-01-31T22:30:00Z')).toBe('1 فبراير 2026');
    const text = formatDateTime('2026-01-31T22:30:00Z');
    expect(text).toContain('1 فبراير 2026');
    expect(text).toMatch(/12:30/);
    expect(text).not.toMatch(/[٠-٩]/);
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });
});
