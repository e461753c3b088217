import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { AppError } from '../../lib/app-error';
import { sendFile } from '../../lib/send-file';
import { verifyToken } from '../../lib/signed-token';
import { lectureAccess } from '../lectures/lecture-access';

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export const attachmentRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const privateRoot = path.join(ctx.config.dataDir, 'storage', 'private');

    // Opened as a plain link (no bearer header), so the signed token carries who may download.
    serve(app, endpoints.downloadAttachment, async (request, reply) => {
      const payload = request.query.at ? verifyToken(ctx.secret, request.query.at) : null;
      if (!payload || payload.a !== request.params.id || typeof payload.u !== 'number') {
        throw new AppError('FORBIDDEN', 'انتهت صلاحية رابط التحميل، افتح المحاضرة مرة أخرى');
      }
      const attachment = await ctx.db
        .selectFrom('attachments')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!attachment) throw new AppError('NOT_FOUND', 'الملف غير موجود');
      // Access is checked again at download time: a link must not outlive the purchase.
      const access = await lectureAccess(ctx.db, attachment.lecture_id, payload.u);
      if (!access.hasAccess) throw new AppError('FORBIDDEN');
      return sendFile(request, reply, path.join(privateRoot, attachment.file_path), {
        type: TYPES[attachment.extension] ?? 'application/octet-stream',
        downloadName: `${attachment.name}.${attachment.extension}`,
      });
    });
  };
