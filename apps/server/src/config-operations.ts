import { z } from 'zod';

// Running several instances (ADR 024): the database pool, the read replica, /metrics and the
// shutdown. Every default keeps the one-box set-up as it was.

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

/** The operations variables, spread into config.ts's schema. */
export const operationsEnv = {
  /** Connections per instance to PostgreSQL (each instance has its own pool). */
  PG_POOL_SIZE: int(1, 500, 10),
  /** PostgreSQL cancels a statement running longer than this; 0 = never. */
  PG_STATEMENT_TIMEOUT_MS: int(0, 3_600_000, 0),
  /** A read replica for guests' catalogue reads; the primary when unset. */
  DATABASE_READ_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must be a postgres:// URL')
      .optional(),
  ),
  /** `Authorization: Bearer <token>` opens /metrics; unset: /metrics does not exist. */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  ),
  /** After SIGTERM: /readyz answers 503 this long before the server stops accepting. */
  SHUTDOWN_DELAY_MS: int(0, 120_000, 0),
  /** After SIGTERM: in-flight requests get this long to finish before the process exits. */
  SHUTDOWN_TIMEOUT_MS: int(1_000, 600_000, 25_000),
  /**
   * How often each instance submits abandoned exam sessions past their deadline (ADR 016);
   * every instance sweeps, and each session has one winner.
   */
  EXAM_SWEEP_INTERVAL_MS: int(100, 3_600_000, 30_000),
  /**
   * How often each instance removes uploads left unfinished past their limit (a staff video's
   * tus parts, a file half written to storage); the first sweep runs as the server starts.
   */
  UPLOAD_SWEEP_INTERVAL_MS: int(100, 86_400_000, 3_600_000),
};

type OperationsEnv = z.output<z.ZodObject<typeof operationsEnv>>;

export type OperationsConfig = {
  pgPoolSize: number;
  pgStatementTimeoutMs: number;
  databaseReadUrl: string | undefined;
  metricsToken: string | undefined;
  shutdownDelayMs: number;
  shutdownTimeoutMs: number;
  examSweepIntervalMs: number;
  uploadSweepIntervalMs: number;
};

/** What cannot work: a replica without a primary. */
export function operationsProblems(e: OperationsEnv & { DATABASE_URL?: string }): string[] {
  return e.DATABASE_READ_URL && !e.DATABASE_URL
    ? ['DATABASE_READ_URL needs DATABASE_URL (a replica of PostgreSQL)']
    : [];
}

/** @example readOperationsConfig(env).pgPoolSize // 10 */
export function readOperationsConfig(e: OperationsEnv): OperationsConfig {
  return {
    pgPoolSize: e.PG_POOL_SIZE,
    pgStatementTimeoutMs: e.PG_STATEMENT_TIMEOUT_MS,
    databaseReadUrl: e.DATABASE_READ_URL,
    metricsToken: e.METRICS_TOKEN,
    shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    examSweepIntervalMs: e.EXAM_SWEEP_INTERVAL_MS,
    uploadSweepIntervalMs: e.UPLOAD_SWEEP_INTERVAL_MS,
  };
}
