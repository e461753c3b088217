import type { RegisterBody, RegisterResponse, User } from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../plugins/auth';
import type { SignInFrom } from '../../plugins/client-headers';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { getSetting } from '../settings/settings-service';
import { findUserRow, userView } from '../users/user-view';
import { createAccount, sendVerificationCode } from './auth-service';
import { issueToken, revokeAllTokens } from './session-tokens';

/**
 * POST /register: a new student account, signed in at once; the confirmation code is mailed
 * when e-mail verification is on. Rate-limited per address.
 */
export async function register(
  ctx: AppContext,
  body: RegisterBody,
  from: SignInFrom & { ip: string },
): Promise<RegisterResponse> {
  await enforce(ctx.db, `register:address:${from.ip}`, { limit: 20, windowMs: HOUR });
  const row = await createAccount(ctx.db, body);
  const verification = (await getSetting(ctx.db, 'email_verification'))
    ? await sendVerificationCode(ctx.db, ctx.mailer, row)
    : 'NOT_REQUIRED';
  return {
    token: await issueToken(ctx.db, row.id, from),
    user: await userView(ctx.db, row),
    verification,
    message:
      verification === 'SENT'
        ? 'تم إنشاء حسابك، أرسلنا رمز التأكيد إلى بريدك الإلكتروني'
        : 'تم إنشاء حسابك بنجاح',
  };
}

/**
 * POST /password: the first password of an account that staff created (it has no grade yet);
 * every session ends and a new one starts on this device.
 */
export async function setFirstPassword(
  ctx: AppContext,
  row: UserRow,
  password: string,
  from: SignInFrom,
): Promise<{ user: User; token: string }> {
  if (row.grade_id !== null)
    throw new AppError('FORBIDDEN', 'غيّر كلمة المرور من صفحة الملف الشخصي');
  await ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), updated_at: nowIso() })
    .where('id', '=', row.id)
    .execute();
  await revokeAllTokens(ctx.db, row.id);
  const token = await issueToken(ctx.db, row.id, from);
  return { user: await userView(ctx.db, await findUserRow(ctx.db, row.id)), token };
}
