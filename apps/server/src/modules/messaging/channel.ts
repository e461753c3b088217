// One interface for every way a text message goes out (ADR 053): a provider's adapter
// (whatsapp.ts, cequens.ts) or the sandbox (sandbox.ts).

export type ChannelName = 'sms' | 'whatsapp';
export type ProviderName = 'whatsapp' | 'cequens' | 'sandbox';

/** What an adapter is given: the message as the table holds it. */
export type OutgoingMessage = {
  /** Our id (the messages row): the provider's client reference where it takes one. */
  id: number;
  /** E.164, '+201XXXXXXXXX'. */
  to: string;
  /** The Arabic text (what an SMS carries). */
  body: string;
  /** Our template's name and its parameters in order (what a WhatsApp template carries). */
  template: string;
  params: string[];
};

export interface MessageChannel {
  readonly provider: ProviderName;
  /** The id the provider gave the message; throws ChannelError when it was not taken. */
  send(message: OutgoingMessage): Promise<{ providerId: string | null }>;
}

/**
 * A provider that did not take a message. `retry`: worth trying again later (no answer, 5xx,
 * 429, a rate limit); otherwise the message fails at once (a bad number, a refused template,
 * no credit), as docs/messaging-providers.md sorts the providers' errors.
 */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * A provider's call with a time limit: no answer in 15 s is an error worth retrying.
 * @example const res = await call(fetch, url, { method: 'POST', … }, 'WhatsApp')
 */
export async function call(
  fetch: Fetch,
  url: string,
  init: RequestInit,
  provider: string,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (err) {
    throw new ChannelError(`${provider}: no answer (${(err as Error).message})`, true);
  }
}

/** The answer's JSON, or null when it has none. */
export async function jsonOf(res: Response): Promise<unknown> {
  try {
    return (await res.json()) as unknown;
  } catch {
    return null;
  }
}
