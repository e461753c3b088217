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
      const { key, type, downloadName } = await attachmentDownload(
        ctx,
        request.params.id,
        request.query.at,
      );
      return sendFile(request, reply, ctx.storage, key, { type, downloadName });
    });
  };
