import { describe, expect, it } from 'vitest';
import type { StaffQuestion } from '@dars/contract';
import { isLongAnswer, studentOrder } from './preview-order';

const opt = (id: number, text: string, correct = false) => ({ id, text, image_url: null, correct });
const q = (id: number, position: number, type: StaffQuestion['type'], n = 0): StaffQuestion => ({
  id,
  exam_id: 1,
  bank_id: null,
  difficulty: null,
  tags: [],
  position,
  type,
  text: `q${id}`,
  image_url: null,
  mark: 1,
  answer_explain_text: 'شرح',
  answer_explain_image: null,
  answers: Array.from({ length: n }, (_, i) => opt(id * 10 + i, `o${i}`, i === 0)),
});

describe('studentOrder', () => {
  it('orders questions by position then id, and drops the right answers', () => {
    const out = studentOrder([q(3, 1, 'essay'), q(2, 0, 'choices', 2), q(1, 1, 'essay')], null);
    expect(out.map((x) => x.id)).toEqual([2, 1, 3]);
    expect(out[0]!.answers[0]).toEqual({ id: 20, text: 'o0', image_url: null });
    expect(JSON.stringify(out)).not.toContain('correct');
    expect(JSON.stringify(out)).not.toContain('شرح');
  });

  it('shuffles choices only, the same way for the same key', () => {
    const choices = q(1, 0, 'choices', 8);
    const tf = q(2, 1, 'truefalse', 2);
    const a = studentOrder([choices, tf], 'k1');
    expect(a[0]!.answers.map((o) => o.id)).not.toEqual(choices.answers.map((o) => o.id));
    expect([...a[0]!.answers.map((o) => o.id)].sort()).toEqual(choices.answers.map((o) => o.id));
    expect(a[1]!.answers.map((o) => o.id)).toEqual([20, 21]);
    expect(studentOrder([choices, tf], 'k1')).toEqual(a);
    expect(studentOrder([choices], null)[0]!.answers.map((o) => o.id)).toEqual(
      choices.answers.map((o) => o.id),
    );
  });

  it('gives a long option (over 40 characters or with an image) a row', () => {
    expect(isLongAnswer({ text: 'صواب', image_url: null })).toBe(false);
    expect(isLongAnswer({ text: 'x'.repeat(41), image_url: null })).toBe(true);
    expect(isLongAnswer({ text: '', image_url: '/storage/a.png' })).toBe(true);
  });
});
