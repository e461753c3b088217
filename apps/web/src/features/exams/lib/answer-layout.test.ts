import { describe, expect, it } from 'vitest';
import { isLongAnswer } from './answer-layout';

describe('isLongAnswer', () => {
  it('gives answers over 40 characters a row of their own', () => {
    expect(isLongAnswer({ text: 'أ'.repeat(40), image_url: null })).toBe(false);
    expect(isLongAnswer({ text: 'أ'.repeat(41), image_url: null })).toBe(true);
  });

  it('gives an answer with an image a row of its own, however short', () => {
    expect(isLongAnswer({ text: 'أ', image_url: '/q/1.png' })).toBe(true);
  });
});
