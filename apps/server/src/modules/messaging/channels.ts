import type { AppContext } from '../../app-context';
import { cequensChannel } from './cequens';
import type { ChannelName, MessageChannel } from './channel';
import { sandboxChannel } from './sandbox';
import { whatsappChannel } from './whatsapp';

/** The channels this server sends by: each with its provider's adapter, or the sandbox. */
export interface Channels {
  byChannel: ReadonlyMap<ChannelName, MessageChannel>;
  /** What a message goes by when no channel is asked for: WhatsApp when it is there. */
  preferred: ChannelName | null;
  sandbox: boolean;
}

export type ChannelsContext = Pick<AppContext, 'config' | 'fetch'>;

/**
 * Whether the sandbox runs: as MESSAGES_SANDBOX says; unset, only for the demo (`SEED=demo`)
 * while no provider has credentials — never by default on a school's server (ADR 032's rule
 * for the payments' sandbox, the same here).
 */
export function messagesSandboxRuns(ctx: ChannelsContext): boolean {
  const { sandbox, whatsapp, cequens } = ctx.config.messaging;
  if (sandbox !== 'auto') return sandbox === 'on';
  return !whatsapp && !cequens && ctx.config.seed === 'demo';
}

function build(ctx: ChannelsContext): Channels {
  const fetch = ctx.fetch ?? globalThis.fetch;
  const { whatsapp, cequens } = ctx.config.messaging;
  const byChannel = new Map<ChannelName, MessageChannel>();
  if (whatsapp) byChannel.set('whatsapp', whatsappChannel(whatsapp, fetch));
  if (cequens) byChannel.set('sms', cequensChannel(cequens, fetch));
  const sandbox = messagesSandboxRuns(ctx);
  if (sandbox) {
    const standIn = sandboxChannel();
    for (const name of ['whatsapp', 'sms'] as const)
      if (!byChannel.has(name)) byChannel.set(name, standIn);
  }
  const preferred = byChannel.has('whatsapp') ? 'whatsapp' : byChannel.has('sms') ? 'sms' : null;
  return { byChannel, preferred, sandbox };
}

const built = new WeakMap<ChannelsContext, Channels>();

/**
 * This app's channels, built once.
 * @example (channelsOf(ctx)).byChannel.get('sms')
 */
export function channelsOf(ctx: ChannelsContext): Channels {
  let channels = built.get(ctx);
  if (!channels) {
    channels = build(ctx);
    built.set(ctx, channels);
  }
  return channels;
}
