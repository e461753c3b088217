import type { Readable } from 'node:stream';

/**
 * Where the product keeps files (docs/decisions/024-scale-out.md). Two areas:
 * - `public`: covers, avatars, slides, figures — anyone may fetch them at `/storage/<key>`;
 * - `private`: videos, attachments, receipts, image answers — only the API hands them out,
 *   after its own access checks and a signed link (the area is never served as it is).
 *
 * Keys are relative paths with `/` (`avatars/7-3fa9c2e1b0.png`). Two adapters implement it:
 * the local folder (`DATA_DIR/storage/<area>/<key>`, the default) and an S3-compatible bucket
 * (`<area>/<key>` in `S3_BUCKET`).
 */
export type StorageArea = 'public' | 'private';

/** A byte range, both ends included (as HTTP's Range and S3's GetObject count). */
export type ByteRange = { start: number; end: number };

export type StoredObject = { key: string; size: number };

export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Writes a whole file, replacing one of the same key. A stream is sent as it is read: on S3
   * in parts (multipart upload) once it passes one part's size, so a large video never sits
   * in memory whole.
   */
  write(
    area: StorageArea,
    key: string,
    body: Buffer | string | Readable,
    options?: { contentType?: string },
  ): Promise<void>;
  /** The file's size in bytes, or null when there is none. */
  size(area: StorageArea, key: string): Promise<number | null>;
  /** The file's bytes (or a range of them) as a stream, or null when there is none. */
  read(area: StorageArea, key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes a file; one that is already gone is not an error. */
  remove(area: StorageArea, key: string): Promise<void>;
  /** Every file of an area whose key starts with `prefix`, in no promised order. */
  list(area: StorageArea, prefix?: string): AsyncIterable<StoredObject>;
  /**
   * A link that reads one file straight from the bucket, without the server, until it expires
   * (a presigned GetObject); the answer carries the given type and caching. S3 only: the data
   * folder has none.
   */
  signedUrl?(
    area: StorageArea,
    key: string,
    options: { expiresInSeconds: number; contentType?: string; cacheControl?: string },
  ): Promise<string>;
  /** Throws when the storage cannot be reached (`/readyz`). */
  check(): Promise<void>;
  /** Releases connections (the S3 client's sockets). */
  close(): void;
}

/**
 * Refuses keys that could leave their area: absolute, `..`, backslashes, empty parts, NUL.
 * @example assertKey('avatars/7.png') // ok
 * @example assertKey('../dars.sqlite') // throws
 */
export function assertKey(key: string): void {
  if (
    key === '' ||
    key.length > 512 ||
    key.startsWith('/') ||
    /[\\\0]/.test(key) ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`Bad storage key: ${JSON.stringify(key)}`);
  }
}

/**
 * Reads a whole stored file into memory (small files: receipts under review, tests).
 * @example const bytes = await readAll(storage, 'private', 'receipts/7-ab.png')
 */
export async function readAll(
  storage: Storage,
  area: StorageArea,
  key: string,
): Promise<Buffer | null> {
  const stream = await storage.read(area, key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
