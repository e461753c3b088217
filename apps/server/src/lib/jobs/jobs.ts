import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';

// The durable job queue (ADR 053): work that must happen once, later, whatever restarts or
// dies in between — a text message to send, a video to transcode. A job is a row in the
// database, so a restart loses none; a job is run by one worker at a time, on one instance of
// several; a job whose worker died mid-run is run again once its lease has expired; a job that
// throws is retried after an exponential backoff, up to its limit. PostgreSQL: pg-boss
// (pg-boss-jobs.ts). The embedded SQLite file: a table claimed by one atomic statement
// (sqlite-jobs.ts). Both behind this one interface.

export type JobOptions = {
  /**
   * An idempotency key: a second job of the same name with this key is not queued (enqueue
   * answers null) while the first is kept, waiting, running or finished (kept 7 days).
   */
  singletonKey?: string;
  /**
   * With `singletonKey`: a job of that key that has finished (completed or failed) is forgotten
   * first, so the key is queued again (staff asking for a failed job once more); one still
   * waiting, retrying or running is kept, and enqueue answers null as without this.
   */
  replaceFinished?: boolean;
  /** Retries after the first run fails (default 3). */
  retryLimit?: number;
  /**
   * Seconds before the first retry (default 10, at least 1); each retry waits twice as long as
   * the one before, with up to as much again at random (pg-boss's backoff): 10–20 s, 20–40 s, …
   */
  backoffSeconds?: number;
  /** The lease: a run not finished after this many seconds counts as dead and is run again. */
  expireInSeconds?: number;
  /** Wait this many seconds before the first run. */
  startAfterSeconds?: number;
};

export type Job<T> = {
  id: string;
  name: string;
  data: T;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** The run after which no retry comes: `attempt === lastAttempt` is the last chance. */
  lastAttempt: number;
};

export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export type WorkOptions = {
  /** Jobs of this name run at once on this instance (default 1). */
  concurrency?: number;
};

/** Where an enqueue writes: the app's database, or a transaction the job joins. */
export type JobDb = Kysely<DB> | Transaction<DB>;

export interface Jobs {
  readonly kind: 'sqlite' | 'pg-boss';
  /**
   * Queues a job; its id, or null when `singletonKey` found one already. Given a transaction,
   * the job is written in it: committed with the change that asked for it, or not at all.
   */
  enqueue<T extends object>(
    name: string,
    data: T,
    options?: JobOptions,
    trx?: JobDb,
  ): Promise<string | null>;
  /** Runs `handler` for the jobs of `name` while the queue is started (register before start). */
  work<T>(name: string, handler: JobHandler<T>, options?: WorkOptions): void;
  /**
   * A job queued by the clock: `cron` (five fields) in `tz`, on one instance only. Registered
   * at start; the same name again replaces the rule.
   */
  schedule(name: string, cron: string, tz: string, data?: object): void;
  /** Starts the workers (when this instance works) and the schedules. */
  start(): Promise<void>;
  /** Stops taking jobs and waits for those running (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
  /**
   * Resolves once no job of `names` (all when omitted) waits, retries or runs; throws after
   * `timeoutMs`. For tests and for a graceful drain.
   */
  idle(names?: string[], timeoutMs?: number): Promise<void>;
}

/** Defaults of JobOptions. */
export const JOB_DEFAULTS = {
  retryLimit: 3,
  backoffSeconds: 10,
  expireInSeconds: 15 * 60,
} as const;

/** How long a finished job is kept (its singletonKey with it). */
export const KEEP_FINISHED_SECONDS = 7 * 24 * 3600;

/**
 * The wait before retry `n` (1 for the first), in ms: `base · 2^(n−1)`, plus up to as much
 * again at random, as pg-boss computes it, so both queues back off alike.
 * @example backoffMs(10, 1, 0) // 10000
 */
export function backoffMs(baseSeconds: number, retry: number, random = Math.random()): number {
  const step = baseSeconds * 2 ** Math.min(16, retry - 1);
  return Math.round((step + step * random) * 1000);
}

export function retryLimitOf(options: JobOptions): number {
  return Math.max(0, Math.floor(options.retryLimit ?? JOB_DEFAULTS.retryLimit));
}

export function backoffOf(options: JobOptions): number {
  return Math.max(1, Math.floor(options.backoffSeconds ?? JOB_DEFAULTS.backoffSeconds));
}

export function expireOf(options: JobOptions): number {
  return Math.max(1, Math.floor(options.expireInSeconds ?? JOB_DEFAULTS.expireInSeconds));
}

/** Something to log with, as Fastify's logger has it. */
export type JobLog = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};
