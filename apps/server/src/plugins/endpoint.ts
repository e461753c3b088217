import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onRequestHookHandler,
  onSendAsyncHookHandler,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';
import {
  TRANSPORT_ERROR_CODES,
  type EndpointDef,
  type FileEndpointDef,
  type JsonEndpointDef,
} from '@dars/contract';
import { requireAuth } from './auth';
import { requireStaffRole } from './staff-role';
import { CORP_OPEN } from './security-headers';
import { checkRepliesByDefault } from './zod';

/** What a schema gives the handler once parsed; `undefined` where the call declares none. */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** The request of a call, typed from the contract's schemas. */
export type EndpointRequest<E extends EndpointDef> = FastifyRequest<
  RouteGenericInterface & {
    Params: Parsed<E['params']>;
    Querystring: Parsed<E['query']>;
    Body: E['multipart'] extends true ? unknown : Parsed<E['body']>;
  }
>;

/** What a JSON call's handler returns: the contract's response before serialisation. */
export type EndpointResult<E extends JsonEndpointDef> = z.input<E['response']>;

export type JsonHandler<E extends JsonEndpointDef> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointResult<E>>;

/** A file call's handler sends the file itself (`sendFile`) and returns the reply. */
export type FileHandler<E extends FileEndpointDef> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<FastifyReply>;

export interface EndpointOptions {
  /** Hooks after the contract's own (a bearer token checked first for `auth: 'required'`). */
  onRequest?: (onRequestHookHandler | onRequestAsyncHookHandler)[];
  /** Hooks on the written answer (the guest answer cache of plugins/http-cache.ts). */
  onSend?: onSendAsyncHookHandler[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The codes a contract call may answer: the ones it declares and those every call may
     * give. In tests and development an error with any other code becomes a 500
     * (plugins/error-handler.ts), so a route cannot drift from its contract.
     */
    errorCodes?: readonly string[];
    /**
     * A staff call the contract opens to teachers (ADR 048): the staff routes' onRoute hook
     * gives it its teacher scope rule (modules/staff/teacher-scope-rules.ts), or refuses to
     * start without one.
     */
    teacher?: boolean;
  }
}

/**
 * Room in a multipart body beside its file: the part headers and the text fields (a note, an
 * essay's text), each far below this. A body declared larger than the file's limit and this is
 * refused before it is sent (plugins/expect-continue.ts).
 */
export const MULTIPART_FORM_ROOM = 1024 * 1024;

const openToEmbedding: onRequestHookHandler = (_request, reply, done) => {
  reply.header('cross-origin-resource-policy', CORP_OPEN);
  done();
};

/** The JSON written for reply objects many requests share (replyShared), by their identity. */
const written = new WeakMap<object, Buffer>();

/**
 * The bytes the route's own serializer writes for `value`, a reply object many requests share
 * unchanged (a signed-in student's catalogue answer, kept per catalogue version): written the
 * first time and kept with the object, by its identity, for as long as the object lives, so the
 * object must never change.
 * @example const bytes = writtenOnce(reply, shared)
 */
export function writtenOnce(reply: FastifyReply, value: object): Buffer {
  let bytes = written.get(value);
  if (!bytes) {
    const json = reply.serialize(value);
    bytes = Buffer.isBuffer(json) ? json : Buffer.from(json as string);
    written.set(value, bytes);
  }
  return bytes;
}

/**
 * Answers `value` with `bytes`, its JSON already written (writtenOnce, or made from such bytes).
 * The reply's hooks run as for any answer (in tests, its check against the contract too); only
 * the writing is skipped. In tests and development the bytes are also checked against the
 * route's own writing of `value`, so bytes made by hand can never drift from it.
 * @example return replyWritten(reply, mine, bytes)
 */
export function replyWritten<T extends object>(reply: FastifyReply, value: T, bytes: Buffer): T {
  if (checkRepliesByDefault()) {
    const own = reply.serialize(value);
    if (!bytes.equals(Buffer.isBuffer(own) ? own : Buffer.from(own as string)))
      throw new Error(`${reply.request.url}: the bytes written differ from the reply's own JSON`);
  }
  // Fastify writes what a serializer returns as it is, a Buffer as well as a string; with a
  // serializer of its own, a reply's type is not set for it.
  reply.type('application/json; charset=utf-8');
  reply.serializer(() => bytes as unknown as string);
  return value;
}

/**
 * Answers `value`, a reply object many requests share unchanged, with the bytes written for it
 * the first time (writtenOnce).
 * @example return replyShared(reply, shared)
 */
export function replyShared<T extends object>(reply: FastifyReply, value: T): T {
  return replyWritten(reply, value, writtenOnce(reply, value));
}

/**
 * Registers the route of a contract call: method, path, auth, the params/query/body schemas
 * and the success and error replies all come from its entry in `endpoints`, so a route cannot
 * disagree with the contract, and the web client's fetcher is built from the same entry.
 * @example serve(app, endpoints.getProfile, async (request) => ({ user: … }))
 */
export function serve<E extends JsonEndpointDef>(
  app: FastifyInstance,
  def: E,
  handler: JsonHandler<E>,
  options?: EndpointOptions,
): void;
export function serve<E extends FileEndpointDef>(
  app: FastifyInstance,
  def: E,
  handler: FileHandler<E>,
  options?: EndpointOptions,
): void;
export function serve(
  app: FastifyInstance,
  def: EndpointDef,
  handler: (request: never, reply: FastifyReply) => Promise<unknown>,
  options: EndpointOptions = {},
): void {
  app.route({
    method: def.method,
    url: def.path,
    onRequest: [
      ...(def.auth === 'required' ? [requireAuth] : []),
      // Staff calls: the role after the token (ADR 022).
      ...(def.staff ? [requireStaffRole(def.staff, def.teacher === true)] : []),
      // A signed link may be embedded by the native apps' pages (ADR 021).
      ...(def.auth === 'signed-link' ? [openToEmbedding] : []),
      ...(options.onRequest ?? []),
    ],
    ...(options.onSend ? { onSend: options.onSend } : {}),
    // A multipart body is read by lib/multipart.ts, not by Fastify: its limit is the file's.
    ...(def.upload ? { bodyLimit: def.upload.maxBytes + MULTIPART_FORM_ROOM } : {}),
    schema: {
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body && !def.multipart ? { body: def.body } : {}),
      ...(def.response ? { response: { 200: def.response } } : {}),
    },
    config: {
      errorCodes: [...TRANSPORT_ERROR_CODES, ...(def.errors ?? [])],
      ...(def.teacher ? { teacher: true } : {}),
    },
    handler: handler as RouteHandlerMethod,
  });
}
