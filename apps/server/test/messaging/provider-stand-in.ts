import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the messaging providers' servers (docs/messaging-providers.md): it
// speaks their documented requests and answers over real HTTP, so the adapters are exercised
// as they are with the real providers, whose servers cannot be reached from here. A message
// counts as taken only once the answer was written whole: a request whose client died before
// its answer (a server killed mid-send) was never taken.

export type Received = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
};

/** `hold`: never answered (the client's process is to die waiting: it was never taken). */
export type Answer = { status: number; body: unknown; delayMs?: number; hold?: boolean };

export interface StandIn {
  url: string;
  /** Every request received, in order. */
  received: Received[];
  /** Requests whose 2xx answer was written whole: the messages the provider took. */
  taken: Received[];
  /** How each request is answered (default: as the provider takes a message). */
  answer: (fn: (request: Received, index: number) => Answer) => void;
  /** Resolves when `n` requests have been received. */
  receivedCount: (n: number) => Promise<void>;
  close: () => Promise<void>;
}

let wamid = 0;

/** The answer a provider gives when it takes a message, by the path asked. */
export function takenAnswer(request: Received): Answer {
  if (request.path.endsWith('/messages') && request.path.includes('/v')) {
    if (request.path.startsWith('/sms/'))
      return {
        status: 200,
        body: {
          replyCode: 0,
          replyMessage: 'Submitted successfully',
          data: { messageId: `cq-${++wamid}` },
        },
      };
    const to = String(request.body.to ?? '');
    return {
      status: 200,
      body: {
        messaging_product: 'whatsapp',
        contacts: [{ input: to, wa_id: to.replace(/^\+/, '') }],
        messages: [{ id: `wamid.TEST${++wamid}` }],
      },
    };
  }
  return { status: 404, body: { error: { message: 'unknown path' } } };
}

export async function startStandIn(): Promise<StandIn> {
  const received: Received[] = [];
  const taken: Received[] = [];
  let answer: (request: Received, index: number) => Answer = (r) => takenAnswer(r);
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = { raw };
      }
      const request: Received = {
        method: req.method ?? 'GET',
        path: (req.url ?? '/').split('?')[0]!,
        headers: req.headers,
        body,
      };
      const index = received.push(request) - 1;
      for (const w of waiters.filter((w) => received.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const a = answer(request, index);
      res.on('finish', () => {
        if (a.status >= 200 && a.status < 300) taken.push(request);
      });
      const write = () => {
        if (res.destroyed) return;
        res.writeHead(a.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(a.body));
      };
      if (a.hold) return;
      if (a.delayMs) setTimeout(write, a.delayMs);
      else write();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    taken,
    answer: (fn) => (answer = fn),
    receivedCount: (n) =>
      received.length >= n
        ? Promise.resolve()
        : new Promise<void>((resolve) => waiters.push({ n, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
