import { describe, expect, it } from 'vitest';
import { badgeText } from './badge-text';

describe('badgeText', () => {
  it('shows nothing without unread notifications', () => {
    expect(badgeText(0)).toBe('');
  });

  it('shows the count up to 99', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
  });

  it("caps at '+99'", () => {
    expect(badgeText(100)).toBe('+99');
    expect(badgeText(5000)).toBe('+99');
  });
});
