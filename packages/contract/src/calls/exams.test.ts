import { describe, expect, it } from 'vitest';
import {
  getExamDetailsQuerySchema,
  saveExamAnswersBodySchema,
  saveExamImageAnswerBodySchema,
} from './exams';

describe('getExamDetailsQuerySchema', () => {
  it('normalises a typed code and refuses an empty one', () => {
    expect(getExamDetailsQuerySchema.parse({ exam_code: ' AB ١٢ ' })).toEqual({
      exam_code: 'AB12',
    });
    expect(getExamDetailsQuerySchema.safeParse({ exam_code: '  ' }).success).toBe(false);
  });
});

describe('saveExamAnswersBodySchema', () => {
  it('takes a choice or a text, and an empty text clears an essay', () => {
    const body = {
      session_token: 't',
      answers: [
        { question_id: 1, chosen_answer: 4 },
        { question_id: 2, answer_text: '' },
      ],
    };
    expect(saveExamAnswersBodySchema.parse(body)).toEqual(body);
  });

  it('refuses an answer that carries neither', () => {
    expect(
      saveExamAnswersBodySchema.safeParse({ session_token: 't', answers: [{ question_id: 1 }] })
        .success,
    ).toBe(false);
  });
});

describe('saveExamImageAnswerBodySchema', () => {
  it('reads multipart fields; no file means the image is removed', () => {
    expect(saveExamImageAnswerBodySchema.parse({ session_token: 't', question_id: '9' })).toEqual({
      session_token: 't',
      question_id: 9,
    });
    const image = new File(['x'], 'a.jpg', { type: 'image/jpeg' });
    expect(
      saveExamImageAnswerBodySchema.parse({
        session_token: 't',
        question_id: '9',
        answer_image: image,
      }).answer_image,
    ).toBe(image);
  });
});
