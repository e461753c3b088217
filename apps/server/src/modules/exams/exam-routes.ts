import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { serve } from '../../plugins/endpoint';
import { sendFile } from '../../lib/send-file';
import { answerImageFile, saveImageAnswer } from './exam-image-answers';
import {
  examDetailsByCode,
  resultsList,
  saveAnswers,
  sessionView,
  startSession,
  submitSession,
  sweepOverdueSessions,
} from './exam-service';
import { recordClientEvents } from './exam-integrity';

export const examRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    serve(app, endpoints.getExamDetails, async (request) => {
      const user = await request.requireUser();
      return { data: await examDetailsByCode(ctx, user.id, request.query.exam_code) };
    });

    // A running session belongs to the sign-in that opened it (ADR 051): each call names its own.
    serve(app, endpoints.startExamSession, async (request) => {
      const { user, tokenId } = await request.requireSession();
      return { data: { token: await startSession(ctx, user.id, request.body.exam_id, tokenId) } };
    });

    serve(app, endpoints.getExamSession, async (request) => {
      const { user, tokenId } = await request.requireSession();
      return sessionView(ctx, user.id, request.query.session_token, {
        device: tokenId,
        address: request.ip,
      });
    });

    serve(app, endpoints.saveExamEvents, async (request) => {
      const user = await request.requireUser();
      return recordClientEvents(ctx, user.id, request.body.session_token, request.body.events);
    });

    serve(app, endpoints.saveExamAnswers, async (request) => {
      const { user, tokenId } = await request.requireSession();
      const { session_token: token, answers } = request.body;
      return saveAnswers(ctx, user.id, token, tokenId, answers);
    });

    serve(app, endpoints.saveExamImageAnswer, async (request) => {
      const { user, tokenId } = await request.requireSession();
      return saveImageAnswer(ctx, user.id, tokenId, request);
    });

    serve(app, endpoints.submitExamSession, async (request) => {
      const { user, tokenId } = await request.requireSession();
      const { session_token: token, answers } = request.body;
      return submitSession(ctx, user.id, token, tokenId, answers);
    });

    serve(app, endpoints.getExamResults, async (request) => {
      const user = await request.requireUser();
      return { data: await resultsList(ctx, user.id, 'exam') };
    });

    serve(app, endpoints.getHomeworkResults, async (request) => {
      const user = await request.requireUser();
      return { data: await resultsList(ctx, user.id, 'homework') };
    });

    // Opened as an <img> (no bearer header): the signed link says whose answer it is.
    serve(app, endpoints.getAnswerImage, async (request, reply) => {
      const { key, type } = await answerImageFile(ctx, request.params.id, request.query.at);
      return sendFile(request, reply, ctx.storage, key, { type });
    });

    // The sweep runs while the server listens; each session has one winner (ADR 016).
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        sweepOverdueSessions(ctx).catch((err: unknown) =>
          app.log.error({ err }, 'exam sweep failed'),
        );
      }, ctx.config.operations.examSweepIntervalMs);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  };
