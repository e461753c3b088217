import { describe, expect, it } from 'vitest';
import { lectureGrant } from './lecture-access';

// The access rules as a pure function, down to the millisecond the expiry comes.

const NOW = '2026-03-10T12:00:00.000Z';
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.parse(NOW) - ms).toISOString();
const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
const lecture = (over: { expiry_days?: number | null; preview?: number } = {}) => ({
  expiry_days: null,
  preview: 0,
  ...over,
});

describe('a lecture of a course bought as a whole', () => {
  it('is shut before joining, open after, and counts views from joining', () => {
    expect(lectureGrant(lecture(), 'course', null, undefined, NOW)).toEqual({
      purchased: false,
      expired: false,
      hasAccess: false,
      since: null,
    });
    expect(lectureGrant(lecture(), 'course', ago(DAY), undefined, NOW)).toEqual({
      purchased: true,
      expired: false,
      hasAccess: true,
      since: ago(DAY),
    });
  });

  it('ignores lecture purchases: only joining opens it', () => {
    const purchase = { created_at: ago(DAY), expires_at: null };
    expect(lectureGrant(lecture(), 'course', null, purchase, NOW)).toMatchObject({
      purchased: false,
      hasAccess: false,
    });
  });

  it('expires its expiry days after joining, exactly then and not before', () => {
    const joined = ago(5 * DAY);
    const grant = (now: string) =>
      lectureGrant(lecture({ expiry_days: 5 }), 'course', joined, undefined, now);
    expect(grant(NOW)).toMatchObject({ purchased: true, expired: true, hasAccess: false });
    expect(grant(ago(1))).toMatchObject({ purchased: true, expired: false, hasAccess: true });
    expect(grant(later(1))).toMatchObject({ expired: true, hasAccess: false });
  });

  it('never expires without expiry days, and nothing expires before joining', () => {
    expect(lectureGrant(lecture(), 'course', ago(1000 * DAY), undefined, NOW).expired).toBe(false);
    expect(lectureGrant(lecture({ expiry_days: 1 }), 'course', null, undefined, NOW)).toEqual({
      purchased: false,
      expired: false,
      hasAccess: false,
      since: null,
    });
  });

  it('opens a preview to everyone, counting its views from the start of time before joining', () => {
    expect(lectureGrant(lecture({ preview: 1 }), 'course', null, undefined, NOW)).toEqual({
      purchased: false,
      expired: false,
      hasAccess: true,
      since: new Date(0).toISOString(),
    });
    // After joining the views count from joining, and the preview stays open when expired.
    expect(
      lectureGrant(lecture({ preview: 1, expiry_days: 1 }), 'course', ago(2 * DAY), undefined, NOW),
    ).toEqual({ purchased: true, expired: true, hasAccess: true, since: ago(2 * DAY) });
  });
});

describe('a lecture of a course sold lecture by lecture', () => {
  it('is shut without a purchase, even when joined or a preview', () => {
    for (const l of [lecture(), lecture({ preview: 1 })]) {
      expect(lectureGrant(l, 'lectures', ago(DAY), undefined, NOW)).toEqual({
        purchased: false,
        expired: false,
        hasAccess: false,
        since: null,
      });
    }
  });

  it('is open from its latest purchase, which its views count from', () => {
    const purchase = { created_at: ago(DAY), expires_at: null };
    expect(lectureGrant(lecture(), 'lectures', null, purchase, NOW)).toEqual({
      purchased: true,
      expired: false,
      hasAccess: true,
      since: ago(DAY),
    });
  });

  it("expires at its purchase's expiry, exactly then and not before", () => {
    const grant = (expiresAt: string) =>
      lectureGrant(
        lecture(),
        'lectures',
        null,
        { created_at: ago(DAY), expires_at: expiresAt },
        NOW,
      );
    expect(grant(NOW)).toEqual({
      purchased: true,
      expired: true,
      hasAccess: false,
      since: ago(DAY),
    });
    expect(grant(ago(1))).toMatchObject({ expired: true, hasAccess: false });
    expect(grant(later(1))).toMatchObject({ expired: false, hasAccess: true });
  });
});
