import { STAFF_BALANCE_MESSAGES, fromPiasters, toPiasters } from '@dars/contract';
import { AppError } from '../../lib/app-error';
import { credit, debit } from './ledger';
import { writeAudit, type Actor, type Db } from '../../db/audited-change';

/**
 * An admin's credit (amount > 0) or debit (amount < 0) of a student's wallet (issue 13): one
 * ledger row of type `admin_balance_update` with the comment, which the student sees in the
 * wallet table. A debit never drives the balance below zero: the ledger's conditional update
 * refuses it (409), so two debits racing cannot both pass. Audited in the same transaction.
 * @example await adjustBalance(db, actor, studentId, { amount: -20, comment: 'تصحيح شحن مكرر' })
 */
export async function adjustBalance(
  db: Db,
  actor: Actor,
  studentId: number,
  body: { amount: number; comment: string },
) {
  const amount = toPiasters(body.amount);
  return db.transaction().execute(async (trx) => {
    const student = await trx
      .selectFrom('users')
      .select(['id', 'balance'])
      .where('id', '=', studentId)
      .where('group_id', 'is', null)
      .executeTakeFirst();
    if (!student) throw new AppError('NOT_FOUND', STAFF_BALANCE_MESSAGES.notStudent);
    const entry = { type: 'admin_balance_update' as const, comment: body.comment };
    let done: { balance: number; serial: string };
    if (amount > 0) {
      done = await credit(trx, studentId, amount, entry);
    } else {
      try {
        done = await debit(trx, studentId, -amount, entry);
      } catch (error) {
        if (error instanceof AppError && error.code === 'BALANCE_NOT_ENOUGH') {
          throw new AppError('CONFLICT', STAFF_BALANCE_MESSAGES.negative);
        }
        throw error;
      }
    }
    const data = {
      student_id: studentId,
      amount: fromPiasters(amount),
      balance: fromPiasters(done.balance),
      serial: done.serial,
      comment: body.comment,
    };
    await writeAudit(trx, actor, {
      action: 'balance',
      resource: 'students',
      resourceId: studentId,
      before: { balance: fromPiasters(done.balance - amount) },
      after: data,
    });
    return data;
  });
}
