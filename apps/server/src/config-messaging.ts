import { z } from 'zod';

// Text messages by WhatsApp and SMS (ADR 053, docs/messaging-providers.md): each provider's
// credentials, and the sandbox switch. A provider with none is not used; one with half of them
// stops the server at start with a readable message, as the payment gateways do (ADR 019).

const blank = (v: unknown) => (typeof v === 'string' ? v.trim() || undefined : v);
const optionalText = z.preprocess(blank, z.string().optional());
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(blank, z.coerce.number().int().min(min).max(max).default(fallback));
const origin = (name: string, fallback: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .regex(/^https?:\/\/[^/]+$/, `${name} must be an origin like ${fallback}`)
      .default(fallback),
  );

/** The messaging variables, spread into config.ts's schema. */
export const messagingEnv = {
  /** `on` / `off`; unset: only for the demo (SEED=demo) while no provider has credentials. */
  MESSAGES_SANDBOX: z.preprocess(
    blank,
    z.enum(['on', 'off'], { error: 'MESSAGES_SANDBOX must be on or off' }).optional(),
  ),
  /** WhatsApp Business Cloud API: a system user's access token and the sending number's id. */
  WHATSAPP_ACCESS_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  /** The Meta app's secret: signs the status webhooks (X-Hub-Signature-256). */
  WHATSAPP_APP_SECRET: optionalText,
  /** What Meta's webhook check must send back as hub.verify_token. */
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_API_VERSION: z.preprocess(
    blank,
    z
      .string()
      .regex(/^v\d+\.\d+$/, 'WHATSAPP_API_VERSION must look like v25.0')
      .default('v25.0'),
  ),
  WHATSAPP_GRAPH_URL: origin('WHATSAPP_GRAPH_URL', 'https://graph.facebook.com'),
  /** The language code the school's templates were approved under. */
  WHATSAPP_TEMPLATE_LANGUAGE: z.preprocess(blank, z.string().default('ar')),
  /** CEQUENS (Cairo): an API token and an approved sender name. */
  CEQUENS_API_TOKEN: optionalText,
  CEQUENS_SENDER_NAME: optionalText,
  CEQUENS_BASE_URL: origin('CEQUENS_BASE_URL', 'https://apis.cequens.com'),
  /** Seconds before a message's first retry; each next waits twice as long (with jitter). */
  MESSAGES_RETRY_DELAY_SECONDS: int(1, 3_600, 30),
  /** A send not finished after this many seconds is taken as dead and tried again. */
  MESSAGES_LEASE_SECONDS: int(1, 3_600, 120),
};

type MessagingEnv = z.output<z.ZodObject<typeof messagingEnv>>;

export type WhatsappConfig = {
  accessToken: string;
  phoneNumberId: string;
  appSecret: string | null;
  verifyToken: string | null;
  apiVersion: string;
  graphUrl: string;
  language: string;
};
export type CequensConfig = { apiToken: string; senderName: string; baseUrl: string };

export type MessagingConfig = {
  /** `auto` when MESSAGES_SANDBOX is unset. */
  sandbox: 'on' | 'off' | 'auto';
  whatsapp: WhatsappConfig | null;
  cequens: CequensConfig | null;
  retryDelaySeconds: number;
  leaseSeconds: number;
};

/** Names of variables set without their partner. */
export function messagingHalfConfigured(e: MessagingEnv): string[] {
  const pairs: [keyof MessagingEnv, keyof MessagingEnv][] = [
    ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'],
    ['CEQUENS_API_TOKEN', 'CEQUENS_SENDER_NAME'],
  ];
  return pairs.flatMap(([a, b]) =>
    (e[a] === undefined) !== (e[b] === undefined)
      ? [`${e[a] === undefined ? a : b} is required with ${e[a] === undefined ? b : a}`]
      : [],
  );
}

export function readMessagingConfig(e: MessagingEnv): MessagingConfig {
  return {
    sandbox: e.MESSAGES_SANDBOX ?? 'auto',
    whatsapp:
      e.WHATSAPP_ACCESS_TOKEN && e.WHATSAPP_PHONE_NUMBER_ID
        ? {
            accessToken: e.WHATSAPP_ACCESS_TOKEN,
            phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
            appSecret: e.WHATSAPP_APP_SECRET ?? null,
            verifyToken: e.WHATSAPP_VERIFY_TOKEN ?? null,
            apiVersion: e.WHATSAPP_API_VERSION,
            graphUrl: e.WHATSAPP_GRAPH_URL,
            language: e.WHATSAPP_TEMPLATE_LANGUAGE,
          }
        : null,
    cequens:
      e.CEQUENS_API_TOKEN && e.CEQUENS_SENDER_NAME
        ? {
            apiToken: e.CEQUENS_API_TOKEN,
            senderName: e.CEQUENS_SENDER_NAME,
            baseUrl: e.CEQUENS_BASE_URL,
          }
        : null,
    retryDelaySeconds: e.MESSAGES_RETRY_DELAY_SECONDS,
    leaseSeconds: e.MESSAGES_LEASE_SECONDS,
  };
}
