import type {
  AnswerAttempt,
  ExamDetails,
  ExamResult,
  ExamResultSession,
  GetExamSessionResponse,
  Question,
} from '@dars/contract';

/** An exam as the entry shows it: 30 minutes, 3 questions, no session yet. */
export function examDetailsFixture(overrides: Partial<ExamDetails> = {}): ExamDetails {
  return {
    id: 12,
    name: 'امتحان الجبر الشهري',
    description: 'الوحدة الأولى والثانية',
    duration: 30,
    questions_count: 3,
    active_session: false,
    has_session: false,
    show_result: true,
    show_detailed_result: true,
    shuffled_answers: false,
    enable_images_answers: true,
    ...overrides,
  };
}

/** Three questions: choices (101), true/false (102), essay (103); nothing disclosed. */
export function questionsFixture(): Question[] {
  return [
    {
      id: 101,
      type: 'choices',
      text: 'ما ناتج 2 + 3؟',
      image_url: null,
      answers: [
        { id: 1011, text: '4', image_url: null, correct: null },
        { id: 1012, text: '5', image_url: null, correct: null },
        { id: 1013, text: '6', image_url: null, correct: null },
      ],
      answer_explain_text: null,
      answer_explain_image: null,
    },
    {
      id: 102,
      type: 'truefalse',
      text: 'الصفر عدد زوجي.',
      image_url: '/uploads/q102.png',
      answers: [
        { id: 1021, text: 'صواب', image_url: null, correct: null },
        { id: 1022, text: 'خطأ', image_url: null, correct: null },
      ],
      answer_explain_text: null,
      answer_explain_image: null,
    },
    {
      id: 103,
      type: 'essay',
      text: 'اشرح خاصية التوزيع.',
      image_url: null,
      answers: [],
      answer_explain_text: null,
      answer_explain_image: null,
    },
  ];
}

export function attemptFixture(
  overrides: Partial<AnswerAttempt> & { question_id: number },
): AnswerAttempt {
  return {
    id: overrides.question_id * 10,
    answer_id: null,
    answer_text: null,
    answer_image: null,
    correct: null,
    question_mark: 2,
    correction_mark: null,
    ...overrides,
  };
}

/** A running session of the exam fixture with 20 minutes left and no answers. */
export function sessionFixture(
  overrides: Partial<GetExamSessionResponse> = {},
): GetExamSessionResponse {
  return {
    session: { token: 'tok-1', active: true, remaining_seconds: 1200 },
    exam: examDetailsFixture({ active_session: true, has_session: true }),
    questions: questionsFixture(),
    answer_attempts: [],
    result: null,
    ...overrides,
  };
}

export function resultFixture(overrides: Partial<ExamResult> = {}): ExamResult {
  return {
    succeeded: true,
    correction_percentage: 66.67,
    correction_mark: 4,
    total_mark: 6,
    correct_answer_attempts: 2,
    wrong_answer_attempts: 0,
    time_taken: 754,
    ...overrides,
  };
}

export function resultSessionFixture(
  overrides: Partial<ExamResultSession> = {},
): ExamResultSession {
  return {
    id: 501,
    exam: { exam_code: 'G1001', name: 'امتحان الجبر الشهري', show_result: true },
    start_time: '2026-11-20T09:00:00.000Z',
    corrected: true,
    succeeded: true,
    correction_mark: 4,
    total_mark: 6,
    ...overrides,
  };
}
