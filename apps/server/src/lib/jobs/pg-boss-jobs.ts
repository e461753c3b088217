import { createHash } from 'node:crypto';
import { CompiledQuery, type Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { DB } from '../../db/schema';
import {
  backoffOf,
  expireOf,
  KEEP_FINISHED_SECONDS,
  retryLimitOf,
  type JobDb,
  type JobHandler,
  type JobLog,
  type Jobs,
  type JobOptions,
  type WorkOptions,
} from './jobs';

// The job queue on PostgreSQL (ADR 053): pg-boss 10 (the newest major that runs on Node 20),
// in a schema of its own beside the school's. Its fetch is `select … for update skip locked`
// in one statement, so of several instances one takes a job; a run past its lease
// (`expireInSeconds`) is failed by pg-boss's maintenance and retried; a failed run is retried
// after `retryDelay · 2^n` plus jitter. Nothing here locks anything itself. It works through
// the app's own pool (Kysely's), so it needs no connection of its own.

export type PgBossJobsOptions = {
  db: Kysely<DB>;
  /** pg-boss's own schema (e.g. 'pgboss'). */
  schema: string;
  log: JobLog;
  worker: boolean;
  pollMs: number;
  /** How often pg-boss looks for runs past their lease (JOBS_MAINTENANCE_SECONDS). */
  maintenanceSeconds: number;
};

/**
 * A singletonKey as a job id: pg-boss inserts with `on conflict do nothing` on (name, id), so a
 * second job with the key is not queued while the first is kept (until archived).
 * @example keyId('send-message', 'message:12:0') // 'c4f0…-…'
 */
function keyId(name: string, key: string): string {
  const h = createHash('sha256').update(`${name}\n${key}`).digest('hex');
  // Shaped as a version-4-like UUID (pg-boss's id column is a uuid).
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * pg-boss's connection seen through Kysely: a transaction a job joins, or the app's pool.
 * pg-boss sends some of its work as one text `begin; …; commit;` (making a queue, its
 * migrations). When a statement in it fails — two instances making the same queue at once —
 * PostgreSQL leaves that connection in an aborted transaction, and back in the app's pool it
 * would fail every request it served after («current transaction is aborted», a 500). So on
 * the pool each call holds its connection and, when it fails, rolls back before giving it back
 * (a rollback outside a transaction only warns). In a transaction of ours a failure is ours to
 * end: the transaction fails.
 * @example await pgBossDb(db).executeSql('select 1')
 */
export function pgBossDb(db: JobDb): PgBoss.Db {
  const run = async (on: JobDb, text: string, values?: unknown[]) => {
    const result = await on.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: (result.rows ?? []) as unknown[] };
  };
  if (db.isTransaction) return { executeSql: (text, values) => run(db, text, values) };
  return {
    executeSql: (text, values) =>
      db.connection().execute(async (conn) => {
        try {
          return await run(conn, text, values);
        } catch (err) {
          await conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => undefined);
          throw err;
        }
      }),
  };
}

export function pgBossJobs(options: PgBossJobsOptions): Jobs {
  // pg-boss 10 records a job's end (`complete`, `fail`) without awaiting it: its `stop` can
  // resolve while that write is still on its way, and the app then closes the database under it.
  // `stop` waits for every statement pg-boss has started. A handler that outlives `stop`'s
  // timeout ends later still: its statement, after the queue stopped, is never sent and never
  // answered, instead of reaching a closed database (a rejection nobody awaits would end the
  // process); pg-boss's stop has already marked that job failed, to run again.
  const pooled = pgBossDb(options.db);
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) => {
        if (stopped) {
          options.log.warn({ statement: text.slice(0, 80) }, 'a job ended after the queue stopped');
          return new Promise<never>(() => {});
        }
        const statement = pooled.executeSql(text, values);
        running.add(statement);
        const done = () => running.delete(statement);
        statement.then(done, done);
        return statement;
      },
    },
    schema: options.schema,
    // Only working instances supervise (expire, archive) and run the clock's schedules.
    supervise: options.worker,
    schedule: options.worker,
    maintenanceIntervalSeconds: options.maintenanceSeconds,
    archiveCompletedAfterSeconds: KEEP_FINISHED_SECONDS,
    archiveFailedAfterSeconds: KEEP_FINISHED_SECONDS,
  });
  boss.on('error', (err) => options.log.error({ err }, 'the job queue (pg-boss) failed'));
  const handlers = new Map<string, { handler: JobHandler<unknown>; concurrency: number }>();
  const schedules = new Map<string, { cron: string; tz: string; data: object }>();
  const queues = new Map<string, Promise<void>>();
  let starting: Promise<void> | null = null;

  /** pg-boss 10 queues must exist before a job is sent to them; made once, by any instance. */
  function ensureQueue(name: string): Promise<void> {
    let made = queues.get(name);
    if (!made) {
      made = (async () => {
        // Two instances starting together both make it: one of them may fail (a unique
        // violation, or a deadlock PostgreSQL breaks by aborting one); it looks again, a few
        // times, once the other's transaction has ended.
        for (let attempt = 1; ; attempt += 1) {
          if (await boss.getQueue(name)) return;
          try {
            await boss.createQueue(name);
            return;
          } catch (err) {
            if (attempt >= 5) throw err;
            await new Promise((r) => setTimeout(r, 100 * attempt + Math.random() * 200));
          }
        }
      })();
      made.catch(() => queues.delete(name));
      queues.set(name, made);
    }
    return made;
  }

  const begin = () => (starting ??= boss.start().then(() => undefined));

  return {
    kind: 'pg-boss',
    async enqueue(name, data, opts: JobOptions = {}, trx) {
      await begin();
      await ensureQueue(name);
      if (opts.replaceFinished && opts.singletonKey) {
        // pg-boss keeps a finished job (its id, our key) until it is archived: forgotten here,
        // in the same transaction as the new one when there is one.
        await pgBossDb(trx ?? options.db).executeSql(
          `delete from ${options.schema}.job
           where name = $1 and id = $2 and state in ('completed', 'cancelled', 'failed')`,
          [name, keyId(name, opts.singletonKey)],
        );
      }
      const send: PgBoss.SendOptions = {
        retryLimit: retryLimitOf(opts),
        retryDelay: backoffOf(opts),
        retryBackoff: true,
        expireInSeconds: expireOf(opts),
        ...(opts.singletonKey ? { id: keyId(name, opts.singletonKey) } : {}),
        ...(opts.startAfterSeconds ? { startAfter: Math.ceil(opts.startAfterSeconds) } : {}),
        ...(trx ? { db: pgBossDb(trx) } : {}),
      };
      return boss.send(name, data, send);
    },
    work(name, handler, opts: WorkOptions = {}) {
      handlers.set(name, {
        handler: handler as JobHandler<unknown>,
        concurrency: Math.max(1, opts.concurrency ?? 1),
      });
    },
    schedule(name, cron, tz, data = {}) {
      schedules.set(name, { cron, tz, data });
    },
    async start() {
      stopped = false;
      await begin();
      for (const name of [...handlers.keys(), ...schedules.keys()]) await ensureQueue(name);
      for (const [name, s] of schedules) await boss.schedule(name, s.cron, s.data, { tz: s.tz });
      if (!options.worker) return;
      for (const [name, entry] of handlers) {
        // pg-boss 10 runs one fetch loop per `work`: concurrency is that many loops.
        for (let i = 0; i < entry.concurrency; i += 1) {
          await boss.work<unknown>(
            name,
            {
              batchSize: 1,
              includeMetadata: true,
              pollingIntervalSeconds: Math.max(0.5, options.pollMs / 1000),
            },
            async ([job]) => {
              if (!job) return;
              await entry.handler({
                id: job.id,
                name: job.name,
                data: job.data,
                attempt: job.retryCount + 1,
                lastAttempt: job.retryLimit + 1,
              });
            },
          );
        }
      }
    },
    async stop(timeoutMs = 10_000) {
      if (!starting) return;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      await Promise.allSettled(running);
      stopped = true;
    },
    async idle(names, timeoutMs = 30_000) {
      await begin();
      const until = Date.now() + timeoutMs;
      const db = boss.getDb();
      for (;;) {
        const { rows } = (await db.executeSql(
          `select count(*)::int as n from ${options.schema}.job
           where state < 'completed' and ($1::text[] is null or name = any($1::text[]))`,
          [names ?? null],
        )) as { rows: { n: number }[] };
        if (rows[0]!.n === 0) return;
        if (Date.now() > until) throw new Error(`jobs still waiting after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}
