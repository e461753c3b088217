import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../app-context';
import { applyDeliveryState } from './messages';
import { channelsOf } from './channels';
import { registerMessageJobs, requeueWaiting } from './parent-messages';
import { validWhatsappSignature, whatsappState } from './whatsapp';

/** Where Meta sends WhatsApp's webhooks (set as the callback URL in the Meta app). */
export const WHATSAPP_WEBHOOK_PATH = '/webhooks/whatsapp';

/** Outside the API: Meta's servers call them (api-contract.test.ts lists them). */
export const MESSAGING_ROUTES: readonly string[] = [
  `GET ${WHATSAPP_WEBHOOK_PATH}`,
  `POST ${WHATSAPP_WEBHOOK_PATH}`,
];

type StatusPayload = {
  object?: string;
  entry?: {
    changes?: {
      field?: string;
      value?: {
        statuses?: {
          id?: string;
          status?: string;
          errors?: { code?: number; title?: string; message?: string }[];
        }[];
      };
    }[];
  }[];
};

/**
 * The messages' jobs and, with WhatsApp set up, its webhook (ADR 053): Meta's check of the
 * callback URL (GET: `hub.mode=subscribe`, our verify token, answered with `hub.challenge`)
 * and the status updates (POST, signed with the app's secret over the raw body; a bad or
 * missing signature is 401 and reads nothing). Statuses move a message forward only.
 */
export const messagingRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    registerMessageJobs(ctx);
    const channels = channelsOf(ctx);
    if (channels.sandbox && ctx.config.env === 'production')
      app.log.warn(
        'messages sandbox is on: parents’ and students’ messages are recorded, not sent',
      );
    if (ctx.config.jobs.worker)
      app.addHook('onReady', async () => {
        const again = await requeueWaiting(ctx);
        if (again) app.log.info({ messages: again }, 'messages waiting since the last run queued');
      });

    const whatsapp = ctx.config.messaging.whatsapp;
    if (!whatsapp) return;
    app.get(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      if (
        whatsapp.verifyToken &&
        q['hub.mode'] === 'subscribe' &&
        q['hub.verify_token'] === whatsapp.verifyToken
      )
        return reply.type('text/plain').send(q['hub.challenge'] ?? '');
      return reply.code(401).type('text/plain').send('');
    });
    await app.register(async (hooks) => {
      // The signature is over the bytes as they came: the body is kept raw for it.
      hooks.removeContentTypeParser('application/json');
      hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      hooks.post(WHATSAPP_WEBHOOK_PATH, async (request, reply) => {
        const raw = request.body as Buffer;
        if (
          !whatsapp.appSecret ||
          !Buffer.isBuffer(raw) ||
          !validWhatsappSignature(raw, request.headers['x-hub-signature-256'], whatsapp.appSecret)
        ) {
          request.log.warn('a WhatsApp webhook without a valid signature was refused');
          return reply.code(401).send('');
        }
        let payload: StatusPayload;
        try {
          payload = JSON.parse(raw.toString('utf8')) as StatusPayload;
        } catch {
          return reply.code(400).send('');
        }
        for (const entry of payload.entry ?? [])
          for (const change of entry.changes ?? [])
            for (const status of change.value?.statuses ?? []) {
              const state = status.status ? whatsappState(status.status) : null;
              if (!status.id || !state) continue;
              const first = status.errors?.[0];
              const error = first
                ? `واتساب: ${first.code ?? ''} ${first.title ?? first.message ?? ''}`.trim()
                : null;
              await applyDeliveryState(ctx, 'whatsapp', status.id, state, error);
            }
        return reply.code(200).send('');
      });
    });
  };
