import { describe, expect, it } from 'vitest';
import type { CourseSummary } from '@dars/contract';
import { withJoinedBytes } from './joined-bytes';

const card = (id: number, name: string): CourseSummary =>
  ({ id, name, joined: false }) as unknown as CourseSummary;

describe('withJoinedBytes', () => {
  it('turns on exactly the flags of the cards the student joined, even past a name that spells a flag', async () => {
    // A name holding the flag's text: inside a JSON string its quotes are escaped.
    const cards = [card(1, 'أ "joined":false ب'), card(2, 'ثانية'), card(3, 'ثالثة')];
    const flagged = [cards[0]!, { ...cards[1]!, joined: true }, cards[2]!];
    const bytes = Buffer.from(JSON.stringify({ data: cards, links: { next: null } }));
    const out = withJoinedBytes(bytes, cards, flagged);
    expect(out?.toString()).toBe(JSON.stringify({ data: flagged, links: { next: null } }));
    const all = cards.map((c) => ({ ...c, joined: true }));
    expect(withJoinedBytes(bytes, cards, all)?.toString()).toBe(
      JSON.stringify({ data: all, links: { next: null } }),
    );
  });

  it('gives up when the bytes do not hold one flag per card', async () => {
    const cards = [card(1, 'أولى'), card(2, 'ثانية')];
    const flagged = [{ ...cards[0]!, joined: true }, cards[1]!];
    const one = Buffer.from(JSON.stringify({ data: [cards[0]] }));
    expect(withJoinedBytes(one, cards, flagged)).toBeUndefined();
    const three = Buffer.from(JSON.stringify({ data: [...cards, card(3, 'ثالثة')] }));
    expect(withJoinedBytes(three, cards, flagged)).toBeUndefined();
  });
});
