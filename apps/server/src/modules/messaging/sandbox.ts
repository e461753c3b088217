import type { MessageChannel } from './channel';

// The messages' sandbox (ADR 053), as the payments' is (ADR 019, 032): it stands in for a
// provider without credentials and sends nothing. The message row it marks sent is the record
// of what would have gone; the demo shows the newest at /demo/messages. It runs only when
// MESSAGES_SANDBOX=on, or unset for the demo (SEED=demo) while no provider has credentials.

export function sandboxChannel(): MessageChannel {
  return {
    provider: 'sandbox',
    async send(message) {
      return { providerId: `sandbox-${message.id}` };
    },
  };
}
