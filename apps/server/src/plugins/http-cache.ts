import { createHash } from 'node:crypto';
import type {
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendAsyncHookHandler,
} from 'fastify';
import type { Kysely } from 'kysely';
import { precompile } from '../db/precompiled';
import type { DB } from '../db/schema';

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}

function addVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const list = current
    ? String(current)
        .split(',')
        .map((v) => v.trim())
    : [];
  if (!list.some((v) => v.toLowerCase() === header.toLowerCase() || v === '*')) {
    reply.header('vary', [...list, header].join(', '));
  }
}

const etagOf = (body: Buffer): string =>
  `W/"${createHash('sha1').update(body).digest('base64url')}"`;

/**
 * An answer's bytes, encoded once: the tag is hashed from them and they are what is written,
 * where a string would be encoded twice more (hashing it, writing it); kept answers are kept so.
 */
const bytesOf = (payload: string): Buffer => Buffer.from(payload, 'utf8');

/** A guest's tagged 200: the body, or a bodiless 304 when If-None-Match already names it. */
function answerTagged(request: FastifyRequest, reply: FastifyReply, body: Buffer, etag: string) {
  reply.header('etag', etag);
  reply.header('cache-control', 'no-cache');
  if (!matches(request.headers['if-none-match'], etag)) return body;
  reply.code(304);
  return '';
}

/**
 * An onSend hook for public catalog reads whose answer differs for a signed-in student (the
 * `joined` flags) but not between guests. A guest's 200 carries a weak ETag of its body and
 * `Cache-Control: no-cache` (keep it, but ask again each time); asking again with that tag in
 * If-None-Match gets a bodiless 304. With an Authorization header the answer is the student's
 * own: no tag (and `no-store`, from the security headers). `Vary: Authorization` keeps a shared
 * cache from handing one to the other. Without guestAnswerCache the body is still built to hash
 * it: that saves the transfer and the client's parsing, not the server's queries.
 * @example r.get('/courses', { onSend: guestCatalogCache, schema }, handler)
 */
export async function guestCatalogCache(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  addVary(reply, 'Authorization');
  if (request.headers.authorization !== undefined) return payload;
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const body = bytesOf(payload);
  return answerTagged(request, reply, body, etagOf(body));
}

const catalogVersionQuery = precompile((db) =>
  db.selectFrom('catalog_version').select('version').where('id', '=', 1),
);

/**
 * How many changes the catalogue has seen: database triggers count every write to a table that
 * a catalog answer shows (migration 2026-11-23-005), whoever makes it.
 */
export async function catalogVersion(db: Kysely<DB>): Promise<number> {
  const row = await catalogVersionQuery.executeTakeFirst(db, {});
  return Number(row?.version ?? 0);
}

/**
 * Shares reads among the requests waiting at the same time, but never hands a request a read
 * that began before it asked: while one read runs, callers wait for the next, which starts as
 * soon as it ends and serves them all. Each answer is thus at least as new as the moment it was
 * asked for, and with many guests at once PostgreSQL gets one version read per round trip
 * instead of one per request.
 * @example const version = sharedReads(() => catalogVersion(db)); await version();
 */
export function sharedReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const current: Promise<T> = read().finally(() => {
      if (running === current) running = undefined;
    });
    running = current;
    return current;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}

type Entry = { version: number; body: Buffer; etag: string };

export type GuestAnswerCacheOptions = {
  /** Answers kept (one per url); the least recently used go first. */
  maxEntries?: number;
  /** Bytes of body kept in all. */
  maxBytes?: number;
};

/** Urls longer than this are answered but not kept (a search is cut at 100 characters anyway). */
const MAX_URL = 512;

export type GuestAnswerCache = {
  onRequest: onRequestAsyncHookHandler;
  onSend: onSendAsyncHookHandler;
  /** Answers currently kept (for tests and diagnostics). */
  readonly size: number;
  /**
   * The part of a signed-in student's answer that every reader shares (what a guest is
   * answered, before the student's own flags are put on it), built at most once per key and
   * catalogue version on this instance. The version is read first, as for a guest, so the
   * value is never older than the version it is kept under, and a change any writer commits
   * is seen by the next request. A failed build is not kept.
   * @example const page = await answers.shared(`courses:${key}`, () => listCourses(db, q, null))
   */
  shared<T>(key: string, build: () => Promise<T>): Promise<T>;
  /** Shared parts currently kept (for tests and diagnostics). */
  readonly sharedSize: number;
};

/**
 * Keeps guests' catalog answers, written and tagged, under the catalogue version read before
 * building them, and answers a guest's GET from there while the version read at its start is
 * still that one. The version is read from the database on every request, so several server
 * instances stay right: a change any of them (or anything else) commits bumps it, and the next
 * request on every instance builds its answer afresh. The answer a version keys was read after
 * the version, so it is never older than its key. Students (Authorization) are never served
 * from it nor stored in it; their answers carry their own `joined` flags. A hit skips the
 * query's parsing, the catalog queries, the writing and the hashing of the answer.
 * @example
 * const answers = guestAnswerCache(db);
 * r.get('/courses', { onRequest: answers.onRequest, onSend: answers.onSend, schema }, handler)
 */
export function guestAnswerCache(
  db: Kysely<DB>,
  { maxEntries = 1000, maxBytes = 8_000_000 }: GuestAnswerCacheOptions = {},
): GuestAnswerCache {
  const entries = new Map<string, Entry>();
  const version = sharedReads(() => catalogVersion(db));
  let bytes = 0;
  let newest = 0;
  /** Per request: the version read before its answer was built, or 'hit' when served here. */
  const state = new WeakMap<FastifyRequest, number | 'hit'>();
  const parts = new Map<string, { version: number; value: Promise<unknown> }>();
  let newestPart = 0;

  const drop = (url: string, entry: Entry) => {
    entries.delete(url);
    bytes -= entry.body.length;
  };

  function store(url: string, entry: Entry): void {
    if (entry.version < newest || entry.body.length > maxBytes) return;
    if (entry.version > newest) {
      // Everything kept is older than this: it can never be served again.
      entries.clear();
      bytes = 0;
      newest = entry.version;
    }
    const old = entries.get(url);
    if (old) drop(url, old);
    entries.set(url, entry);
    bytes += entry.body.length;
    // A Map iterates in insertion order, and hits re-insert: the first key is the least used.
    for (const [oldest, e] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      drop(oldest, e);
    }
  }

  async function shared<T>(key: string, build: () => Promise<T>): Promise<T> {
    const current = await version();
    const kept = parts.get(key);
    if (kept && kept.version === current) {
      parts.delete(key);
      parts.set(key, kept);
      return kept.value as Promise<T>;
    }
    const value = build();
    if (current < newestPart) return value;
    if (current > newestPart) {
      // Everything kept was built under an older version: it can never be used again.
      parts.clear();
      newestPart = current;
    }
    parts.set(key, { version: current, value });
    value.catch(() => {
      if (parts.get(key)?.value === value) parts.delete(key);
    });
    // The least recently used goes first, as for the answers.
    for (const oldest of parts.keys()) {
      if (parts.size <= maxEntries) break;
      parts.delete(oldest);
    }
    return value;
  }

  return {
    shared,
    get sharedSize() {
      return parts.size;
    },
    get size() {
      return entries.size;
    },
    async onRequest(request, reply) {
      if (request.method !== 'GET' || request.headers.authorization !== undefined) return;
      if (request.url.length > MAX_URL) return;
      const current = await version();
      const entry = entries.get(request.url);
      if (!entry || entry.version !== current) {
        state.set(request, current);
        return;
      }
      entries.delete(request.url);
      entries.set(request.url, entry);
      state.set(request, 'hit');
      reply.type('application/json; charset=utf-8');
      return reply.send(answerTagged(request, reply, entry.body, entry.etag));
    },
    async onSend(request, reply, payload) {
      const seen = state.get(request);
      if (seen === 'hit') {
        addVary(reply, 'Authorization');
        return payload;
      }
      if (
        seen !== undefined &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        request.headers.authorization === undefined
      ) {
        const body = bytesOf(payload);
        const etag = etagOf(body);
        store(request.url, { version: seen, body, etag });
        addVary(reply, 'Authorization');
        return answerTagged(request, reply, body, etag);
      }
      return guestCatalogCache(request, reply, payload);
    },
  };
}

const byDatabase = new WeakMap<Kysely<DB>, GuestAnswerCache>();

/**
 * The one guest answer cache of a database, shared by every catalog route of a server.
 * @example const answers = catalogAnswers(ctx.db)
 */
export function catalogAnswers(db: Kysely<DB>): GuestAnswerCache {
  let cache = byDatabase.get(db);
  if (!cache) byDatabase.set(db, (cache = guestAnswerCache(db)));
  return cache;
}
