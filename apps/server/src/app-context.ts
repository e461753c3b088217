import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { DB } from './db/schema';
import type { Dialect, PoolStats } from './db/database';
import type { Background } from './lib/background';
import type { Clock } from './lib/clock';
import type { Jobs } from './lib/jobs';
import type { Mailer } from './lib/mailer';
import type { Storage } from './storage';

/**
 * Where the player's reports and the downloads' opens go (modules/progress, ADR 054): kept in
 * memory and written in batches, so taking one costs the call nothing.
 */
export interface ProgressSink {
  /** Seconds seen playing of a video since the player's last report, and where it stands. */
  videoPlayed(event: {
    userId: number;
    videoId: number;
    watched: number;
    position: number;
    duration?: number;
  }): void;
  /** A signed download served to a student; `token` counts it once however many ranges follow. */
  attachmentOpened(event: {
    userId: number;
    attachmentId: number;
    lectureId: number;
    token: string;
  }): void;
}

/** What every module gets: the database, the validated configuration and the mailer. */
export type AppContext = {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * Guests' catalogue reads: a read replica (DATABASE_READ_URL) or, when unset, `db` itself
   * (ADR 024).
   */
  readDb?: Kysely<DB>;
  /** PostgreSQL's pool use, for /metrics. */
  poolStats?: () => PoolStats;
  config: Config;
  mailer: Mailer;
  /** Work done after the answer has gone (lib/background.ts). */
  background: Background;
  /** The durable job queue (lib/jobs, ADR 053): pg-boss on PostgreSQL, a table on SQLite. */
  jobs: Jobs;
  /** The app's logger, for work that must not fail the call it follows. */
  log?: FastifyBaseLogger;
  /** Where files live: the data folder or an S3 bucket (ADR 024). */
  storage: Storage;
  /** Signs video and download links (lib/app-secret.ts). */
  secret: Buffer;
  /** The time exam rules use (ADR 016); tests pass a clock they move. */
  clock: Clock;
  /** Progress events (ADR 054); absent where nothing records them (scripts, unit tests). */
  progress?: ProgressSink;
  /**
   * How the payment gateways call their providers (ADR 019): the global fetch unless given;
   * tests stand in for the providers' servers here.
   */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
};
