import { z } from 'zod';

// The durable job queue (ADR 053): whether this instance runs jobs, and how often it looks.

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(min).max(max).default(fallback));

/** The job queue's variables, spread into config.ts's schema. */
export const jobsEnv = {
  /** `on` (default): this instance runs queued jobs; `off`: it only queues them. */
  JOBS_WORKER: z.preprocess(
    emptyAsUndefined,
    z.enum(['on', 'off'], { error: 'JOBS_WORKER must be on or off' }).default('on'),
  ),
  /** How often an idle worker looks for due jobs, in ms (pg-boss: at least 500). */
  JOBS_POLL_MS: int(50, 60_000, 1_000),
  /** PostgreSQL: how often pg-boss looks for runs past their lease, in seconds. */
  JOBS_MAINTENANCE_SECONDS: int(1, 3_600, 60),
};

type JobsEnv = z.output<z.ZodObject<typeof jobsEnv>>;

export type JobsConfig = { worker: boolean; pollMs: number; maintenanceSeconds: number };

export function readJobsConfig(e: JobsEnv): JobsConfig {
  return {
    worker: e.JOBS_WORKER === 'on',
    pollMs: e.JOBS_POLL_MS,
    maintenanceSeconds: e.JOBS_MAINTENANCE_SECONDS,
  };
}
