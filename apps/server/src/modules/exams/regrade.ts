import type { z } from 'zod';
import {
  STAFF_MESSAGES,
  VALIDATION_MESSAGES,
  type StaffQuestionRegradeResult,
  type staffQuestionRegradeBodySchema,
} from '@dars/contract';
import { change, type Actor, type Db } from '../../db/audited-change';
import { fieldError } from '../../lib/app-error';
import { notify } from '../notifications/notification-service';
import { recomputeResult } from './exam-marking';
import { getQuestion } from './question-admin';
import { drewQuestion } from './session-questions';

// ---------------------------------------------------------------------------------------------
// Regrading a question of an exam students have submitted (issue 26, ADR 045). The ordinary
// edit refuses to change what decides marks once students started (question-admin.ts); this is
// the one way to correct a wrong key or a mark: every submitted session (of the exam, or for a
// bank's question every one that drew it, ADR 046) is marked again, its
// result recomputed, the audit row written and the students whose result changed told, in one
// transaction.

type Body = z.output<typeof staffQuestionRegradeBodySchema>;

/** What a session's result was, to tell who changed and how. */
type Outcome = { mark: number | null; succeeded: number | null; corrected: number };

export async function regradeQuestion(
  db: Db,
  actor: Actor,
  questionId: number,
  body: Body,
): Promise<StaffQuestionRegradeResult> {
  let counts = { sessions: 0, changed: 0, now_passed: 0, now_failed: 0 };
  const { after } = await change(
    db,
    actor,
    { resource: 'questions', action: 'regrade', id: questionId },
    getQuestion,
    async (trx, before) => {
      const question = before!;
      const mark = body.mark ?? question.mark;
      if (body.correct_option_ids !== undefined) {
        if (question.type !== 'choices') {
          throw fieldError('correct_option_ids', VALIDATION_MESSAGES.choice);
        }
        const own = new Set(question.answers.map((a) => a.id));
        if (body.correct_option_ids.some((id) => !own.has(id))) {
          throw fieldError('correct_option_ids', VALIDATION_MESSAGES.choice);
        }
      }
      if (body.correct_true !== undefined && question.type !== 'truefalse') {
        throw fieldError('correct_true', VALIDATION_MESSAGES.choice);
      }
      // A bank question's mark is its draw rules' (ADR 046): changing it would make the
      // sessions that drew it worth another total than the rest.
      if (question.bank_id !== null && body.mark !== undefined && body.mark !== question.mark) {
        throw fieldError('mark', STAFF_MESSAGES.bankMarkFixed);
      }
      // The key and the mark.
      if (body.mark !== undefined) {
        await trx.updateTable('questions').set({ mark }).where('id', '=', questionId).execute();
      }
      const rightIds =
        body.correct_option_ids ??
        (body.correct_true !== undefined
          ? question.answers
              .filter((a) => (a.text === 'صواب') === body.correct_true)
              .map((a) => a.id)
          : undefined);
      if (rightIds !== undefined) {
        // The new key in two statements: every option of the question wrong, then the right ones.
        await trx
          .updateTable('answer_options')
          .set({ correct: 0 })
          .where('question_id', '=', questionId)
          .execute();
        if (rightIds.length > 0) {
          await trx
            .updateTable('answer_options')
            .set({ correct: 1 })
            .where('question_id', '=', questionId)
            .where('id', 'in', rightIds)
            .execute();
        }
      }

      // The submitted sessions of the exam, as they stood.
      const sessions = await trx
        .selectFrom('exam_sessions')
        .innerJoin('exams', 'exams.id', 'exam_sessions.exam_id')
        .select([
          'exam_sessions.id',
          'exam_sessions.user_id',
          'exam_sessions.correction_mark',
          'exam_sessions.succeeded',
          'exam_sessions.corrected',
          'exam_sessions.attempt',
          'exams.name',
          'exams.exam_code',
        ])
        .where((eb) =>
          question.exam_id !== null
            ? eb('exam_sessions.exam_id', '=', question.exam_id)
            : drewQuestion(questionId),
        )
        .where('exam_sessions.finished_at', 'is not', null)
        .execute();

      // Each answer to the question, marked again: a chosen option by the key, an essay's
      // marks kept within the new mark (right from half of it, ADR 016).
      const attempts = await trx
        .selectFrom('answer_attempts')
        .innerJoin('exam_sessions', 'exam_sessions.id', 'answer_attempts.session_id')
        .select([
          'answer_attempts.id',
          'answer_attempts.answer_option_id',
          'answer_attempts.correction_mark',
          'answer_attempts.correct',
        ])
        .where('answer_attempts.question_id', '=', questionId)
        .where('exam_sessions.finished_at', 'is not', null)
        .execute();
      const key = new Set(rightIds ?? question.answers.filter((a) => a.correct).map((a) => a.id));
      for (const a of attempts) {
        let values: { correct: number; correction_mark: number } | undefined;
        if (a.answer_option_id !== null) {
          const right = key.has(a.answer_option_id);
          values = { correct: right ? 1 : 0, correction_mark: right ? mark : 0 };
        } else if (question.type === 'essay' && a.correction_mark !== null) {
          const marks = Math.min(a.correction_mark, mark);
          values = { correct: marks * 2 >= mark ? 1 : 0, correction_mark: marks };
        }
        if (!values) continue;
        await trx.updateTable('answer_attempts').set(values).where('id', '=', a.id).execute();
      }

      for (const s of sessions) {
        const was: Outcome = {
          mark: s.correction_mark,
          succeeded: s.succeeded,
          corrected: s.corrected,
        };
        await recomputeResult(trx, s.id);
        const now = await trx
          .selectFrom('exam_sessions')
          .select(['correction_mark', 'succeeded', 'corrected', 'total_mark'])
          .where('id', '=', s.id)
          .executeTakeFirstOrThrow();
        const passedBefore = was.corrected === 1 && was.succeeded === 1;
        const passedNow = now.corrected === 1 && now.succeeded === 1;
        const failedNow = now.corrected === 1 && now.succeeded === 0;
        if (passedBefore && failedNow) {
          // What the pass opened stays open (ADR 045).
          await trx
            .updateTable('exam_sessions')
            .set({ access_kept: 1 })
            .where('id', '=', s.id)
            .execute();
        }
        if (Number(now.correction_mark) === Number(was.mark) && now.succeeded === was.succeeded) {
          continue;
        }
        counts.changed += 1;
        if (!passedBefore && passedNow) counts.now_passed += 1;
        if (passedBefore && failedNow) counts.now_failed += 1;
        await notify(
          trx,
          s.user_id,
          {
            type: 'default',
            title: 'تغيّرت نتيجة امتحانك',
            content:
              `أعاد المعلم تصحيح سؤال في «${s.name}»` +
              // Of an exam sat more than once, which attempt (ADR 047).
              (s.attempt > 1 ? ` (المحاولة ${s.attempt})` : '') +
              '، فصارت درجتك ' +
              `${now.correction_mark ?? 0} من ${now.total_mark}` +
              (passedBefore && failedNow
                ? '. ما فُتح لك بنجاحك السابق يبقى مفتوحاً.'
                : !passedBefore && passedNow
                  ? '، ونجحت في الامتحان.'
                  : '.'),
            to: `/exams?exam_code=${encodeURIComponent(s.exam_code)}`,
          },
          'exam_marked',
        );
      }
      counts = { ...counts, sessions: sessions.length };
      return questionId;
    },
  );
  return { question: after!, ...counts };
}
