import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMoney, formatNumber, formatRelativeTime, pluralize } from './format';

const course = { one: 'دورة', two: 'دورتان', few: 'دورات', many: 'دورة' };

describe('formatMoney', () => {
  it('shows two decimals and the pound word', () => {
    expect(formatMoney(150)).toBe('150.00 جنيه');
    expect(formatMoney(12.5)).toBe('12.50 جنيه');
  });

  it('separates thousands', () => {
    expect(formatMoney(1250.5)).toBe('1,250.50 جنيه');
    expect(formatMoney(1234567)).toBe('1,234,567.00 جنيه');
  });

  it('rounds to the piaster', () => {
    expect(formatMoney(0.005)).toBe('0.01 جنيه');
    expect(formatMoney(9.999)).toBe('10.00 جنيه');
  });

  it('shows zero and debits', () => {
    expect(formatMoney(0)).toBe('0.00 جنيه');
    // The Arabic locale marks the sign left-to-right so it stays before the digits in RTL text.
    expect(formatMoney(-75)).toBe('\u200e-75.00 جنيه');
  });

  it('uses Western digits', () => {
    expect(formatMoney(99)).not.toMatch(/[٠-٩]/);
  });
});

describe('formatNumber', () => {
  it('separates thousands without forcing decimals', () => {
    expect(formatNumber(12500)).toBe('12,500');
    expect(formatNumber(3)).toBe('3');
  });
});

describe('pluralize', () => {
  it('uses the singular alone for one', () => {
    expect(pluralize(1, course)).toBe('دورة');
  });

  it('uses the dual alone for two', () => {
    expect(pluralize(2, course)).toBe('دورتان');
  });

  it('uses the plural after 3 to 10', () => {
    expect(pluralize(3, course)).toBe('3 دورات');
    expect(pluralize(10, course)).toBe('10 دورات');
  });

  it('uses the singular after numbers above 10', () => {
    expect(pluralize(11, course)).toBe('11 دورة');
    expect(pluralize(100, course)).toBe('100 دورة');
    expect(pluralize(1500, course)).toBe('1,500 دورة');
  });

  it('reads zero with the number unless a zero form is given', () => {
    expect(pluralize(0, course)).toBe('0 دورة');
    expect(pluralize(0, { ...course, zero: 'لا توجد دورات' })).toBe('لا توجد دورات');
  });

  it('picks the form from the absolute value and keeps the sign', () => {
    expect(pluralize(-5, course)).toBe('\u200e-5 دورات');
  });

  it('treats fractions as many', () => {
    expect(pluralize(2.5, course)).toBe('2.5 دورة');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2024-06-01T12:00:00Z');
  const ago = (ms: number) => formatRelativeTime(now - ms, now);
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;

  it("says 'الآن' below a minute", () => {
    expect(ago(0)).toBe('الآن');
    expect(ago(59_999)).toBe('الآن');
  });

  it('counts minutes', () => {
    expect(ago(minute)).toBe('منذ دقيقة');
    expect(ago(2 * minute)).toBe('منذ دقيقتين');
    expect(ago(5 * minute + 30_000)).toBe('منذ 5 دقائق');
    expect(ago(45 * minute)).toBe('منذ 45 دقيقة');
  });

  it('counts hours', () => {
    expect(ago(hour)).toBe('منذ ساعة');
    expect(ago(3 * hour)).toBe('منذ 3 ساعات');
    expect(ago(23 * hour + 59 * minute)).toBe('منذ 23 ساعة');
  });

  it('counts days', () => {
    expect(ago(day)).toBe('منذ يوم');
    expect(ago(2 * day)).toBe('منذ يومين');
    expect(ago(12 * day)).toBe('منذ 12 يوماً');
    expect(ago(29 * day)).toBe('منذ 29 يوماً');
  });

  it('counts a month as 30 days', () => {
    expect(ago(30 * day)).toBe('منذ شهر');
    expect(ago(60 * day)).toBe('منذ شهرين');
    expect(ago(100 * day)).toBe('منذ 3 أشهر');
  });

  it('counts years of 365 days', () => {
    expect(ago(365 * day)).toBe('منذ سنة');
    expect(ago(2 * 365 * day)).toBe('منذ سنتين');
    expect(ago(11 * 365 * day)).toBe('منذ 11 سنة');
  });

  it('speaks of the future with بعد', () => {
    expect(formatRelativeTime(now + 3 * hour, now)).toBe('بعد 3 ساعات');
  });

  it('accepts ISO strings and dates', () => {
    expect(formatRelativeTime('2024-06-01T11:55:00Z', new Date(now))).toBe('منذ 5 دقائق');
    expect(formatRelativeTime(new Date(now - day), now)).toBe('منذ يوم');
  });

  it('gives an empty text for an invalid moment', () => {
    expect(formatRelativeTime('not a date', now)).toBe('');
  });
});

describe('formatFileSize', () => {
  it('uses the largest unit reached, with one decimal at most', () => {
    expect(formatFileSize(734)).toBe('734 بايت');
    expect(formatFileSize(1536)).toBe('1.5 كيلوبايت');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5 ميجابايت');
    expect(formatFileSize(1.25 * 1024 ** 3)).toBe('1.3 جيجابايت');
  });

  it('shows an empty file as 0 bytes', () => {
    expect(formatFileSize(0)).toBe('0 بايت');
  });
});
