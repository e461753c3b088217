import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import cronParser from 'cron-parser';
import type { DB, JobQueueTable } from '../../db/schema';
import {
  backoffMs,
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

// The job queue of the embedded SQLite database (ADR 053). No SQLite queue library did what
// this needs (plainjob: no retries, and a lease counted from when a job was due, not from when
// it started; liteque: retries at once with no backoff, and a second ORM and database file), so
// this is the smallest design that does: a table, and a claim that is ONE statement —
// `update … where id = (select … limit 1) returning *`. SQLite runs a statement under its one
// write lock, so two workers (two connections, two processes on one file) never claim the same
// row: the second's statement runs after the first's and no longer finds it waiting. There is
// no lock of ours to hold or lose: a claim is a lease (`lease_until`), and a row whose lease
// ran out is claimable again — that is how a job whose process was killed runs again.

type Row = Omit<JobQueueTable, 'id' | 'attempts'> & { id: number; attempts: number };

type Registered = { handler: JobHandler<unknown>; concurrency: number; running: number };

export type SqliteJobsOptions = {
  db: Kysely<DB>;
  log: JobLog;
  /** Whether this instance runs jobs (JOBS_WORKER); it queues them either way. */
  worker: boolean;
  /** How often an idle worker looks for work (JOBS_POLL_MS). */
  pollMs: number;
  /** The clock in ms (tests may move it; jobs' times are the machine's). */
  now?: () => number;
};

const WAITING = ['created', 'retry', 'active'] as const;

export function sqliteJobs(options: SqliteJobsOptions): Jobs {
  const { db, log } = options;
  const now = options.now ?? Date.now;
  const me = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const handlers = new Map<string, Registered>();
  const schedules = new Map<string, { cron: string; tz: string; data: object }>();
  const running = new Set<Promise<void>>();
  let started = false;
  let stopping = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
  let lastSweep = 0;

  const nudge = () => wake?.();

  async function enqueue<T extends object>(
    name: string,
    data: T,
    opts: JobOptions = {},
    trx: JobDb = db,
  ): Promise<string | null> {
    const at = now();
    if (opts.replaceFinished && opts.singletonKey) {
      await trx
        .deleteFrom('job_queue')
        .where('name', '=', name)
        .where('singleton_key', '=', opts.singletonKey)
        .where('state', 'in', ['completed', 'failed'])
        .execute();
    }
    const row = await trx
      .insertInto('job_queue')
      .values({
        name,
        data: JSON.stringify(data),
        state: 'created',
        singleton_key: opts.singletonKey ?? null,
        retry_limit: retryLimitOf(opts),
        retry_delay: backoffOf(opts),
        expire_seconds: expireOf(opts),
        run_at: at + Math.max(0, opts.startAfterSeconds ?? 0) * 1000,
        lease_until: null,
        worker: null,
        error: null,
        created_at: at,
        finished_at: null,
      })
      .onConflict((oc) =>
        oc.columns(['name', 'singleton_key']).where('singleton_key', 'is not', null).doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    // Queued in a transaction, it shows once committed; the next poll finds it if this is early.
    if (row) setTimeout(nudge, 0);
    return row ? String(row.id) : null;
  }

  /** Takes the next job of `name` that is due, or whose runner's lease ran out. */
  async function claim(name: string): Promise<Row | null> {
    const at = now();
    // A read first: an idle poll then takes no write lock. SQLite has one writer, and a poll
    // that wrote every second held up the server's own writes and another process's (the
    // staff command's «database is locked», seen in CI); the update below stays the claim.
    const due = await db
      .selectFrom('job_queue')
      .select('id')
      .where('name', '=', name)
      .where((eb) =>
        eb.or([
          eb.and([eb('state', 'in', ['created', 'retry']), eb('run_at', '<=', at)]),
          eb.and([eb('state', '=', 'active'), eb('lease_until', '<', at)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    if (!due) return null;
    const { rows } = await sql<Row>`
      update job_queue
      set state = 'active', attempts = attempts + 1, worker = ${me},
          lease_until = ${at} + expire_seconds * 1000
      where id = (
        select id from job_queue
        where name = ${name}
          and ((state in ('created', 'retry') and run_at <= ${at})
            or (state = 'active' and lease_until < ${at}))
        order by run_at, id
        limit 1
      )
      returning *
    `.execute(db);
    return rows[0] ?? null;
  }

  /** Writes a run's end, unless its lease was lost to another worker meanwhile. */
  async function finish(row: Row, values: Partial<Row>): Promise<void> {
    await db
      .updateTable('job_queue')
      .set({ ...values, lease_until: null })
      .where('id', '=', row.id)
      .where('state', '=', 'active')
      .where('worker', '=', me)
      .where('attempts', '=', row.attempts)
      .execute();
  }

  async function run(row: Row, entry: Registered): Promise<void> {
    const lastAttempt = row.retry_limit + 1;
    if (row.attempts > lastAttempt) {
      // Its runs died past the limit (a lease that ran out counts as a run).
      await finish(row, { state: 'failed', error: 'lease expired', finished_at: now() });
      return;
    }
    try {
      await entry.handler({
        id: String(row.id),
        name: row.name,
        data: JSON.parse(row.data) as unknown,
        attempt: row.attempts,
        lastAttempt,
      });
      await finish(row, { state: 'completed', error: null, finished_at: now() });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      if (row.attempts < lastAttempt) {
        log.warn({ err, job: row.name, id: row.id, attempt: row.attempts }, 'job failed; retrying');
        await finish(row, {
          state: 'retry',
          error,
          run_at: now() + backoffMs(row.retry_delay, row.attempts),
        });
      } else {
        log.error({ err, job: row.name, id: row.id, attempt: row.attempts }, 'job failed');
        await finish(row, { state: 'failed', error, finished_at: now() });
      }
    }
  }

  /** Queues each schedule that is due, once: the move of its next time is the claim. */
  async function runSchedules(): Promise<void> {
    const at = now();
    const due = await db
      .selectFrom('job_schedules')
      .selectAll()
      .where('next_run_at', '<=', at)
      .execute();
    for (const s of due) {
      const next = nextRun(s.cron, s.tz, at);
      await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('job_schedules')
          .set({ next_run_at: next })
          .where('name', '=', s.name)
          .where('next_run_at', '=', s.next_run_at)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 1)
          await enqueue(
            s.name,
            JSON.parse(s.data) as object,
            { singletonKey: `schedule:${s.next_run_at}` },
            trx,
          );
      });
    }
  }

  /** Forgets jobs finished a week ago. */
  async function sweep(): Promise<void> {
    if (now() - lastSweep < 60_000) return;
    lastSweep = now();
    await db
      .deleteFrom('job_queue')
      .where('state', 'in', ['completed', 'failed'])
      .where('finished_at', '<', now() - KEEP_FINISHED_SECONDS * 1000)
      .execute();
  }

  async function work(): Promise<void> {
    while (!stopping) {
      try {
        await runSchedules();
        await sweep();
        for (const [name, entry] of handlers) {
          while (!stopping && entry.running < entry.concurrency) {
            const row = await claim(name);
            if (!row) break;
            entry.running += 1;
            const p: Promise<void> = run(row, entry)
              .catch((err: unknown) => log.error({ err, job: name }, 'job bookkeeping failed'))
              .finally(() => {
                entry.running -= 1;
                running.delete(p);
                nudge();
              });
            running.add(p);
          }
        }
      } catch (err) {
        // A busy database or a bad row: logged, and tried again at the next poll.
        log.error({ err }, 'the job queue could not be read');
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    kind: 'sqlite',
    enqueue,
    work(name, handler, opts: WorkOptions = {}) {
      handlers.set(name, {
        handler: handler as JobHandler<unknown>,
        concurrency: Math.max(1, opts.concurrency ?? 1),
        running: 0,
      });
    },
    schedule(name, cron, tz, data = {}) {
      nextRun(cron, tz, now()); // a bad rule fails here, at start
      schedules.set(name, { cron, tz, data });
    },
    async start() {
      if (started) return;
      started = true;
      for (const [name, s] of schedules) {
        const next = nextRun(s.cron, s.tz, now());
        await db
          .insertInto('job_schedules')
          .values({ name, cron: s.cron, tz: s.tz, data: JSON.stringify(s.data), next_run_at: next })
          .onConflict((oc) =>
            oc.column('name').doUpdateSet({
              cron: s.cron,
              tz: s.tz,
              data: JSON.stringify(s.data),
              // A changed rule takes effect at once; the same rule keeps its next time.
              next_run_at: sql<number>`case when job_schedules.cron = ${s.cron}
                and job_schedules.tz = ${s.tz} then job_schedules.next_run_at else ${next} end`,
            }),
          )
          .execute();
      }
      if (options.worker && (handlers.size > 0 || schedules.size > 0)) loop = work();
    },
    async stop(timeoutMs = 10_000) {
      stopping = true;
      nudge();
      await loop;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...running]),
        new Promise((resolve) => (timer = setTimeout(resolve, timeoutMs))),
      ]);
      clearTimeout(timer);
    },
    async idle(names, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        let q = db
          .selectFrom('job_queue')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('state', 'in', [...WAITING]);
        if (names) q = q.where('name', 'in', names);
        const { n } = await q.executeTakeFirstOrThrow();
        if (Number(n) === 0 && running.size === 0) return;
        if (Date.now() > until) throw new Error(`jobs still waiting after ${timeoutMs} ms`);
        nudge();
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}

/** The next time (ms) after `after` that `cron` names in `tz`. */
export function nextRun(cron: string, tz: string, after: number): number {
  return cronParser
    .parseExpression(cron, { currentDate: new Date(after), tz })
    .next()
    .getTime();
}
