import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertKey, type Storage, type StorageArea } from './storage';

export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** Any S3-compatible service (MinIO, R2, a test server); AWS itself when unset. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `bucket` in the path (`https://host/bucket/key`), which MinIO and test servers need. */
  forcePathStyle: boolean;
  /** HLS segments read by the player from the bucket by a presigned link (`S3_PRESIGNED_SEGMENTS`). */
  presignedSegments?: boolean;
};

/** Parts of a multipart upload: S3's minimum is 5 MiB; two go up at once. */
export const PART_BYTES = 8 * 1024 * 1024;

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' ||
      error.name === 'NoSuchKey' ||
      error.$metadata.httpStatusCode === 404)
  );
}

/**
 * The S3 adapter: an area is a key prefix (`public/…`, `private/…`) in one bucket, which stays
 * private: the server reads and streams every file itself, so the bucket needs no public
 * policy and no link to it is ever handed out (ADR 024).
 * @example const storage = s3Storage({ bucket: 'dars', region: 'eu-central-1', forcePathStyle: false })
 */
export function s3Storage(config: S3StorageConfig): Storage & { readonly kind: 's3' } {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    ...(config.accessKeyId && config.secretAccessKey
      ? {
          credentials: {
            accessKeyId: config.accessKeyId,
            secretAccessKey: config.secretAccessKey,
          },
        }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible services refuse the
    // SDK's newer default trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  const objectKey = (area: StorageArea, key: string) => {
    assertKey(key);
    return `${area}/${key}`;
  };

  return {
    kind: 's3',
    async write(area, key, body, options = {}) {
      const Key = objectKey(area, key);
      const ContentType = options.contentType;
      if (body instanceof Readable) {
        const upload = new Upload({
          client,
          params: { Bucket, Key, Body: body, ContentType },
          partSize: PART_BYTES,
          queueSize: 2,
          leavePartsOnError: false,
        });
        await upload.done();
        return;
      }
      await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType }));
    },
    async size(area, key) {
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket, Key: objectKey(area, key) }),
        );
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async read(area, key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(area, key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    signedUrl(area, key, { expiresInSeconds, contentType, cacheControl }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: objectKey(area, key),
          ...(contentType ? { ResponseContentType: contentType } : {}),
          ...(cacheControl ? { ResponseCacheControl: cacheControl } : {}),
        }),
        { expiresIn: expiresInSeconds },
      );
    },
    async remove(area, key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(area, key) }));
    },
    async *list(area, prefix = '') {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: `${area}/${prefix}`, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key) yield { key: item.Key.slice(area.length + 1), size: item.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    close() {
      client.destroy();
    },
  };
}
