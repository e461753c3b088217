import fs from 'node:fs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * Streams a private file, honouring a single HTTP Range (what video players seek with).
 * @example return sendFile(request, reply, '/data/storage/private/v.mp4', { type: 'video/mp4' })
 */
export function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: string,
  options: { type: string; downloadName?: string },
) {
  let size: number;
  try {
    size = fs.statSync(file).size;
  } catch {
    throw new AppError('NOT_FOUND', 'الملف غير موجود');
  }
  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', options.type)
    .header('cache-control', 'private, no-store');
  if (options.downloadName) {
    reply.header(
      'content-disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(options.downloadName)}`,
    );
  }
  const match = RANGE.exec(request.headers.range ?? '');
  if (!match || (match[1] === '' && match[2] === '')) {
    reply.header('content-length', size);
    return reply.send(fs.createReadStream(file));
  }
  let start = match[1] === '' ? size - Number(match[2]) : Number(match[1]);
  let end = match[1] === '' || match[2] === '' ? size - 1 : Number(match[2]);
  start = Math.max(0, start);
  end = Math.min(end, size - 1);
  if (start > end || start >= size) {
    return reply.code(416).header('content-range', `bytes */${size}`).send();
  }
  reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .header('content-length', end - start + 1);
  return reply.send(fs.createReadStream(file, { start, end }));
}
