import { describe, expect, it } from 'vitest';
import { DESCRIPTION_TRUNCATE } from '@dars/contract';
import { truncateDescription } from './truncate-description';

describe('truncateDescription', () => {
  it('keeps a description within the limit as it is', () => {
    const text = 'أ'.repeat(DESCRIPTION_TRUNCATE.phone);
    expect(truncateDescription(text, DESCRIPTION_TRUNCATE.phone)).toEqual({
      text,
      truncated: false,
    });
  });

  it('cuts a longer one at the limit with an ellipsis', () => {
    const text = 'ب'.repeat(DESCRIPTION_TRUNCATE.desktop + 1);
    const result = truncateDescription(text, DESCRIPTION_TRUNCATE.desktop);
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${'ب'.repeat(DESCRIPTION_TRUNCATE.desktop)}…`);
  });

  it('ends on a whole word when one ends near the limit', () => {
    expect(truncateDescription('شرح كامل لمنهج الجبر', 12)).toEqual({
      text: 'شرح كامل…',
      truncated: true,
    });
  });

  it('uses 200 characters on phones and 350 on desktop', () => {
    const words = Array.from({ length: 100 }, () => 'كلمة').join(' ');
    const phone = truncateDescription(words, DESCRIPTION_TRUNCATE.phone);
    const desktop = truncateDescription(words, DESCRIPTION_TRUNCATE.desktop);
    expect(Array.from(phone.text).length).toBeLessThanOrEqual(201);
    expect(Array.from(phone.text).length).toBeGreaterThan(170);
    expect(Array.from(desktop.text).length).toBeLessThanOrEqual(351);
    expect(Array.from(desktop.text).length).toBeGreaterThan(320);
  });

  it('never splits a character made of two code units', () => {
    const result = truncateDescription('😀😀😀', 2);
    expect(result.text).toBe('😀😀…');
  });
});
