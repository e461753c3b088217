import { z } from '../zod';
import { EXAM_CODE_MAX_LENGTH, ESSAY_ANSWER_MAX_LENGTH } from '../constants';
import {
  answerAttemptSchema,
  examDetailsSchema,
  examResultSchema,
  examResultSessionSchema,
  examSessionSchema,
  questionSchema,
} from '../entities/exam';
import { VALIDATION_MESSAGES, imageFileSchema } from '../fields';
import { isoDateTimeSchema } from '../datetime';
import { normalizeCode } from '../normalize-input';
import { idField, idSchema, safeString } from '../primitives';

const sessionTokenSchema = safeString(VALIDATION_MESSAGES.fieldRequired)
  .min(1, { error: VALIDATION_MESSAGES.fieldRequired })
  .max(200, { error: VALIDATION_MESSAGES.tooLong });
const answerTextSchema = safeString().max(ESSAY_ANSWER_MAX_LENGTH, {
  error: VALIDATION_MESSAGES.tooLong,
});
/**
 * The client's count of its own changes to answers, rising with each one: the server keeps the
 * answer with the highest, so an older answer replayed late never overwrites a newer one.
 */
const answerSeqSchema = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 31 - 1);

/** GET /exams/details?exam_code= — the code as typed, normalised like a card code. */
export const getExamDetailsQuerySchema = z.object({
  exam_code: safeString(VALIDATION_MESSAGES.fieldRequired)
    .transform(normalizeCode)
    .pipe(
      z
        .string()
        .min(1, { error: VALIDATION_MESSAGES.fieldRequired })
        .max(EXAM_CODE_MAX_LENGTH, { error: VALIDATION_MESSAGES.tooLong }),
    ),
});
export type GetExamDetailsQuery = z.infer<typeof getExamDetailsQuerySchema>;

/** → `{ data: ExamDetails }` */
export const getExamDetailsResponseSchema = z.object({ data: examDetailsSchema });
export type GetExamDetailsResponse = z.infer<typeof getExamDetailsResponseSchema>;

/** POST /exams/session */
export const startExamSessionBodySchema = z.object({
  exam_id: idSchema(),
});
export type StartExamSessionBody = z.infer<typeof startExamSessionBodySchema>;

/**
 * → `{ data: { token } }`. Idempotent: when the student already has a session of this exam
 * its token is returned, so continue / view result / view session use the same call.
 */
export const startExamSessionResponseSchema = z.object({ data: z.object({ token: z.string() }) });
export type StartExamSessionResponse = z.infer<typeof startExamSessionResponseSchema>;

/** GET /exams/session?session_token= */
export const getExamSessionQuerySchema = z.object({ session_token: sessionTokenSchema });
export type GetExamSessionQuery = z.infer<typeof getExamSessionQuerySchema>;

/** → everything the session screen needs; `result` is null until submitted or when hidden. */
export const getExamSessionResponseSchema = z.object({
  session: examSessionSchema,
  exam: examDetailsSchema,
  questions: z.array(questionSchema),
  answer_attempts: z.array(answerAttemptSchema),
  result: examResultSchema.nullable(),
});
export type GetExamSessionResponse = z.infer<typeof getExamSessionResponseSchema>;

/**
 * One answer as sent: the chosen option of a choices/truefalse question, or the text of an
 * essay (an empty text clears it).
 */
export const examAnswerInputSchema = z
  .object({
    question_id: idSchema(),
    chosen_answer: idSchema().nullish(),
    answer_text: answerTextSchema.nullish(),
    /** Optional; without it the answer simply replaces what is saved. */
    seq: answerSeqSchema.optional(),
  })
  .refine((a) => a.chosen_answer != null || a.answer_text != null, {
    error: 'اختر إجابة أو اكتبها',
  });
export type ExamAnswerInput = z.infer<typeof examAnswerInputSchema>;

/** POST /exams/session/answers: saved at once, one or more answers. */
export const saveExamAnswersBodySchema = z.object({
  session_token: sessionTokenSchema,
  answers: z.array(examAnswerInputSchema).min(1).max(500),
});
export type SaveExamAnswersBody = z.infer<typeof saveExamAnswersBodySchema>;

/** → `{ remaining_seconds, answer_attempts }`; the client resyncs its countdown from it. */
export const saveExamAnswersResponseSchema = z.object({
  remaining_seconds: examSessionSchema.shape.remaining_seconds,
  answer_attempts: z.array(answerAttemptSchema),
});
export type SaveExamAnswersResponse = z.infer<typeof saveExamAnswersResponseSchema>;

/**
 * POST /exams/session/answers/image (multipart). A file replaces the question's image; no
 * file removes it, which is how the client sends a removal.
 */
export const saveExamImageAnswerBodySchema = z.object({
  session_token: sessionTokenSchema,
  question_id: idField(),
  answer_text: answerTextSchema.optional(),
  answer_image: imageFileSchema.optional(),
  /** As in a text answer (a form field, so sent as text). */
  seq: z.coerce.number().pipe(answerSeqSchema).optional(),
});
export type SaveExamImageAnswerBody = z.infer<typeof saveExamImageAnswerBodySchema>;

/** → the same as a text answer. */
export const saveExamImageAnswerResponseSchema = saveExamAnswersResponseSchema;
export type SaveExamImageAnswerResponse = SaveExamAnswersResponse;

/** POST /exams/session/submit with every answer the client holds (possibly none). */
export const submitExamSessionBodySchema = z.object({
  session_token: sessionTokenSchema,
  answers: z.array(examAnswerInputSchema).max(500),
});
export type SubmitExamSessionBody = z.infer<typeof submitExamSessionBodySchema>;

/**
 * → `{ result, answer_attempts, questions }`. `result` is null when the exam hides it;
 * correct answers and explanations appear only when the detailed result is allowed.
 */
export const submitExamSessionResponseSchema = z.object({
  result: examResultSchema.nullable(),
  answer_attempts: z.array(answerAttemptSchema),
  questions: z.array(questionSchema),
});
export type SubmitExamSessionResponse = z.infer<typeof submitExamSessionResponseSchema>;

/** GET /exams/results → `{ data: ExamResultSession[] }`, newest first. */
export const getExamResultsResponseSchema = z.object({ data: z.array(examResultSessionSchema) });
export type GetExamResultsResponse = z.infer<typeof getExamResultsResponseSchema>;

/** GET /exams/homeworks/results → the same list, of homework sessions. */
export const getHomeworkResultsResponseSchema = getExamResultsResponseSchema;
export type GetHomeworkResultsResponse = GetExamResultsResponse;

/** GET /exams/answers/{id}/image?at= — an essay answer's image, through a signed short-lived link. */
export const getAnswerImageQuerySchema = z.object({ at: z.string().max(1000).optional() });
export type GetAnswerImageQuery = z.infer<typeof getAnswerImageQuerySchema>;

// ---------------------------------------------------------------------------------------------
// The integrity record (issue 26, ADR 044): what the exam page reports, through its own outbox.

/** What the exam page reports: left the page or the app, came back, offline, online, reloaded. */
export const EXAM_CLIENT_EVENT_KINDS = [
  'hidden',
  'visible',
  'offline',
  'online',
  'reload',
] as const;
/** What the server sees itself: the first opening, another device, another address. */
export const EXAM_SERVER_EVENT_KINDS = ['opened', 'second_device', 'new_address'] as const;
export type ExamEventKind =
  (typeof EXAM_CLIENT_EVENT_KINDS)[number] | (typeof EXAM_SERVER_EVENT_KINDS)[number];
/** Events a session keeps at the most; later ones are dropped (a page stuck in a loop). */
export const EXAM_EVENTS_MAX = 2000;

export const examEventInputSchema = z.object({
  /** The client's own id of the event: sent again from the outbox, it is kept once. */
  id: safeString(VALIDATION_MESSAGES.fieldRequired).regex(/^[A-Za-z0-9_-]{8,64}$/, {
    error: VALIDATION_MESSAGES.fieldRequired,
  }),
  kind: z.enum(EXAM_CLIENT_EVENT_KINDS, { error: VALIDATION_MESSAGES.choice }),
  /** When it happened by the device's clock; the server stamps its own time as well. */
  at: isoDateTimeSchema,
});
export type ExamEventInput = z.infer<typeof examEventInputSchema>;

export const saveExamEventsBodySchema = z.object({
  session_token: sessionTokenSchema,
  events: z.array(examEventInputSchema).min(1).max(100),
});
export type SaveExamEventsBody = z.infer<typeof saveExamEventsBodySchema>;

/** → how many of the events were new (a replay records nothing twice). */
export const saveExamEventsResponseSchema = z.object({ recorded: z.number().int().nonnegative() });
export type SaveExamEventsResponse = z.infer<typeof saveExamEventsResponseSchema>;
