import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isOrigin } from './plugins/cors';
import type { LogFormat } from './lib/log-format';
import {
  halfConfigured,
  paymentsEnv,
  readPaymentsConfig,
  type PaymentsConfig,
} from './config-payments';
import {
  readStorageConfig,
  storageEnv,
  storageProblems,
  type StorageConfig,
} from './storage/storage-config';
import { jobsEnv, readJobsConfig, type JobsConfig } from './config-jobs';
import { readVideoConfig, videoEnv, type VideoConfig } from './config-video';
import {
  messagingEnv,
  messagingHalfConfigured,
  readMessagingConfig,
  type MessagingConfig,
} from './config-messaging';
import {
  operationsEnv,
  operationsProblems,
  readOperationsConfig,
  type OperationsConfig,
} from './config-operations';

/** The repository root, so `./data` and the web build are found wherever npm runs us from. */
export const REPO_ROOT = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
      .optional(),
  ),
  /** Where the built SPA lives; the server answers the SPA's routes with its index.html. */
  WEB_DIST: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  /** Where the built staff console lives; served under /staff (ADR 023). */
  STAFF_DIST: z.string().default(path.join(REPO_ROOT, 'apps/staff/dist')),
  /**
   * `demo`: this server is the demo (`npm start` asks for it): an empty database gets the demo
   * school, and the payments sandbox stands in for gateways without credentials. Unset or
   * `none`: a school's own server, which starts empty and refuses a database holding the demo
   * (ADR 032).
   */
  SEED: z.preprocess(
    emptyAsUndefined,
    z.enum(['demo', 'none'], { error: 'SEED must be demo or none' }).default('none'),
  ),
  /** smtp://user:pass@host:587 — without it mail goes to DATA_DIR/outbox/. */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().default('دَرس <no-reply@dars.local>'),
  /** Signs video and download links; set the same value on every instance. Generated if unset. */
  APP_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` or `pretty`; unset, the demo (SEED=demo, `--demo`) is pretty, anything else JSON. */
  LOG_FORMAT: z.preprocess(emptyAsUndefined, z.enum(['json', 'pretty']).optional()),
  /**
   * Origins besides the native apps' (capacitor://localhost, https://localhost) whose pages
   * may call the API from another site: a comma-separated list of origins (ADR 021).
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isOrigin), {
      message: 'CORS_ORIGINS must be origins such as https://school.example, comma-separated',
    }),
  /**
   * Which X-Forwarded-* hops to believe: `false` (none), `true` (one proxy), a number of
   * proxies, or a comma-separated list of proxy addresses/CIDRs. Never the client's own entry.
   */
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .default('false')
      .transform((v, ctx) => {
        const parsed = parseTrustProxy(v);
        if (parsed === null) {
          ctx.addIssue({
            code: 'custom',
            message: 'TRUST_PROXY must be true, false, a number of hops or a list of addresses',
          });
          return z.NEVER;
        }
        return parsed;
      }),
  ),
  ...paymentsEnv,
  ...storageEnv,
  ...operationsEnv,
  ...jobsEnv,
  ...videoEnv,
  ...messagingEnv,
});

/**
 * What Fastify should trust: `false`, a number of hops, or a list of proxy addresses. Our `true`
 * is one hop — Fastify's own `true` trusts every hop, so the client's leftmost
 * X-Forwarded-For entry would become `request.ip`.
 */
export type TrustProxy = false | number | string[];

// proxy-addr's names (loopback, linklocal, uniquelocal), IPv4 or IPv6, with an optional /bits.
const ADDRESS_OR_CIDR =
  /^(?:loopback|linklocal|uniquelocal|[0-9]{1,3}(?:\.[0-9]{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(?:\/[0-9]{1,3})?$/i;

/**
 * @example parseTrustProxy('true') // 1
 * @example parseTrustProxy('10.0.0.0/8, 127.0.0.1') // ['10.0.0.0/8', '127.0.0.1']
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const v = value.trim().toLowerCase();
  if (v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^[0-9]+$/.test(v)) return Number(v) <= 10 ? Number(v) : null;
  const list = v.split(',').map((s) => s.trim());
  return list.every((s) => ADDRESS_OR_CIDR.test(s)) ? list : null;
}

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string;
  staffDist: string;
  seed: 'demo' | 'none';
  logLevel: string;
  /** A line of JSON per event, or a readable line (lib/log-format.ts). */
  logFormat: LogFormat;
  trustProxy: TrustProxy;
  /** Extra origins allowed to call the API cross-origin, besides the native apps' (ADR 021). */
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  appSecret: string | undefined;
  /** The payment gateways' credentials and the sandbox switch (ADR 019). */
  payments: PaymentsConfig;
  /** Where files live: the data folder, or an S3-compatible bucket (ADR 024). */
  storage: StorageConfig;
  /** Pool, replica, metrics and shutdown (ADR 024). */
  operations: OperationsConfig;
  /** The durable job queue (ADR 053). */
  jobs: JobsConfig;
  /** WhatsApp and SMS providers and the messages' sandbox (ADR 053). */
  messaging: MessagingConfig;
  /** The videos' HLS ladders (ADR 055). */
  video: VideoConfig;
};

/**
 * Reads and validates the environment once at start; a bad value stops the server with a
 * readable message instead of failing later. Relative paths are taken from where npm was run.
 * @example loadConfig({ PORT: '8080', DATA_DIR: '/srv/dars' }).port // 8080
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const lines = parsed.success
    ? [
        ...halfConfigured(parsed.data),
        ...storageProblems(parsed.data),
        ...operationsProblems(parsed.data),
        ...messagingHalfConfigured(parsed.data),
      ].map((p) => `  ${p}`)
    : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  if (!parsed.success || lines.length) {
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const base = env.INIT_CWD ?? process.cwd();
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(base, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    webDist: path.resolve(base, e.WEB_DIST),
    staffDist: path.resolve(base, e.STAFF_DIST),
    seed: e.SEED,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (e.SEED === 'demo' ? 'pretty' : 'json'),
    trustProxy: e.TRUST_PROXY,
    corsOrigins: e.CORS_ORIGINS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appSecret: e.APP_SECRET,
    payments: readPaymentsConfig(e),
    storage: readStorageConfig(e),
    operations: readOperationsConfig(e),
    jobs: readJobsConfig(e),
    messaging: readMessagingConfig(e),
    video: readVideoConfig(e),
  };
}
