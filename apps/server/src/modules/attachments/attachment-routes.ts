import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { sendFile } from '../../lib/send-file';
import { attachmentDownload } from './attachment-service';

export const attachmentRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    // Opened as a plain link (no bearer header), so the signed token carries who may download.
    serve(app, endpoints.downloadAttachment, async (request, reply) => {
      const { key, type, downloadName, userId, lectureId } = await attachmentDownload(
        ctx,
        request.params.id,
        request.query.at,
      );
      const sent = await sendFile(request, reply, ctx.storage, key, { type, downloadName });
      // An open for the student's progress (ADR 054): the whole file or its first range, once
      // per link (a PDF viewer asks for many ranges); written with the next batch.
      const range = request.headers.range;
      if (range === undefined || /^bytes=0-/.test(range)) {
        ctx.progress?.attachmentOpened({
          userId,
          attachmentId: request.params.id,
          lectureId,
          token: request.query.at!,
        });
      }
      return sent;
    });
  };
