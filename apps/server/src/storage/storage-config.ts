import { z } from 'zod';
import type { S3StorageConfig } from './s3-storage';

// S3-compatible storage (ADR 024): all unset → the local folder under DATA_DIR.

const optionalText = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z.string().optional(),
);

/** The storage's environment variables, spread into config.ts's schema. */
export const storageEnv = {
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : v),
    z
      .string()
      .regex(/^https?:\/\/[^/]+\/?$/, 'S3_ENDPOINT must be an origin like https://s3.example.com')
      .optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(['true', 'false', '1', '0']).optional(),
  ),
  /**
   * `on`: a video's HLS segments are read by the player straight from the bucket, by a link the
   * segment call signs for a few minutes after its own checks (ADR 055), instead of through
   * the server. Needs the bucket's CORS to let the server's own origin GET: the player page,
   * framed by the apps too, is always the server's.
   */
  S3_PRESIGNED_SEGMENTS: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
    z.enum(['on', 'off'], { error: 'S3_PRESIGNED_SEGMENTS must be on or off' }).default('off'),
  ),
};

type StorageEnv = z.output<z.ZodObject<typeof storageEnv>>;

export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3StorageConfig);

/** What is set but cannot work: a key without its secret, S3 settings without a bucket. */
export function storageProblems(e: StorageEnv): string[] {
  const problems: string[] = [];
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  if (!e.S3_BUCKET && e.S3_PRESIGNED_SEGMENTS === 'on') {
    problems.push('S3_PRESIGNED_SEGMENTS=on needs S3_BUCKET: the data folder has no signed links');
  }
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_REGION)) {
    problems.push('S3_BUCKET is needed when any other S3_ variable is set');
  }
  return problems;
}

/**
 * @example readStorageConfig({ S3_BUCKET: 'dars' }) // { kind: 's3', bucket: 'dars', region: 'us-east-1', … }
 */
export function readStorageConfig(e: StorageEnv): StorageConfig {
  if (!e.S3_BUCKET) return { kind: 'local' };
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION ?? 'us-east-1',
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1',
    presignedSegments: e.S3_PRESIGNED_SEGMENTS === 'on',
  };
}
