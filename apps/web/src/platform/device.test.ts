import { describe, expect, it } from 'vitest';
import { isPhoneOrTablet } from './device';

describe('isPhoneOrTablet', () => {
  it('recognises phones and tablets by their user agent', () => {
    expect(
      isPhoneOrTablet({ userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari' }),
    ).toBe(true);
    expect(isPhoneOrTablet({ userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' })).toBe(true);
    expect(isPhoneOrTablet({ userAgent: 'Mozilla/5.0 (iPad; CPU OS 16_0)' })).toBe(true);
  });

  it('counts an iPad that reports itself as a Mac', () => {
    expect(
      isPhoneOrTablet({
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
        platform: 'MacIntel',
        maxTouchPoints: 5,
      }),
    ).toBe(true);
  });

  it('leaves desktop browsers out', () => {
    expect(
      isPhoneOrTablet({
        userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)',
        platform: 'MacIntel',
        maxTouchPoints: 0,
      }),
    ).toBe(false);
    expect(isPhoneOrTablet({ userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' })).toBe(false);
  });
});
