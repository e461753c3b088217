import type { Kysely, Transaction } from 'kysely';
import { STUDENT_IMPORT_MESSAGES, type User } from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import type { SignInFrom } from '../../plugins/client-headers';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { DAY, HOUR, enforce } from '../../lib/rate-limit';
import { sha256 } from '../../lib/tokens';
import { nowIso } from '../../lib/time';
import { schoolName } from '../settings/settings-service';
import { findUserRow, userView } from '../users/user-view';
import { consumeLinkSettingPassword } from './link-password';
import { issueLinkToken } from './one-time-codes';
import { issueToken, revokeAllTokens } from './session-tokens';

/**
 * A student's set-password link (issue 28, ADR 052): a student the school added or imported has
 * no password; the school sends a link (mailed when there is an e-mail, shown to staff to pass
 * on by WhatsApp or SMS). As the staff invitations (ADR 048): a random token kept only as its
 * hash (one_time_codes, purpose 'student_invitation'), once, for seven days, a newer link ends
 * the older ones, the token after `#` so no log or Referer carries it. Setting the password
 * ends every session and signs the student in on this device.
 */

export const STUDENT_INVITATION_PURPOSE = 'student_invitation';
const PURPOSE = STUDENT_INVITATION_PURPOSE;
/** A week: a roster imported before term reaches every family. */
export const STUDENT_INVITATION_TTL_MS = 7 * DAY;
/** Checks and acceptances a network address may try in an hour (a token is 256 bits). */
const TRIES_PER_ADDRESS = { limit: 30, windowMs: HOUR };

/** The student app's page a link opens, with the token after `#`. */
export const studentInvitationPath = (token: string) => `/welcome#${token}`;

const invalid = () =>
  new AppError('INVALID_CODE', STUDENT_IMPORT_MESSAGES.invitationInvalid, {
    token: [STUDENT_IMPORT_MESSAGES.invitationInvalid],
  });

/** A fresh link's token for the student; earlier unused ones stop working. */
export function issueStudentInvitation(
  trx: Transaction<DB>,
  userId: number,
): Promise<{ token: string; expiresAt: string }> {
  return issueLinkToken(trx, userId, PURPOSE, STUDENT_INVITATION_TTL_MS);
}

/** Mails the link; false when there is no e-mail or the mail server refused (logged). */
export async function mailStudentInvitation(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  student: { name: string; email: string | null },
  url: string,
): Promise<boolean> {
  if (!student.email) return false;
  const school = await schoolName(ctx.db);
  try {
    await ctx.mailer.send({
      to: student.email,
      subject: `حسابك على ${school}: عيّن كلمة المرور`,
      text:
        `مرحباً ${student.name}،\n\n` +
        `أضافت ${school} حسابًا لك. لتدخل إليه، عيّن كلمة المرور من هذا الرابط:\n${url}\n\n` +
        'الرابط صالح لمدة 7 أيام ولمرة واحدة. بعدها ادخل برقم هاتفك وكلمة المرور.\n\n' +
        'إذا لم تكن طالبًا في المدرسة فتجاهل هذه الرسالة.',
    });
    return true;
  } catch {
    return false;
  }
}

async function liveInvitation(db: Kysely<DB> | Transaction<DB>, token: string) {
  return db
    .selectFrom('one_time_codes')
    .innerJoin('users', 'users.id', 'one_time_codes.user_id')
    .select([
      'one_time_codes.id',
      'one_time_codes.user_id',
      'one_time_codes.expires_at',
      'users.name',
      'users.phone',
    ])
    .where('one_time_codes.purpose', '=', PURPOSE)
    .where('one_time_codes.code_hash', '=', sha256(token))
    .where('one_time_codes.used_at', 'is', null)
    .where('one_time_codes.expires_at', '>', nowIso())
    .where('users.group_id', 'is', null)
    .where('users.blocked_at', 'is', null)
    .executeTakeFirst();
}

/** Whose a link is, for the page to greet them; 422 for a used, old or unknown one. */
export async function checkStudentInvitation(ctx: AppContext, token: string, ip: string) {
  await enforce(ctx.db, `student-invitation:address:${ip}`, TRIES_PER_ADDRESS);
  const live = await liveInvitation(ctx.db, token);
  if (!live) throw invalid();
  return { name: live.name, phone: live.phone, expires_at: live.expires_at };
}

/**
 * Sets the password and uses the link up (once even when two tabs race); every earlier session
 * ends and this device is signed in.
 */
export async function acceptStudentInvitation(
  ctx: AppContext,
  token: string,
  password: string,
  from: SignInFrom & { ip: string },
): Promise<{ token: string; user: User }> {
  await enforce(ctx.db, `student-invitation:address:${from.ip}`, TRIES_PER_ADDRESS);
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const live = await liveInvitation(trx, token);
    if (!live) throw invalid();
    if (!(await consumeLinkSettingPassword(trx, live.id, live.user_id, passwordHash))) {
      throw invalid();
    }
    return live.user_id;
  });
  await revokeAllTokens(ctx.db, userId);
  const bearer = await issueToken(ctx.db, userId, from);
  return { token: bearer, user: await userView(ctx.db, await findUserRow(ctx.db, userId)) };
}
