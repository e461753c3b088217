import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Storage, StorageArea } from '../storage';
import { AppError } from './app-error';

const RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Streams a stored file (private unless said otherwise) from the storage in use, honouring a
 * single HTTP Range (what video players seek with): the local folder reads that slice of the
 * file, S3 asks the bucket for it (ADR 024).
 * @example return sendFile(request, reply, ctx.storage, 'seed/videos/sample.mp4', { type: 'video/mp4' })
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: Storage,
  key: string,
  options: { type: string; downloadName?: string; area?: StorageArea; cacheControl?: string },
) {
  const area = options.area ?? 'private';
  const size = await storage.size(area, key);
  if (size === null) throw new AppError('NOT_FOUND', 'الملف غير موجود');
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', options.type)
    .header('cache-control', options.cacheControl ?? 'private, no-store');
  if (options.downloadName) {
    reply.header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`,
    );
  }
  const match = RANGE.exec(request.headers.range ?? '');
  if (!match || (match[1] === '' && match[2] === '')) {
    const body = await storage.read(area, key);
    if (!body) throw new AppError('NOT_FOUND', 'الملف غير موجود');
    reply.header('content-length', size);
    return reply.send(body);
  }
  let start = match[1] === '' ? size - Number(match[2]) : Number(match[1]);
  let end = match[1] === '' || match[2] === '' ? size - 1 : Number(match[2]);
  start = Math.max(0, start);
  end = Math.min(end, size - 1);
  if (start > end || start >= size) {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  const body = await storage.read(area, key, { start, end });
  if (!body) throw new AppError('NOT_FOUND', 'الملف غير موجود');
  reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .header('content-length', end - start + 1);
  return reply.send(body);
}
