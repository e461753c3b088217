import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { DAY, HOUR, MINUTE, clearLimit, hit, hitWithBackoff, release } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';

/**
 * Login limits (docs/decisions/007-security-hardening.md). Every attempt is counted *before*
 * the password is checked, so parallel attempts cannot check more passwords than the limit;
 * a correct password gives its reservation back.
 */
export const LOGIN_LIMITS = {
  /** One account from one address: the owner's own typos, or one attacker on one target. */
  accountAddress: { limit: 10, windowMs: 15 * MINUTE, maxWindowMs: DAY },
  /** Every account from one address; generous, for a school's or a mobile carrier's NAT. */
  address: { limit: 300, windowMs: HOUR },
  /**
   * One account from addresses it has never signed in from: stops a password spray over many
   * addresses, and never locks the owner out on an address they have used before.
   */
  accountFromUnknownAddresses: { limit: 100, windowMs: HOUR, maxWindowMs: DAY },
} as const;

/** An address stays known this long after its last good sign-in. */
export const KNOWN_ADDRESS_TTL_MS = 180 * DAY;

const TOO_MANY = 'محاولات دخول خاطئة كثيرة، حاول مرة أخرى لاحقاً';

/** What a login attempt is counted against: the account (or the login typed) and the address. */
export type LoginSubject = {
  /** The account's id when it exists; else the normalised login, so both answer alike. */
  account: string;
  userId: number | null;
  address: string;
};

const keys = ({ account, address }: LoginSubject) => ({
  accountAddress: `login:account-address:${account}:${address}`,
  address: `login:address:${address}`,
  account: `login:account:${account}`,
});

async function isKnownAddress(db: Kysely<DB>, subject: LoginSubject): Promise<boolean> {
  if (subject.userId === null) return false;
  const row = await db
    .selectFrom('known_sign_ins')
    .select('user_id')
    .where('user_id', '=', subject.userId)
    .where('address', '=', subject.address)
    .where('last_at', '>', new Date(Date.now() - KNOWN_ADDRESS_TTL_MS).toISOString())
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Reserves one login attempt under every limit that applies, or answers the Arabic 429 and
 * gives back what it had already reserved. Returns the keys to settle once the password is known.
 * @example const attempt = await reserveLoginAttempt(db, subject); …; await loginSucceeded(db, subject, attempt)
 */
export async function reserveLoginAttempt(
  db: Kysely<DB>,
  subject: LoginSubject,
): Promise<{ reserved: string[] }> {
  const k = keys(subject);
  const reserved: string[] = [];
  const refuse = async () => {
    for (const key of reserved) await release(db, key);
    return new AppError('TOO_MANY_REQUESTS', TOO_MANY);
  };

  if (!(await hitWithBackoff(db, k.accountAddress, LOGIN_LIMITS.accountAddress)).allowed)
    throw await refuse();
  reserved.push(k.accountAddress);
  if (!(await hit(db, k.address, LOGIN_LIMITS.address)).allowed) throw await refuse();
  reserved.push(k.address);
  if (!(await isKnownAddress(db, subject))) {
    if (!(await hitWithBackoff(db, k.account, LOGIN_LIMITS.accountFromUnknownAddresses)).allowed)
      throw await refuse();
    reserved.push(k.account);
  }
  return { reserved };
}

/**
 * The password was right: the address becomes known to the account, its failures from here
 * are forgotten, and the attempt's reservations are given back.
 */
export async function loginSucceeded(
  db: Kysely<DB>,
  subject: LoginSubject & { userId: number },
  attempt: { reserved: string[] },
): Promise<void> {
  const k = keys(subject);
  for (const key of attempt.reserved) if (key !== k.accountAddress) await release(db, key);
  await clearLimit(db, k.accountAddress);
  await clearLimit(db, `${k.accountAddress}:lockouts`);
  const now = nowIso();
  await db
    .insertInto('known_sign_ins')
    .values({ user_id: subject.userId, address: subject.address, last_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'address']).doUpdateSet({ last_at: now }))
    .execute();
}
