import { API_BASE } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import {
  CODE_SENDS_PER_ACCOUNT,
  CODE_SENDS_PER_ADDRESS,
  findByLogin,
  normaliseLogin,
  sendPasswordResetCode,
} from './auth-service';
import { consumeCode, consumeResetLink, issueResetLink } from './one-time-codes';
import { revokeAllTokens } from './session-tokens';

export const WRONG_CODE = 'الرمز غير صحيح أو انتهت صلاحيته';

/**
 * Step 1 (ADR 000: Password reset): mails a 6-digit code. The same limits and the same work
 * for every address, registered or not; the lookup and the mail happen after the answer, so
 * neither the status nor the time tells whether the e-mail has an account.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  emailTyped: string,
  ip: string,
): Promise<void> {
  const email = normaliseLogin(emailTyped);
  await enforce(ctx.db, `reset:address:${ip}`, { limit: 30, windowMs: HOUR });
  await enforce(ctx.db, `codes:address:${ip}`, CODE_SENDS_PER_ADDRESS);
  await enforce(ctx.db, `codes:email:${email}`, CODE_SENDS_PER_ACCOUNT);
  ctx.background.run('password reset mail', async () => {
    const row = await findByLogin(ctx.db, email);
    if (row?.email) await sendPasswordResetCode(ctx.db, ctx.mailer, row);
  });
}

/** Step 2: the code for a one-time link to step 3 (the url the client posts the password to). */
export async function validatePasswordReset(
  ctx: AppContext,
  { email, code }: { email: string; code: string },
  ip: string,
): Promise<string> {
  await enforce(ctx.db, `reset-validate:address:${ip}`, { limit: 60, windowMs: HOUR });
  const row = await findByLogin(ctx.db, email);
  if (!row || !(await consumeCode(ctx.db, row.id, 'password_reset', code))) {
    throw new AppError('INVALID_CODE', WRONG_CODE, { code: [WRONG_CODE] });
  }
  return `${API_BASE}/password/reset/confirm/${await issueResetLink(ctx.db, row.id)}`;
}

/** Step 3: the new password, once per link; every session of the account ends. */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const userId = await consumeResetLink(ctx.db, token);
  if (userId === null)
    throw new AppError('INVALID_CODE', 'انتهت صلاحية رابط الاستعادة، اطلب رمزاً جديداً');
  await ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  await revokeAllTokens(ctx.db, userId);
}
