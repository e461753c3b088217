import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database';
import { openJobs, pgBossSchemaOf, type Jobs } from '../../src/lib/jobs';
import { backoffMs } from '../../src/lib/jobs/jobs';
import { pgBossDb } from '../../src/lib/jobs/pg-boss-jobs';
import { nextRun } from '../../src/lib/jobs/sqlite-jobs';
import { startTestServer, type TestServer } from '../helpers';

// The durable job queue (ADR 053) on the database the run uses: SQLite's table, or pg-boss with
// TEST_DATABASE_URL. Each instance below is a queue of its own over its own connection, as a
// second server (or a restarted one) would have: what one queues, another runs; two working
// at once run each job once; a run whose worker stopped answering runs again after its lease.

let server: TestServer;
const connections: Database[] = [];
const queues: Jobs[] = [];
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  server = await startTestServer({ seed: false });
}, 120_000);
afterAll(async () => {
  for (const q of queues) await q.stop(1_000);
  for (const c of connections) await c.destroy();
  await server?.close();
});

/** Another connection to the test's database: a second instance's. */
async function connection(): Promise<Database> {
  if (server.dialect === 'sqlite') {
    const c = openDatabase({ sqliteFile: path.join(server.config.dataDir, 'dars.sqlite') });
    connections.push(c);
    return c;
  }
  const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(server.db);
  const c = openDatabase({
    databaseUrl: server.config.databaseUrl,
    pgSchema: rows[0]!.s,
    poolSize: 4,
  });
  connections.push(c);
  return c;
}

/** A queue on its own connection; `worker: false` only queues. */
async function queue(worker = true): Promise<Jobs> {
  const c = await connection();
  const q = await openJobs({
    db: c.db,
    dialect: c.dialect,
    config: { worker, pollMs: 50, maintenanceSeconds: 1 },
    log: quiet,
  });
  queues.push(q);
  return q;
}

let seq = 0;
const name = (what: string) => `test-${what}-${++seq}`;

describe('the job queue', () => {
  it('backs off as pg-boss does: base · 2^(n−1), plus up to as much again', () => {
    expect(backoffMs(10, 1, 0)).toBe(10_000);
    expect(backoffMs(10, 1, 0.999)).toBe(19_990);
    expect(backoffMs(10, 2, 0)).toBe(20_000);
    expect(backoffMs(10, 3, 0.5)).toBe(60_000);
  });

  it('retries a failing job after its backoff, each wait longer, until it succeeds', async () => {
    const job = name('retry');
    const runs: { at: number; attempt: number }[] = [];
    const q = await queue();
    q.work<{ n: number }>(job, async ({ attempt }) => {
      runs.push({ at: Date.now(), attempt });
      if (runs.length < 3) throw new Error('the provider answered 500');
    });
    await q.start();
    await q.enqueue(job, { n: 1 }, { retryLimit: 3, backoffSeconds: 1 });
    await q.idle([job], 30_000);
    expect(runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
    // First retry after at least 1 s, the second after at least 2 s (1 · 2¹).
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(950);
    expect(runs[2]!.at - runs[1]!.at).toBeGreaterThanOrEqual(1_950);
  }, 40_000);

  it('stops after the retry limit: the first run and its retries, no more', async () => {
    const job = name('limit');
    let runs = 0;
    const last: number[] = [];
    const q = await queue();
    q.work(job, async ({ attempt, lastAttempt }) => {
      runs += 1;
      last.push(lastAttempt);
      expect(attempt).toBe(runs);
      throw new Error('always');
    });
    await q.start();
    await q.enqueue(job, {}, { retryLimit: 1, backoffSeconds: 1 });
    await q.idle([job], 30_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(runs).toBe(2);
    expect(last).toEqual([2, 2]);
  }, 40_000);

  it('queues a job with a key once', async () => {
    const job = name('key');
    const q = await queue(false);
    expect(await q.enqueue(job, { a: 1 }, { singletonKey: 'k' })).not.toBeNull();
    expect(await q.enqueue(job, { a: 2 }, { singletonKey: 'k' })).toBeNull();
    expect(await q.enqueue(job, { a: 3 }, { singletonKey: 'other' })).not.toBeNull();
  });

  it('queues a finished key again only when asked to, never beside one still waiting', async () => {
    const job = name('again');
    const runs: number[] = [];
    const q = await queue();
    q.work<{ n: number }>(job, async ({ data }) => {
      runs.push(data.n);
      if (data.n === 1) throw new Error('the file is not a video');
    });
    await q.start();
    // Failed (no retry left): its key is kept, an ordinary request queues nothing.
    expect(await q.enqueue(job, { n: 1 }, { singletonKey: 'k', retryLimit: 0 })).not.toBeNull();
    await q.idle([job], 20_000);
    expect(await q.enqueue(job, { n: 2 }, { singletonKey: 'k' })).toBeNull();
    // Asked again: the failed one gives its key to a new job, which runs.
    const again = { singletonKey: 'k', replaceFinished: true };
    expect(await q.enqueue(job, { n: 3 }, again)).not.toBeNull();
    await q.idle([job], 20_000);
    // Completed, it gives its key too.
    expect(await q.enqueue(job, { n: 4 }, again)).not.toBeNull();
    await q.idle([job], 20_000);
    expect(runs).toEqual([1, 3, 4]);

    // One still waiting keeps its key: a request to replace it queues nothing.
    const idle = await queue(false);
    const waiting = name('waiting');
    expect(await idle.enqueue(waiting, { n: 5 }, { singletonKey: 'w' })).not.toBeNull();
    expect(
      await idle.enqueue(waiting, { n: 6 }, { singletonKey: 'w', replaceFinished: true }),
    ).toBeNull();
  }, 60_000);

  it('loses nothing on a restart: what one instance queued, the next runs', async () => {
    const job = name('restart');
    const before = await queue(false);
    for (let i = 0; i < 5; i += 1) await before.enqueue(job, { i });
    await before.stop();
    const seen: number[] = [];
    const after = await queue();
    after.work<{ i: number }>(job, async ({ data }) => {
      seen.push(data.i);
    });
    await after.start();
    await after.idle([job], 20_000);
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4]);
  }, 30_000);

  it('writes a job with the transaction it is queued in, and none when it rolls back', async () => {
    const job = name('trx');
    const q = await queue(false);
    const db = connections.at(-1)!.db;
    await db
      .transaction()
      .execute(async (trx) => {
        await q.enqueue(job, { kept: false }, {}, trx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    await db.transaction().execute(async (trx) => {
      await q.enqueue(job, { kept: true }, {}, trx);
    });
    const seen: boolean[] = [];
    const worker = await queue();
    worker.work<{ kept: boolean }>(job, async ({ data }) => {
      seen.push(data.kept);
    });
    await worker.start();
    await worker.idle([job], 20_000);
    expect(seen).toEqual([true]);
  }, 30_000);

  it('runs each job once with two instances working at once', async () => {
    const job = name('two');
    const runs = new Map<number, string[]>();
    const workers = [await queue(), await queue()];
    workers.forEach((w, index) =>
      w.work<{ i: number }>(
        job,
        async ({ data }) => {
          runs.set(data.i, [...(runs.get(data.i) ?? []), `w${index}`]);
          await new Promise((r) => setTimeout(r, 20));
        },
        { concurrency: 3 },
      ),
    );
    for (let i = 0; i < 40; i += 1) await workers[0]!.enqueue(job, { i });
    await Promise.all(workers.map((w) => w.start()));
    await workers[0]!.idle([job], 60_000);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
    expect([...runs.values()].every((by) => by.length === 1)).toBe(true);
    // Both took a share.
    const byWorker = new Set([...runs.values()].flat());
    expect(byWorker).toEqual(new Set(['w0', 'w1']));
  }, 90_000);

  it('starts two instances at once, each making the same new queues', async () => {
    const names = [name('race'), name('race'), name('race')];
    const seen: string[] = [];
    const workers = [await queue(), await queue(), await queue()];
    for (const w of workers)
      for (const n of names)
        w.work(n, async ({ name: which }) => {
          seen.push(which);
        });
    // pg-boss makes each queue in a transaction of its own: racing ones may deadlock or clash.
    await Promise.all(workers.map((w) => w.start()));
    for (const n of names) await workers[0]!.enqueue(n, {});
    await workers[0]!.idle(names, 20_000);
    expect(seen.sort()).toEqual([...names].sort());
  }, 40_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'has written a job’s end when stop resolves, even a write held up behind a lock',
    async () => {
      const job = name('end-before-stop');
      const schema = await pgBossSchemaOf(server.db);
      const locker = await connection();
      const q = await queue();
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let lock!: (id: string) => void;
      const toLock = new Promise<string>((resolve) => (lock = resolve));
      let locked!: () => void;
      const lockTaken = new Promise<void>((resolve) => (locked = resolve));
      // Another session locks the job's row while the handler runs: pg-boss's "completed"
      // waits behind it until the lock goes, 1.5 s after the handler ended.
      const holding = locker.db.transaction().execute(async (trx) => {
        const id = await toLock;
        await sql`select 1 from ${sql.id(schema, 'job')} where id = ${id} for update`.execute(trx);
        locked();
        await held;
      });
      let jobId = '';
      q.work(job, async ({ id }) => {
        jobId = id;
        lock(id);
        await lockTaken;
        setTimeout(release, 1_500);
      });
      await q.start();
      await q.enqueue(job, {});
      await lockTaken;
      await q.stop(5_000);
      const { rows } = await sql<{ state: string }>`
        select state from ${sql.id(schema, 'job')} where id = ${jobId}`.execute(server.db);
      expect(rows[0]?.state).toBe('completed');
      await holding;
    },
    30_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'leaves a job that outlives stop to run again, without touching the closed database',
    async () => {
      const job = name('outlives-stop');
      const schema = await pgBossSchemaOf(server.db);
      const c = await connection();
      const q = await openJobs({
        db: c.db,
        dialect: c.dialect,
        config: { worker: true, pollMs: 50, maintenanceSeconds: 1 },
        log: quiet,
      });
      const unhandled: unknown[] = [];
      const seen = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', seen);
      try {
        let started!: () => void;
        const running = new Promise<void>((resolve) => (started = resolve));
        let ended!: () => void;
        const finished = new Promise<void>((resolve) => (ended = resolve));
        let jobId = '';
        q.work(job, async ({ id }) => {
          jobId = id;
          started();
          await new Promise((r) => setTimeout(r, 2_500));
          ended();
          throw new Error('the provider answered 500');
        });
        await q.start();
        await q.enqueue(job, {});
        await running;
        await q.stop(1_000); // pg-boss waits at least 1 s: the handler is still running
        await c.destroy();
        await finished;
        await new Promise((r) => setTimeout(r, 300));
        expect(unhandled).toEqual([]);
        const { rows } = await sql<{ state: string }>`
          select state from ${sql.id(schema, 'job')} where id = ${jobId}`.execute(server.db);
        // pg-boss's stop failed it when its wait ran out: it runs again after its backoff.
        expect(rows[0]?.state).toBe('retry');
      } finally {
        process.off('unhandledRejection', seen);
      }
    },
    30_000,
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'gives the app back a working connection after a text of pg-boss’s fails mid-transaction',
    async () => {
      // One connection in the pool: whatever pg-boss leaves on it, the next request meets.
      const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(server.db);
      const one = openDatabase({
        databaseUrl: server.config.databaseUrl,
        pgSchema: rows[0]!.s,
        poolSize: 1,
      });
      connections.push(one);
      // As pg-boss makes a queue: one text, a transaction, a statement in it failing.
      await expect(
        pgBossDb(one.db).executeSql('begin; select 1; select 1 / 0; commit;', []),
      ).rejects.toThrow(/division by zero/);
      const after = await sql<{ n: number }>`select 2 as n`.execute(one.db);
      expect(after.rows).toEqual([{ n: 2 }]);
      // In a transaction of ours, the failure is the transaction's: it fails, nothing is kept.
      await expect(
        one.db.transaction().execute(async (trx) => {
          await sql`create temporary table kept (n int)`.execute(trx);
          await pgBossDb(trx).executeSql('select 1 / 0', []);
        }),
      ).rejects.toThrow(/division by zero/);
      await expect(sql`select * from kept`.execute(one.db)).rejects.toThrow(/kept/);
    },
  );

  it('runs again a job whose worker stopped answering, once its lease ran out', async () => {
    const job = name('lease');
    const finished: number[] = [];
    const dead = await queue();
    let started = 0;
    dead.work(job, async ({ attempt }) => {
      started += 1;
      // The first run hangs, as a killed process never finishes (pg-boss also gives up on a
      // run in its own process at the lease; this instance may then take the retry itself).
      if (attempt === 1) await new Promise(() => {});
      finished.push(attempt);
    });
    await dead.start();
    await dead.enqueue(job, {}, { expireInSeconds: 1, retryLimit: 2, backoffSeconds: 1 });
    while (started === 0) await new Promise((r) => setTimeout(r, 50));
    // The hung instance is left as it is (stopping it would hand its job back): only the
    // lease running out gives the job to a run again.
    const alive = await queue();
    alive.work(job, async ({ attempt }) => {
      finished.push(attempt);
    });
    await alive.start();
    await alive.idle([job], 30_000);
    expect(finished).toEqual([2]);
  }, 40_000);
});

describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded queue’s schedules', () => {
  it('finds the next time of a rule in Cairo’s time', () => {
    // Friday 2026-12-04 12:00 in Cairo (UTC+2) is 10:00 UTC.
    const after = Date.parse('2026-11-30T09:00:00Z');
    expect(new Date(nextRun('0 12 * * 5', 'Africa/Cairo', after)).toISOString()).toBe(
      '2026-12-04T10:00:00.000Z',
    );
  });

  it('queues a due schedule once, whichever instance sees it first', async () => {
    const job = name('clock');
    const runs: string[] = [];
    const workers = [await queue(), await queue()];
    workers.forEach((w, i) => {
      w.schedule(job, '0 12 * * 5', 'Africa/Cairo');
      w.work(job, async () => {
        runs.push(`w${i}`);
      });
    });
    await workers[0]!.start();
    // Due now: both instances look; one moves the next time and queues the job.
    await server.db
      .updateTable('job_schedules')
      .set({ next_run_at: Date.now() - 1_000 })
      .where('name', '=', job)
      .execute();
    await workers[1]!.start();
    await new Promise((r) => setTimeout(r, 500));
    await workers[0]!.idle([job], 10_000);
    expect(runs).toHaveLength(1);
    const schedule = await server.db
      .selectFrom('job_schedules')
      .select('next_run_at')
      .where('name', '=', job)
      .executeTakeFirstOrThrow();
    expect(schedule.next_run_at).toBeGreaterThan(Date.now());
  }, 30_000);
});
