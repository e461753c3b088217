import type { CequensConfig } from '../../config-messaging';
import { call, ChannelError, jsonOf, type Fetch, type MessageChannel } from './channel';

// CEQUENS, a Cairo messaging provider, for SMS (docs/messaging-providers.md): `POST
// {base}/sms/v1/messages` with a bearer token and `messageText`, `senderName`, `messageType`
// ('unicode' for Arabic), `recipients` (the number's digits, 20…, no +) and `clientMessageId`
// (our message's id). Its published reference does not show the answer's exact shape, so the
// provider's id is kept when the answer names one and the message counts as taken on any 2xx.

/** CEQUENS's own error codes that retrying cannot fix (bad number, type, text, sender, credit, length). */
const FINAL_CODES = new Set([-6, -8, -9, -12, -17, -41]);

/** GSM-7's basic characters: a text with anything else (any Arabic letter) goes as UCS-2. */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

/** The first id-like value of an answer (its shape is not documented). */
function idIn(value: unknown, depth = 0): string | null {
  if (depth > 4 || value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (/^(message_?id|sms_?id|id)$/i.test(key) && (typeof v === 'string' || typeof v === 'number'))
      return String(v);
  }
  for (const v of Object.values(value as Record<string, unknown>)) {
    const found = idIn(v, depth + 1);
    if (found) return found;
  }
  return null;
}

/** A negative CEQUENS error code in an answer, if any. */
function codeIn(value: unknown): number | null {
  const text = JSON.stringify(value ?? '');
  const match = /"(?:code|errorCode|error_code|status)"\s*:\s*"?(-\d+)/i.exec(text);
  return match ? Number(match[1]) : null;
}

export function cequensChannel(config: CequensConfig, fetch: Fetch): MessageChannel {
  return {
    provider: 'cequens',
    async send(message) {
      const res = await call(
        fetch,
        `${config.baseUrl}/sms/v1/messages`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${config.apiToken}`,
          },
          body: JSON.stringify({
            messageText: message.body,
            senderName: config.senderName,
            messageType: GSM7.test(message.body) ? 'text' : 'unicode',
            recipients: message.to.replace(/^\+/, ''),
            clientMessageId: message.id,
          }),
        },
        'CEQUENS',
      );
      const body = await jsonOf(res);
      if (res.ok) return { providerId: idIn(body) };
      const code = codeIn(body);
      const retry =
        !(code !== null && FINAL_CODES.has(code)) && (res.status >= 500 || res.status === 429);
      throw new ChannelError(
        `CEQUENS ${res.status}${code !== null ? ` (${code})` : ''}: ${JSON.stringify(body ?? res.statusText).slice(0, 300)}`,
        retry,
      );
    },
  };
}
