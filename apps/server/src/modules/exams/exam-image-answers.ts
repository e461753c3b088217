import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  STAFF_PEOPLE_MESSAGES,
  VALIDATION_MESSAGES,
  endpoints,
  saveExamImageAnswerBodySchema,
  type SaveExamAnswersResponse,
} from '@dars/contract';
import type { AppContext } from '../../app-context';
import { AppError, fieldError } from '../../lib/app-error';
import { readUploadedForm } from '../../lib/multipart';
import { verifyToken } from '../../lib/signed-token';
import { imageTypeOf, sniffImage } from '../../lib/image-type';
import { answersReply, runningSession, writeAnswers } from './exam-service';

/**
 * POST /exams/session/answers/image: an essay's image (and text) while the session runs. The
 * image is judged by its bytes, kept in private storage and replaced or, with no file, removed
 * (ADR 016: Answers).
 */
export async function saveImageAnswer(
  ctx: AppContext,
  userId: number,
  /** The sign-in in use: a running session answers only its own (ADR 051). */
  tokenId: number,
  request: FastifyRequest,
): Promise<SaveExamAnswersResponse> {
  const { fields, file } = await readUploadedForm(request, endpoints.saveExamImageAnswer.upload);
  const parsed = saveExamImageAnswerBodySchema.omit({ answer_image: true }).safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw fieldError(String(issue.path[0] ?? 'answer_image'), issue.message);
  }
  const body = parsed.data;
  const { session, exam } = await runningSession(ctx, userId, body.session_token, tokenId);
  const question = await ctx.db
    .selectFrom('questions')
    .select(['id', 'type'])
    .where('id', '=', body.question_id)
    .where('exam_id', '=', exam.id)
    .executeTakeFirst();
  if (!question || question.type !== 'essay' || exam.enable_images_answers !== 1) {
    throw fieldError('answer_image', 'لا يمكن إرفاق صورة بإجابة هذا السؤال');
  }
  const extension = file ? await sniffImage(file) : null;
  if (file && !extension) throw fieldError('answer_image', VALIDATION_MESSAGES.image);
  const previous = await ctx.db
    .selectFrom('answer_attempts')
    .select(['image_path', 'answer_text'])
    .where('session_id', '=', session.id)
    .where('question_id', '=', question.id)
    .executeTakeFirst();
  let stored: string | null = null;
  if (file && extension) {
    stored = `answers/${session.id}-${question.id}-${randomBytes(6).toString('hex')}.${extension}`;
    await ctx.storage.write('private', stored, file);
  }
  const text =
    body.answer_text === undefined
      ? (previous?.answer_text ?? null)
      : body.answer_text.trim() === ''
        ? null
        : body.answer_text;
  try {
    await writeAnswers(ctx, session, [
      { questionId: question.id, optionId: null, text, seq: body.seq, image: stored },
    ]);
  } catch (error) {
    if (stored) await ctx.storage.remove('private', stored);
    throw error;
  }
  const now = await ctx.db
    .selectFrom('answer_attempts')
    .select('image_path')
    .where('session_id', '=', session.id)
    .where('question_id', '=', question.id)
    .executeTakeFirst();
  // The file the row no longer names (replaced or removed) goes; a refused older replay keeps
  // the row's file and drops the new one.
  for (const candidate of [previous?.image_path, stored]) {
    if (candidate && candidate !== now?.image_path) {
      await ctx.storage.remove('private', candidate);
    }
  }
  return answersReply(ctx, session);
}

/**
 * The file behind an answer image's signed link (`at`), for the student it was signed for and
 * who still owns the answer. A student's own link is refused once staff have blocked them (a
 * token of theirs is, at once); the marking link staff were given still opens.
 */
export async function answerImageFile(ctx: AppContext, attemptId: number, at: string | undefined) {
  const payload = at ? verifyToken(ctx.secret, at) : null;
  if (!payload || payload.i !== attemptId || typeof payload.u !== 'number') {
    throw new AppError('FORBIDDEN', 'انتهت صلاحية رابط الصورة، افتح الامتحان مرة أخرى');
  }
  const row = await ctx.db
    .selectFrom('answer_attempts')
    .innerJoin('exam_sessions', 'exam_sessions.id', 'answer_attempts.session_id')
    .innerJoin('users', 'users.id', 'exam_sessions.user_id')
    .select(['answer_attempts.image_path', 'exam_sessions.user_id', 'users.blocked_at'])
    .where('answer_attempts.id', '=', attemptId)
    .executeTakeFirst();
  if (!row?.image_path || row.user_id !== payload.u)
    throw new AppError('NOT_FOUND', 'الصورة غير موجودة');
  if (payload.s !== 1 && row.blocked_at !== null) {
    throw new AppError('FORBIDDEN', STAFF_PEOPLE_MESSAGES.blocked);
  }
  const extension = path.extname(row.image_path).slice(1);
  return {
    key: row.image_path,
    type: imageTypeOf(extension) ?? 'application/octet-stream',
  };
}
