import Fastify, { type FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { API_BASE, DEFAULT_SCHOOL, UPLOAD_MAX_BYTES } from '@dars/contract';
import type { AppContext } from './app-context';
import type { TrustProxy } from './config';
import { demoMailRoutes } from './modules/demo/demo-mail';
import { demoMessagesRoutes } from './modules/demo/demo-messages';
import { loggerOptions, logRequestsBriefly } from './lib/log-format';
import { registerAuth } from './plugins/auth';
import { registerClientHeaders } from './plugins/client-headers';
import { registerCors } from './plugins/cors';
import { answerClientError, answerFrameworkError } from './plugins/early-answers';
import { registerErrorHandler } from './plugins/error-handler';
import { registerExpectContinue } from './plugins/expect-continue';
import { earlyAnswerHeaders, registerSecurityHeaders } from './plugins/security-headers';
import { recordRoutes } from './plugins/route-table';
import { registerSpa } from './plugins/spa';
import { registerWebManifest } from './plugins/web-manifest';
import { registerOperations, requestIdOf } from './plugins/operations';
import { registerStaffSpa } from './plugins/staff-spa';
import { useZodCompilers } from './plugins/zod';
import { loadAppSecret } from './lib/app-secret';
import { createBackground, type Background } from './lib/background';
import { systemClock, type Clock } from './lib/clock';
import { createMailer, type Mailer } from './lib/mailer';
import { openJobs, type Jobs } from './lib/jobs';
import { getSetting, schoolName } from './modules/settings/settings-service';
import { openStorage, type Storage } from './storage';
import { apiDocsRoutes } from './modules/api-docs/api-docs-routes';
import { authRoutes } from './modules/auth/auth-routes';
import { courseRoutes } from './modules/courses/course-routes';
import { examRoutes } from './modules/exams/exam-routes';
import { attachmentRoutes } from './modules/attachments/attachment-routes';
import { homeRoutes } from './modules/home/home-routes';
import { lectureRoutes } from './modules/lectures/lecture-routes';
import { purchaseRoutes } from './modules/purchases/purchase-routes';
import { playerRoutes, videoRoutes } from './modules/videos/video-routes';
import { progressRoutes } from './modules/progress/progress-routes';
import {
  createProgressRecorder,
  type ProgressRecorder,
} from './modules/progress/progress-recorder';
import { walletRoutes } from './modules/wallet/wallet-routes';
import { paymentPageRoutes, paymentRoutes } from './modules/payments/payment-routes';
import { paymentCspSources } from './modules/payments/payment-methods';
import { teacherRoutes } from './modules/teachers/teacher-routes';
import { notificationRoutes } from './modules/notifications/notification-routes';
import { profileRoutes } from './modules/profile/profile-routes';
import { settingsRoutes } from './modules/settings/settings-routes';
import { supportRoutes } from './modules/support/support-routes';
import { staffRoutes } from './modules/staff/staff-routes';
import { videoUploadRoutes } from './modules/videos/video-upload';
import { messagingRoutes } from './modules/messaging/messaging-routes';
import { messagesSandboxRuns } from './modules/messaging/channels';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work started after answers (mail); tests `await app.background.settle()`. */
    background: Background;
    /** The job queue (ADR 053); tests `await app.jobs.idle()`. */
    jobs: Jobs;
    /** Progress events' batches (ADR 054); tests `await app.progress.flush()`. */
    progress: ProgressRecorder;
  }
}

/** Fastify's typings leave out the hop count its runtime accepts, so hops become a function. */
function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((a: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * Builds the whole server (used by main.ts and by tests through `app.inject`).
 * Order: framework setup, external plugins, ours, then the API routes, the player and the SPA.
 */
export async function buildApp(
  options: Omit<AppContext, 'mailer' | 'secret' | 'background' | 'clock' | 'storage' | 'jobs'> & {
    mailer?: Mailer;
    /** The configured one (pg-boss or the SQLite table) unless given; stopped with the app. */
    jobs?: Jobs;
    clock?: Clock;
    /** The configured one (config.storage) unless given; one given is the caller's to close. */
    storage?: Storage;
  },
): Promise<FastifyInstance> {
  const earlyHeaders = await earlyAnswerHeaders();
  const app = Fastify({
    ...loggerOptions(options.config.logLevel, options.config.logFormat),
    // Request ids that join the proxy's log (ADR 024); every log line of a request carries it.
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: fastifyTrustProxy(options.config.trustProxy),
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // Answers Node or Fastify write before routing get our error shape and headers too.
    clientErrorHandler: answerClientError(earlyHeaders),
    frameworkErrors: answerFrameworkError(earlyHeaders),
  });

  const clock = options.clock ?? systemClock;
  // Progress reports are written in batches off the request path (ADR 054).
  const progress = createProgressRecorder({
    db: options.db,
    dialect: options.dialect,
    log: app.log,
    clock,
  });
  const ctx: AppContext = {
    ...options,
    mailer:
      options.mailer ??
      createMailer({
        smtpUrl: options.config.smtpUrl,
        from: options.config.mailFrom,
        dataDir: options.config.dataDir,
        log: app.log,
        // Mail goes out in the school's name (ADR 049).
        fromName: () => schoolName(options.db),
      }),
    secret: loadAppSecret(options.config.dataDir, options.config.appSecret),
    background: createBackground(app.log),
    jobs:
      options.jobs ??
      (await openJobs({
        db: options.db,
        dialect: options.dialect,
        config: options.config.jobs,
        log: app.log,
      })),
    log: app.log,
    clock,
    progress,
    storage: options.storage ?? openStorage(options.config.storage, options.config.dataDir),
  };
  if (!options.storage) app.addHook('onClose', async () => ctx.storage.close());
  app.decorate('background', ctx.background);
  app.addHook('onClose', () => ctx.background.settle());
  app.decorate('jobs', ctx.jobs);
  app.addHook('onClose', () => ctx.jobs.stop());
  // What waits of the progress reports is written before the database goes.
  app.decorate('progress', progress);
  app.addHook('onClose', () => progress.close());

  // External plugins first (multipart; helmet inside the security headers), then ours, then
  // the routes, which the compilers and the route table must see being registered.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 12 },
  });
  await registerSecurityHeaders(app, paymentCspSources(options.config.payments));
  recordRoutes(app);
  useZodCompilers(app);
  registerErrorHandler(app);
  registerOperations(app, ctx);
  if (options.config.logFormat === 'pretty') logRequestsBriefly(app);
  // The native apps call from their own origins (ADR 021).
  registerCors(app, options.config.corsOrigins);
  // A body declared over its route's limit: 413 before it is sent, not after a 100 Continue.
  registerExpectContinue(app);
  registerClientHeaders(app);
  registerAuth(app, ctx.db);

  await app.register(
    async (api) => {
      await api.register(settingsRoutes(ctx));
      await api.register(courseRoutes(ctx));
      await api.register(homeRoutes(ctx));
      await api.register(teacherRoutes(ctx));
      await api.register(authRoutes(ctx));
      await api.register(profileRoutes(ctx));
      await api.register(notificationRoutes(ctx));
      await api.register(supportRoutes(ctx));
      await api.register(purchaseRoutes(ctx));
      await api.register(lectureRoutes(ctx));
      await api.register(videoRoutes(ctx));
      await api.register(attachmentRoutes(ctx));
      await api.register(progressRoutes(ctx));
      await api.register(walletRoutes(ctx));
      await api.register(paymentRoutes(ctx));
      await api.register(examRoutes(ctx));
      await api.register(staffRoutes(ctx));
      await api.register(apiDocsRoutes());
    },
    { prefix: API_BASE },
  );

  await app.register(playerRoutes(ctx));
  // Staff video uploads by the tus protocol, beside the API's JSON calls (ADR 022).
  await app.register(videoUploadRoutes(ctx));
  await app.register(paymentPageRoutes(ctx));
  // Text messages' jobs and WhatsApp's webhook (ADR 053).
  await app.register(messagingRoutes(ctx));
  // The demo's mailbox: only where the demo was asked for and mail has nowhere else to go.
  if (ctx.config.seed === 'demo' && !ctx.config.smtpUrl) await app.register(demoMailRoutes(ctx));
  // The demo's text messages: what its sandbox recorded instead of sending.
  if (ctx.config.seed === 'demo' && messagesSandboxRuns(ctx))
    await app.register(demoMessagesRoutes(ctx));
  // The school's identity for the pages (ADR 049). A page still answers while the database
  // does not (the app then says what is wrong), in the default identity.
  const school = () =>
    getSetting(options.db, 'school').catch((err: unknown) => {
      app.log.error({ err }, "the school's identity could not be read; pages use the default");
      return { ...DEFAULT_SCHOOL, legal_links: [] };
    });
  await registerStaffSpa(app, ctx.config.staffDist, school);
  registerWebManifest(app, school);
  await registerSpa(app, ctx.config.webDist, ctx.storage, school);
  // The workers start once every module registered its jobs.
  app.addHook('onReady', () => ctx.jobs.start());
  return app;
}
