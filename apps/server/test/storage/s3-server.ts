import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
// @ts-expect-error s3rver ships no types
import FilesystemStore from 's3rver/lib/stores/filesystem.js';
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3StorageConfig } from '../../src/storage/s3-storage';

/** Writes `source` to `file` (its folder made) and resolves once the file is flushed. */
async function writeWhole(source: Readable, file: string): Promise<{ size: number; md5: string }> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const md5 = createHash('md5');
  let size = 0;
  await pipeline(
    source,
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    }),
    fs.createWriteStream(file),
  );
  return { size, md5: md5.digest('hex') };
}

/**
 * s3rver 3.7.1 answers a PUT before its file is written (`putObject` resolves on
 * `writeStream.end()`, not on the file's `finish`), so a read right after an overwrite could get
 * the old object on a busy machine (seen in CI: 'first' instead of 'second version'). Real S3
 * reads after a write are consistent; the fake is made so here: the same write, awaited.
 */
type PutObject = {
  bucket: string;
  key: string;
  content: Buffer | NodeJS.ReadableStream;
  metadata: unknown;
};
FilesystemStore.prototype.putObject = async function putObject(
  this: {
    getResourcePath: (bucket: string, key: string, kind: string) => string;
    putMetadata: (bucket: string, key: string, metadata: unknown, md5: string) => Promise<void>;
  },
  object: PutObject,
) {
  const source = Buffer.isBuffer(object.content)
    ? Readable.from([object.content])
    : (object.content as Readable);
  const written = await writeWhole(
    source,
    this.getResourcePath(object.bucket, object.key, 'object'),
  );
  await this.putMetadata(object.bucket, object.key, object.metadata, written.md5);
  return written;
};

/**
 * The same for a multipart upload's part: s3rver resolves `putPart` on its hashing stream's
 * `finish`, before the part's file is flushed, so completing the upload could concatenate a part
 * still being written. Here the part is written whole before the part's answer.
 */
FilesystemStore.prototype.putPart = async function putPart(
  this: { getResourcePath: (bucket: string, key: undefined, kind: string) => string },
  bucket: string,
  uploadId: string,
  partNumber: number,
  content: Readable,
) {
  const partPath = path.join(
    this.getResourcePath(bucket, undefined, 'uploads'),
    uploadId,
    String(partNumber),
  );
  const written = await writeWhole(content, partPath);
  await fs.promises.writeFile(`${partPath}.md5`, written.md5);
  return written;
};

export type TestBucket = {
  config: S3StorageConfig;
  /** The S3_* variables that point the server at this bucket. */
  env: Record<string, string>;
  /** How each object was created, in order: `ObjectCreated:Put`, or `:Post` for a multipart upload. */
  events: { name: string; key: string }[];
  close: () => Promise<void>;
};

/**
 * A local S3-compatible server (s3rver, over HTTP on a free port) with one empty bucket, its
 * objects in a temporary folder.
 * @example const bucket = await startTestBucket(); … await bucket.close()
 */
export async function startTestBucket(
  name = 'dars-test',
  /** Origins whose pages may GET the bucket's objects (its CORS rules), as on a real bucket. */
  corsOrigins: string[] = [],
): Promise<TestBucket> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'dars-s3-'));
  const rule = [
    ...corsOrigins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`),
    '<AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader>',
  ].join('');
  const cors = corsOrigins.length
    ? [`<CORSConfiguration><CORSRule>${rule}</CORSRule></CORSConfiguration>`]
    : [];
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name, configs: cors }],
  });
  const events: TestBucket['events'] = [];
  server.on(
    'event',
    (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
      for (const record of event.Records) {
        events.push({ name: record.eventName, key: record.s3.object.key });
      }
    },
  );
  const { port } = (await server.run()) as { port: number };
  const config: S3StorageConfig = {
    bucket: name,
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    config,
    env: {
      S3_BUCKET: name,
      S3_REGION: config.region,
      S3_ENDPOINT: config.endpoint!,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    events,
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
