import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { VERIFICATION_CODE_LENGTH } from '@dars/contract';
import type { DB } from '../../db/schema';
import { sha256, newToken } from '../../lib/tokens';
import { nowIso } from '../../lib/time';

export type CodePurpose = 'verify_email' | 'password_reset' | 'password_reset_link';

/** Wrong guesses a code survives; a 6-digit code then has 5 in a million chances. */
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_TTL_MS = 15 * 60_000;
export const RESET_LINK_TTL_MS = 30 * 60_000;

// Bound to the account, so equal codes of two students hash differently.
const hashCode = (userId: number, purpose: CodePurpose, code: string) =>
  sha256(`${purpose}:${userId}:${code}`);

/**
 * A new 6-digit code for the student; earlier unused codes of the same purpose stop working.
 * `alongside` runs in the code's transaction (a staff member's audit row, ADR 022).
 * @example const code = await issueCode(db, user.id, 'verify_email') // '048213'
 */
export async function issueCode(
  db: Kysely<DB>,
  userId: number,
  purpose: 'verify_email' | 'password_reset',
  alongside?: (trx: Transaction<DB>) => Promise<void>,
): Promise<string> {
  const code = String(randomInt(10 ** VERIFICATION_CODE_LENGTH)).padStart(
    VERIFICATION_CODE_LENGTH,
    '0',
  );
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('one_time_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('one_time_codes')
      .values({
        user_id: userId,
        purpose,
        code_hash: hashCode(userId, purpose, code),
        attempts: 0,
        expires_at: new Date(Date.now() + CODE_TTL_MS).toISOString(),
        used_at: null,
        created_at: now,
      })
      .execute();
    await alongside?.(trx);
  });
  return code;
}

/**
 * Checks a typed code against the student's live one and uses it up when right. A wrong guess
 * counts against the code; after MAX_CODE_ATTEMPTS it is dead even if later guessed right.
 */
export async function consumeCode(
  db: Kysely<DB>,
  userId: number,
  purpose: 'verify_email' | 'password_reset',
  code: string,
): Promise<boolean> {
  const now = nowIso();
  const live = await db
    .selectFrom('one_time_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!live || live.attempts >= MAX_CODE_ATTEMPTS) return false;
  if (live.code_hash !== hashCode(userId, purpose, code)) {
    await db
      .updateTable('one_time_codes')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', live.id)
      .execute();
    return false;
  }
  // Conditional, so two requests racing with the right code use it once.
  const used = await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('id', '=', live.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/** A one-time link token for the last step of a password reset. */
export async function issueResetLink(db: Kysely<DB>, userId: number): Promise<string> {
  const token = newToken();
  await db
    .insertInto('one_time_codes')
    .values({
      user_id: userId,
      purpose: 'password_reset_link',
      code_hash: sha256(token),
      attempts: 0,
      expires_at: new Date(Date.now() + RESET_LINK_TTL_MS).toISOString(),
      used_at: null,
      created_at: nowIso(),
    })
    .execute();
  return token;
}

/** Uses up a reset link token; returns whose it was, or null when unknown, used or expired. */
export async function consumeResetLink(db: Kysely<DB>, token: string): Promise<number | null> {
  const now = nowIso();
  const row = await db
    .selectFrom('one_time_codes')
    .select(['id', 'user_id'])
    .where('purpose', '=', 'password_reset_link')
    .where('code_hash', '=', sha256(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const used = await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? row.user_id : null;
}

/**
 * A fresh link token of `purpose` for the account (a staff invitation, a student's
 * set-password link), kept only as its hash, valid `ttlMs`; the account's earlier unused tokens
 * of that purpose stop working. In the caller's transaction.
 */
export async function issueLinkToken(
  trx: Transaction<DB>,
  userId: number,
  purpose: string,
  ttlMs: number,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: string }> {
  await trx
    .updateTable('one_time_codes')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
  await trx
    .insertInto('one_time_codes')
    .values({
      user_id: userId,
      purpose,
      code_hash: sha256(token),
      attempts: 0,
      expires_at: expiresAt,
      used_at: null,
      created_at: now.toISOString(),
    })
    .execute();
  return { token, expiresAt };
}
