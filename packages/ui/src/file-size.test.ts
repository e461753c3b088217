import { describe, expect, it } from 'vitest';
import { formatFileSize } from './format';

const units = {
  bytes: 'بايت',
  kilobytes: 'كيلوبايت',
  megabytes: 'ميجابايت',
  gigabytes: 'جيجابايت',
};

describe('formatFileSize', () => {
  it('uses the largest unit reached in 1024 steps, with one decimal at most', () => {
    expect(formatFileSize(0, units)).toBe('0 بايت');
    expect(formatFileSize(734, units)).toBe('734 بايت');
    expect(formatFileSize(1023, units)).toBe('1,023 بايت');
    expect(formatFileSize(1024, units)).toBe('1 كيلوبايت');
    expect(formatFileSize(1536, units)).toBe('1.5 كيلوبايت');
    expect(formatFileSize(1024 * 1024 - 1, units)).toBe('1,024 كيلوبايت');
    expect(formatFileSize(5 * 1024 * 1024, units)).toBe('5 ميجابايت');
    expect(formatFileSize(1.25 * 1024 ** 3, units)).toBe('1.3 جيجابايت');
    expect(formatFileSize(2 * 1024 ** 3, units)).toBe('2 جيجابايت');
  });

  it('stays in gigabytes above them, and reads a negative size as 0', () => {
    expect(formatFileSize(3 * 1024 ** 4, units)).toBe('3,072 جيجابايت');
    expect(formatFileSize(-5, units)).toBe('0 بايت');
  });

  it('writes the words it is given', () => {
    const latin = { bytes: 'B', kilobytes: 'KB', megabytes: 'MB', gigabytes: 'GB' };
    expect(formatFileSize(1536, latin)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024, latin)).toBe('5 MB');
  });
});
