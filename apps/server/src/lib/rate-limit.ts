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

export async function clearLimit(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Counts an event and answers 429 in Arabic once the window is used up. */
export async function enforce(db: Kysely<DB>, key: string, window: Window): Promise<void> {
  if (!(await hit(db, key, window)).allowed) throw new AppError('TOO_MANY_REQUESTS');
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
