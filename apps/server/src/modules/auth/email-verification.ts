import type { User } from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { notify } from '../notifications/notification-service';
import { findUserRow, userView } from '../users/user-view';
import { limitCodeSends, sendVerificationCode } from './auth-service';
import { consumeCode } from './one-time-codes';
import { WRONG_CODE } from './password-reset';

/** POST /verify/send: a new code, within the per-account and per-address limits. */
export async function resendVerification(
  ctx: AppContext,
  row: UserRow,
  ip: string,
): Promise<string> {
  if (row.email_verified_at) return 'بريدك الإلكتروني مؤكد بالفعل';
  await limitCodeSends(ctx.db, row.id, ip);
  const status = await sendVerificationCode(ctx.db, ctx.mailer, row);
  if (status !== 'SENT') throw new AppError('SERVER_ERROR', 'تعذر إرسال الرمز، حاول مرة أخرى');
  return 'أرسلنا رمزاً جديداً إلى بريدك الإلكتروني';
}

/** POST /verify: confirms the e-mail with the mailed code (once) and tells the student. */
export async function verifyEmail(ctx: AppContext, row: UserRow, code: string): Promise<User> {
  if (!row.email_verified_at) {
    await enforce(ctx.db, `verify:account:${row.id}`, { limit: 30, windowMs: HOUR });
    if (!(await consumeCode(ctx.db, row.id, 'verify_email', code))) {
      throw new AppError('INVALID_CODE', WRONG_CODE, { code: [WRONG_CODE] });
    }
    await ctx.db
      .updateTable('users')
      .set({ email_verified_at: nowIso(), updated_at: nowIso() })
      .where('id', '=', row.id)
      .execute();
    await notify(
      ctx.db,
      row.id,
      {
        type: 'default',
        title: 'تم تأكيد بريدك الإلكتروني',
        content: 'أصبح حسابك مفعّلاً بالكامل. بالتوفيق في دراستك!',
        to: '/home',
      },
      'verified',
    );
  }
  return userView(ctx.db, await findUserRow(ctx.db, row.id));
}
