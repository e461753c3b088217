import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WhatsappConfig } from '../../config-messaging';
import { call, ChannelError, jsonOf, type Fetch, type MessageChannel } from './channel';
import { TEMPLATES, type TemplateName } from './templates';

// The WhatsApp Business Cloud API (Meta's Graph API), as docs/messaging-providers.md records
// it: `POST {graph}/{version}/{phone number id}/messages` with a bearer token; a business
// starts a conversation only with an approved template, so every message goes as one, its
// body parameters in order; the answer's `messages[0].id` (the wamid) is kept.

/** Graph error codes worth retrying: throughput (130429), a number's upgrade (131057), the pair rate (131056). */
const RETRY_CODES = new Set([130429, 131056, 131057]);

type GraphError = { error?: { message?: string; code?: number } };

export function whatsappChannel(config: WhatsappConfig, fetch: Fetch): MessageChannel {
  const url = `${config.graphUrl}/${config.apiVersion}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    provider: 'whatsapp',
    async send(message) {
      const template = TEMPLATES[message.template as TemplateName];
      if (!template) throw new ChannelError(`no WhatsApp template for ${message.template}`, false);
      const res = await call(
        fetch,
        url,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${config.accessToken}`,
          },
          body: JSON.stringify({
            messaging_product: 'whatsapp',
            recipient_type: 'individual',
            to: message.to,
            type: 'template',
            template: {
              name: template.whatsapp,
              language: { policy: 'deterministic', code: config.language },
              components: [
                {
                  type: 'body',
                  parameters: message.params.map((text) => ({ type: 'text', text })),
                },
              ],
            },
          }),
        },
        'WhatsApp',
      );
      const body = (await jsonOf(res)) as (GraphError & { messages?: { id?: string }[] }) | null;
      if (res.ok) {
        const id = body?.messages?.[0]?.id;
        if (typeof id === 'string' && id) return { providerId: id };
        throw new ChannelError('WhatsApp: an answer without a message id', true);
      }
      const code = body?.error?.code;
      const retry =
        res.status >= 500 || res.status === 429 || (code !== undefined && RETRY_CODES.has(code));
      throw new ChannelError(
        `WhatsApp ${res.status}${code ? ` (${code})` : ''}: ${body?.error?.message ?? res.statusText}`,
        retry,
      );
    },
  };
}

/**
 * Whether a webhook's body is Meta's: `X-Hub-Signature-256: sha256=<hex>`, the HMAC-SHA256 of
 * the raw body under the app's secret, compared in constant time.
 * @example validWhatsappSignature(raw, request.headers['x-hub-signature-256'], secret)
 */
export function validWhatsappSignature(
  raw: Buffer,
  header: string | string[] | undefined,
  appSecret: string,
): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const given = Buffer.from(header.slice('sha256='.length), 'hex');
  const expected = createHmac('sha256', appSecret).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Meta's statuses as ours: sent; delivered and read (which implies delivered); failed. */
export function whatsappState(status: string): 'sent' | 'delivered' | 'failed' | null {
  if (status === 'sent') return 'sent';
  if (status === 'delivered' || status === 'read') return 'delivered';
  if (status === 'failed') return 'failed';
  return null;
}
