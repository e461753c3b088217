import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { AppError } from './app-error';

export type Window = { limit: number; windowMs: number };

/**
 * Counts one event under `key` in a fixed window kept in the database (so every instance
 * shares it) and says whether the count is still within the limit. Atomic: one upsert.
 * @example if (!(await hit(db, `reset:ip:${ip}`, { limit: 20, windowMs: HOUR })).allowed) …
 */
export async function hit(
  db: Kysely<DB>,
  key: string,
  window: Window,
  now = new Date(),
): Promise<{ allowed: boolean; count: number }> {
  const nowIso = now.toISOString();
  const cutoff = new Date(now.getTime() - window.windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: nowIso, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_start <= ${cutoff} then 1 else rate_limits.count + 1 end`,
        window_start: sql<string>`case when rate_limits.window_start <= ${cutoff} then ${nowIso} else rate_limits.window_start end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return { allowed: row.count <= window.limit, count: row.count };
}

/** Whether `key` has already used up its window, without counting anything. */
export async function isExhausted(
  db: Kysely<DB>,
  key: string,
  window: Window,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_start'])
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return false;
  const open = Date.parse(row.window_start) > now.getTime() - window.windowMs;
  return open && row.count >= window.limit;
}

/**
 * Gives back one event counted under `key`: an attempt reserved before a check that then
 * succeeded, so a school's many good sign-ins do not use up its address's failures.
 * @example await release(db, `login:address:${ip}`)
 */
export async function release(db: Kysely<DB>, key: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
    .where('key', '=', key)
    .execute();
}

/** A window that doubles with each lockout of the same key in a day, up to `maxWindowMs`. */
export type BackoffWindow = Window & { maxWindowMs: number };

/**
 * `hit` with exponential back-off: the n-th time in a day that `key` uses up its limit, its
 * window lasts `windowMs · 2^(n-1)` (at most `maxWindowMs`), so a patient attacker waits
 * longer each round. Lockouts are counted under `${key}:lockouts`, once per window, by the
 * one attempt that first goes over the limit (the atomic count makes it exactly one).
 * @example const { allowed } = await hitWithBackoff(db, `login:account:${id}`, WINDOW)
 */
export async function hitWithBackoff(
  db: Kysely<DB>,
  key: string,
  window: BackoffWindow,
  now = new Date(),
): Promise<{ allowed: boolean; count: number }> {
  const lockoutKey = `${key}:lockouts`;
  const lockouts = await currentCount(db, lockoutKey, DAY, now);
  const windowMs = Math.min(window.windowMs * 2 ** Math.max(lockouts - 1, 0), window.maxWindowMs);
  const result = await hit(db, key, { limit: window.limit, windowMs }, now);
  if (result.count === window.limit + 1)
    await hit(db, lockoutKey, { limit: 0, windowMs: DAY }, now);
  return result;
}

/** How many events `key` has counted in its open window (0 when closed or unknown). */
async function currentCount(
  db: Kysely<DB>,
  key: string,
  windowMs: number,
  now: Date,
): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select(['count', 'window_start'])
    .where('key', '=', key)
    .executeTakeFirst();
  return row && Date.parse(row.window_start) > now.getTime() - windowMs ? row.count : 0;
}

export async function clearLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Counts an event and answers 429 in Arabic once the window is used up. */
export async function enforce(db: Kysely<DB>, key: string, window: Window): Promise<void> {
  if (!(await hit(db, key, window)).allowed) throw new AppError('TOO_MANY_REQUESTS');
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
