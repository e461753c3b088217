import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, pluralize } from './format';

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

describe('pluralize', () => {
  const student = {
    one: 'طالب واحد',
    two: 'طالبان',
    few: 'طلاب',
    many: 'طالبًا',
    other: 'طالب',
  };

  it('follows 1, 2, 3–10 and 11–99', () => {
    expect(pluralize(1, student)).toBe('طالب واحد');
    expect(pluralize(2, student)).toBe('طالبان');
    expect(pluralize(3, student)).toBe('3 طلاب');
    expect(pluralize(10, student)).toBe('10 طلاب');
    expect(pluralize(11, student)).toBe('11 طالبًا');
    expect(pluralize(99, student)).toBe('99 طالبًا');
  });

  it('reads numbers above 99 by their last two digits, as Intl.PluralRules("ar") does', () => {
    expect(pluralize(100, student)).toBe('100 طالب');
    expect(pluralize(101, student)).toBe('101 طالب');
    expect(pluralize(102, student)).toBe('102 طالب');
    expect(pluralize(103, student)).toBe('103 طلاب');
    expect(pluralize(111, student)).toBe('111 طالبًا');
    expect(pluralize(1500, student)).toBe('1,500 طالب');
    // Without an `other` form, 100 takes `many` (the web app's nouns).
    const { other: _other, ...withoutOther } = student;
    expect(pluralize(100, withoutOther)).toBe('100 طالبًا');
  });
});
