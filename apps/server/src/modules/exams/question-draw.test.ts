import { describe, expect, it } from 'vitest';
import {
  availableCounts,
  drawQuestions,
  fits,
  storedTags,
  tagList,
  type DrawCandidate,
} from './question-draw';

/** The draw of ADR 046 on small pools whose answers are worked out by hand. */

const q = (id: number, over: Partial<DrawCandidate> = {}): DrawCandidate => ({
  id,
  bank_id: 1,
  tags: null,
  difficulty: 'easy',
  mark: 1,
  ...over,
});
const rule = (id: number, over: Partial<Parameters<typeof fits>[0]> = {}) => ({
  id,
  bank_id: 1,
  tag: null,
  difficulty: null,
  mark: 1,
  count: 1,
  ...over,
});

describe('which questions a rule may draw', () => {
  it('takes its bank, exactly its mark, its difficulty and a whole tag', () => {
    const r = rule(1, { tag: 'حركة', difficulty: 'hard', mark: 2 });
    expect(fits(r, q(1, { tags: '|حركة|', difficulty: 'hard', mark: 2 }))).toBe(true);
    expect(fits(r, q(2, { tags: '|حركة|', difficulty: 'hard', mark: 1 }))).toBe(false);
    expect(fits(r, q(3, { tags: '|حركة|', difficulty: 'easy', mark: 2 }))).toBe(false);
    expect(fits(r, q(4, { tags: '|حركة|', difficulty: 'hard', mark: 2, bank_id: 2 }))).toBe(false);
    // «حركة» is not «حركة دائرية»'s tag, nor the other way round.
    expect(fits(r, q(5, { tags: '|حركة دائرية|', difficulty: 'hard', mark: 2 }))).toBe(false);
    expect(fits(rule(2), q(6, { tags: null }))).toBe(true);
  });

  it('stores tags as |a|b|, trimmed and once each', () => {
    expect(storedTags([' حركة', 'طاقة', 'حركة', ''])).toBe('|حركة|طاقة|');
    expect(storedTags([])).toBeNull();
    expect(tagList('|حركة|طاقة|')).toEqual(['حركة', 'طاقة']);
    expect(tagList(null)).toEqual([]);
  });
});

describe('a draw', () => {
  // Two hard questions (1, 2) and two easy (3, 4). Rule 10: any two; rule 20: two hard ones.
  const pool = [q(1, { difficulty: 'hard' }), q(2, { difficulty: 'hard' }), q(3), q(4)];
  const anyTwo = rule(10, { count: 2 });
  const twoHard = rule(20, { count: 2, difficulty: 'hard' });

  it('serves overlapping rules whenever it can: the hard ones always go to the rule that needs them', () => {
    for (let i = 0; i < 200; i++) {
      const { ids, missing } = drawQuestions(`key-${i}`, [anyTwo, twoHard], pool);
      expect(missing).toBe(0);
      expect([...ids.slice(0, 2)].sort()).toEqual([3, 4]);
      expect([...ids.slice(2)].sort()).toEqual([1, 2]);
    }
  });

  it('says how many are missing when the rules ask for more than there is: 2 + 2 of 3', () => {
    const { ids, missing } = drawQuestions('k', [anyTwo, twoHard], pool.slice(0, 3));
    expect(missing).toBe(1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(3);
  });

  it('is the same for one key and differs between keys', () => {
    const big = Array.from({ length: 20 }, (_, i) => q(i + 1));
    const five = rule(1, { count: 5 });
    expect(drawQuestions('a', [five], big)).toEqual(drawQuestions('a', [five], big));
    const sets = new Set(
      Array.from({ length: 20 }, (_, i) => drawQuestions(`s${i}`, [five], big).ids.join(',')),
    );
    // 15,504 sets of five: twenty keys giving fewer than ten different ones is no draw.
    expect(sets.size).toBeGreaterThan(10);
  });

  it('uses every question about as often (no question favoured)', () => {
    const ten = Array.from({ length: 10 }, (_, i) => q(i + 1));
    const times = new Map<number, number>();
    for (let i = 0; i < 2000; i++) {
      for (const id of drawQuestions(`t${i}`, [rule(1, { count: 3 })], ten).ids) {
        times.set(id, (times.get(id) ?? 0) + 1);
      }
    }
    // 2000 × 3 / 10 = 600 each; a fair draw stays well within ±20 %.
    for (let id = 1; id <= 10; id++) {
      expect(times.get(id)).toBeGreaterThan(480);
      expect(times.get(id)).toBeLessThan(720);
    }
  });

  it('counts what each rule could draw on its own', () => {
    expect(availableCounts([anyTwo, twoHard, rule(30, { mark: 2 })], pool)).toEqual([4, 2, 0]);
  });
});
