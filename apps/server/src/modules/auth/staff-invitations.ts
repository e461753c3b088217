import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { STAFF_MESSAGES, type StaffMemberRole } from '@dars/contract';
import type { AppContext } from '../../app-context';
import type { DB } from '../../db/schema';
import { change, type Actor, type Db, type Trx } from '../../db/audited-change';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { HOUR, enforce } from '../../lib/rate-limit';
import { sha256 } from '../../lib/tokens';
import { nowIso } from '../../lib/time';
import { staffRoleOf } from '../../plugins/staff-role';
import { schoolName } from '../settings/settings-service';
import { consumeLinkSettingPassword } from './link-password';
import { issueLinkToken } from './one-time-codes';
import { revokeAllTokens } from './session-tokens';

/**
 * Staff invitations (ADR 048): an admin adds a colleague without choosing their password; the
 * colleague gets a link by e-mail and sets it. The link is a random token kept only as its
 * hash (one_time_codes, purpose 'staff_invitation'), works once, for 72 hours, and a newer
 * invitation of the same account ends the older ones. The token travels after `#` in the
 * console's address, so no server log or Referer carries it.
 */

const PURPOSE = 'staff_invitation';
/** Three days: a teacher invited on Thursday evening can still start on Sunday morning. */
export const INVITATION_TTL_MS = 72 * HOUR;
/** Checks and acceptances a network address may try in an hour (a token is 256 bits). */
const TRIES_PER_ADDRESS = { limit: 30, windowMs: HOUR };

/** The console's page an invitation links to, with the token after `#`. */
export const invitationPath = (token: string) => `/staff/set-password#${token}`;

const ROLE_NAMES: Record<StaffMemberRole, string> = {
  admin: 'مدير',
  leader: 'مشرف',
  teacher: 'مدرس',
};

const invalid = () =>
  new AppError('INVALID_CODE', STAFF_MESSAGES.invitationInvalid, {
    token: [STAFF_MESSAGES.invitationInvalid],
  });

/** A fresh invitation token for the account; earlier unused ones stop working. */
function issueInvitation(trx: Transaction<DB>, userId: number) {
  return issueLinkToken(trx, userId, PURPOSE, INVITATION_TTL_MS);
}

/**
 * When each account's waiting invitation ends (past: it lapsed unused); accounts with none
 * waiting are left out.
 */
export async function waitingInvitations(
  db: Kysely<DB> | Transaction<DB>,
  userIds: number[],
): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('one_time_codes')
    .select(['user_id', (eb) => eb.fn.max('expires_at').as('expires_at')])
    .where('purpose', '=', PURPOSE)
    .where('used_at', 'is', null)
    .where('user_id', 'in', userIds)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, String(r.expires_at)]));
}

/**
 * Invites a staff account (new or existing): a new link, audited as 'invite', then mailed.
 * A mail server that refuses is logged and answered `mailed: false`: the link works all the
 * same and the admin can pass it on. `origin` is the school's address the console was opened
 * at (as the support follow link, ADR 039).
 */
export async function inviteAccount(
  ctx: AppContext,
  actor: Actor,
  id: number,
  origin: string,
  load: (db: Db | Trx, id: number) => Promise<{ email: string } | undefined>,
  log: FastifyBaseLogger,
): Promise<{ email: string; expires_at: string; url: string; mailed: boolean }> {
  let issued: { token: string; expiresAt: string } | undefined;
  const { after } = await change(
    ctx.db,
    actor,
    { resource: 'accounts', action: 'invite', id },
    load,
    async (trx) => {
      issued = await issueInvitation(trx, id);
      return id;
    },
  );
  const url = `${origin}${invitationPath(issued!.token)}`;
  const mailed = await mailInvitation(ctx, id, url).then(
    () => true,
    (err: unknown) => {
      log.error({ err }, 'staff invitation mail failed');
      return false;
    },
  );
  return { email: after!.email, expires_at: issued!.expiresAt, url, mailed };
}

/** Issues an invitation inside a transaction that is making the account (createAccount). */
export async function inviteInTransaction(trx: Transaction<DB>, userId: number) {
  return issueInvitation(trx, userId);
}

/**
 * The invitation mail, in Arabic, with the link, whom it signs in as and how long it lasts.
 * Needs only the database and the mailer, so `npm run staff -- create-teacher` sends it too.
 */
export async function mailInvitation(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  userId: number,
  url: string,
): Promise<void> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['name', 'email', 'group_id'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const role = staffRoleOf(user.group_id);
  const school = await schoolName(ctx.db);
  if (user.email === null) throw new Error('mailInvitation: a staff account without an e-mail');
  await ctx.mailer.send({
    to: user.email,
    subject: `دعوة للانضمام إلى لوحة إدارة ${school}`,
    text:
      `مرحباً ${user.name}،\n\n` +
      `أضافك مدير المدرسة إلى لوحة إدارة ${school}${role ? ` بصفتك ${ROLE_NAMES[role]}` : ''}. ` +
      `لتبدأ، عيّن كلمة مرورك من هذا الرابط:\n${url}\n\n` +
      `ستدخل بعدها ببريدك: ${user.email}\n` +
      'الرابط صالح لمدة 72 ساعة ولمرة واحدة. إذا انتهت صلاحيته فاطلب من مدير المدرسة دعوة جديدة.\n\n' +
      'إذا لم تكن تتوقع هذه الرسالة فتجاهلها.',
  });
}

/** The live invitation a token names, with its account while that is still staff. */
async function liveInvitation(db: Kysely<DB> | Transaction<DB>, token: string) {
  return db
    .selectFrom('one_time_codes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.user_id', 'c.expires_at', 'u.name', 'u.email', 'u.group_id'])
    .where('c.purpose', '=', PURPOSE)
    .where('c.code_hash', '=', sha256(token))
    .where('c.used_at', 'is', null)
    .where('c.expires_at', '>', nowIso())
    .executeTakeFirst();
}

/** Whose invitation a token is (for the set-password page), without using it up. */
export async function checkInvitation(ctx: AppContext, token: string, ip: string) {
  await enforce(ctx.db, `invitation:address:${ip}`, TRIES_PER_ADDRESS);
  const live = await liveInvitation(ctx.db, token);
  const role = live ? staffRoleOf(live.group_id) : null;
  if (!live || role === null) throw invalid();
  return { name: live.name, email: live.email ?? '', role, expires_at: live.expires_at };
}

/**
 * Sets the invited account's password and uses the invitation up, once even when two tabs
 * race; every earlier session of the account ends. Audited as the account's own change.
 * Answers the account's row for the caller to sign it in.
 */
export async function acceptInvitation(
  ctx: AppContext,
  token: string,
  password: string,
  ip: string,
) {
  await enforce(ctx.db, `invitation:address:${ip}`, TRIES_PER_ADDRESS);
  const passwordHash = await hashPassword(password);
  const live = await liveInvitation(ctx.db, token);
  if (!live || staffRoleOf(live.group_id) === null) throw invalid();
  const self: Actor = { id: live.user_id, name: live.name, groupId: live.group_id };
  await change(
    ctx.db,
    self,
    { resource: 'accounts', action: 'accept_invitation', id: live.user_id },
    async () => ({ id: live.user_id, email: live.email }),
    async (trx) => {
      if (!(await consumeLinkSettingPassword(trx, live.id, live.user_id, passwordHash))) {
        throw invalid();
      }
      await revokeAllTokens(trx, live.user_id);
      return live.user_id;
    },
  );
  return live;
}
