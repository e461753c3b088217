import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil, shouldResync, timerTone } from './exam-timer';

describe('timerTone', () => {
  it('is plain from 600 s up', () => {
    expect(timerTone(600)).toBe('default');
    expect(timerTone(3600)).toBe('default');
  });

  it('turns orange under 600 s', () => {
    expect(timerTone(599)).toBe('warning');
    expect(timerTone(180)).toBe('warning');
  });

  it('turns red under 180 s', () => {
    expect(timerTone(179)).toBe('error');
    expect(timerTone(0)).toBe('error');
  });
});

describe('shouldResync', () => {
  it('keeps the local countdown within 2 s of the server', () => {
    expect(shouldResync(300, 298)).toBe(false);
    expect(shouldResync(300, 302)).toBe(false);
    expect(shouldResync(300, 300)).toBe(false);
  });

  it('takes the server time when it differs by more than 2 s, either way', () => {
    expect(shouldResync(300, 297)).toBe(true);
    expect(shouldResync(300, 303)).toBe(true);
  });
});

describe('secondsUntil', () => {
  it('rounds up and never goes below 0', () => {
    expect(secondsUntil(10_001, 10_000)).toBe(1);
    expect(secondsUntil(10_000, 10_000)).toBe(0);
    expect(secondsUntil(5_000, 10_000)).toBe(0);
  });
});

describe('formatCountdown', () => {
  it('reads m:ss under an hour and h:mm:ss from an hour up', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(75)).toBe('1:15');
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(3725)).toBe('1:02:05');
  });
});
