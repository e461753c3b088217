import { describe, expect, it } from 'vitest';
import { videoViewMessageSchema } from '@dars/contract';
import { isVideoViewMessage, readVideoViewMessage } from './video-view-message';

const good = {
  type: 'dars:video-view',
  video_id: 4,
  views_limit: 3,
  counted_views: 1,
  remaining_views: 2,
  counted: true,
};

describe("the player's view message, checked without zod (ADR 041)", () => {
  it("takes exactly what the contract's schema takes", () => {
    const messages: [unknown, boolean][] = [
      [good, true],
      [{ ...good, views_limit: null, remaining_views: null, counted: false }, true],
      [{ ...good, counted_views: 0, remaining_views: 0 }, true],
      [{ ...good, extra: 'kept out' }, true],
      [{ ...good, type: 'dars:other' }, false],
      [{ ...good, video_id: 0 }, false],
      [{ ...good, video_id: 1.5 }, false],
      [{ ...good, video_id: '4' }, false],
      [{ ...good, views_limit: 0 }, false],
      [{ ...good, counted_views: -1 }, false],
      [{ ...good, remaining_views: -1 }, false],
      [{ ...good, remaining_views: undefined }, false],
      [{ ...good, counted: 'yes' }, false],
      [{ ...good, counted: undefined }, false],
      [{ ...good, counted_views: Number.NaN }, false],
      [[good], false],
      [null, false],
      ['dars:video-view', false],
    ];
    for (const [message, taken] of messages) {
      expect(isVideoViewMessage(message), JSON.stringify(message)).toBe(taken);
      expect(videoViewMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(
        taken,
      );
    }
  });

  it("reads the figures only from our player's frame, for the video it plays", () => {
    const frame = {
      origin: 'https://school.example',
      window: {} as MessageEventSource,
      videoId: 4,
    };
    const from = (data: unknown, over: Partial<MessageEvent> = {}) =>
      readVideoViewMessage({ origin: frame.origin, source: frame.window, data, ...over }, frame);
    expect(from(good)).toEqual({ views_limit: 3, counted_views: 1, remaining_views: 2 });
    expect(from({ ...good, video_id: 5 })).toBeNull();
    expect(from(good, { origin: 'https://evil.example' })).toBeNull();
    expect(from(good, { source: {} as MessageEventSource })).toBeNull();
    expect(from({ ...good, counted_views: -1 })).toBeNull();
  });
});
