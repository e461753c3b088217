import { describe, expect, it } from 'vitest';
import type { AnswerAttempt } from '@dars/contract';
import { isSolved, localAnswers, mergeAttempts } from './answer-state';

function attempt(overrides: Partial<AnswerAttempt> & { question_id: number }): AnswerAttempt {
  return {
    id: overrides.question_id * 10,
    answer_id: null,
    answer_text: null,
    answer_image: null,
    correct: null,
    question_mark: 1,
    correction_mark: null,
    ...overrides,
  };
}

describe('localAnswers', () => {
  it('lays what waits in the outbox over what the server saved', () => {
    const answers = localAnswers(
      [
        attempt({ question_id: 1, answer_id: 11 }),
        attempt({ question_id: 2, answer_text: 'قديم' }),
      ],
      [
        { question_id: 1, chosen_answer: 12, seq: 5 },
        { question_id: 3, answer_text: 'جديد', seq: 6 },
      ],
      [],
    );
    expect(answers.get(1)?.chosen).toBe(12);
    expect(answers.get(2)?.text).toBe('قديم');
    expect(answers.get(3)?.text).toBe('جديد');
  });

  it('applies text and image changes of one essay in seq order', () => {
    const file = new Blob(['x'], { type: 'image/png' });
    const base = [attempt({ question_id: 4, answer_text: 'أ', answer_image: '/img/1' })];
    const removedLast = localAnswers(
      base,
      [{ question_id: 4, answer_text: 'ب', seq: 7 }],
      [{ question_id: 4, image: null, answer_text: 'ب', seq: 8 }],
    ).get(4)!;
    expect(removedLast).toEqual({ chosen: null, text: 'ب', image: null });

    const typedAfterUpload = localAnswers(
      base,
      [{ question_id: 4, answer_text: 'ج', seq: 9 }],
      [{ question_id: 4, image: file, answer_text: 'ب', seq: 8 }],
    ).get(4)!;
    expect(typedAfterUpload).toEqual({ chosen: null, text: 'ج', image: { blob: file } });
  });
});

describe('isSolved', () => {
  it('counts a choice, a text or an image, not blank text', () => {
    expect(isSolved(undefined)).toBe(false);
    expect(isSolved({ chosen: null, text: '  \n', image: null })).toBe(false);
    expect(isSolved({ chosen: 3, text: '', image: null })).toBe(true);
    expect(isSolved({ chosen: null, text: 'نص', image: null })).toBe(true);
    expect(isSolved({ chosen: null, text: '', image: { url: '/i' } })).toBe(true);
  });
});

describe('mergeAttempts', () => {
  it('replaces returned answers and forgets a sent one the server no longer has', () => {
    const saved = [
      attempt({ question_id: 1, answer_id: 11 }),
      attempt({ question_id: 2, answer_text: 'نص' }),
    ];
    const merged = mergeAttempts(saved, [attempt({ question_id: 3, answer_id: 31 })], [2, 3]);
    expect(merged.map((a) => a.question_id).sort()).toEqual([1, 3]);
  });
});
