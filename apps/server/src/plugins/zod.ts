import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
  preSerializationAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';

/** Types route handlers from the zod schemas they declare (input: parsed output; reply: input). */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** Replies are checked against their schema unless the server runs in production. */
export const checkRepliesByDefault = (): boolean =>
  process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development';

const isZod = (schema: unknown): schema is z.ZodType =>
  typeof schema === 'object' && schema !== null && '_zod' in schema;

/**
 * The JSON Schema of a reply, for Fastify's compiled serializer (fast-json-stringify writes
 * only the properties a schema lists, so it strips as zod does); undefined when zod can't say
 * it in JSON Schema (a transform, a date…).
 */
function replyJsonSchema(schema: z.ZodType): object | undefined {
  if (jsonSchemas.has(schema)) return jsonSchemas.get(schema) ?? undefined;
  let json: object | null = null;
  try {
    const { $schema: _, ...converted } = z.toJSONSchema(schema, {
      target: 'draft-7',
      io: 'output',
    });
    json = converted;
  } catch {
    // zod can't say it in JSON Schema: the route is written by zodSerializer.
  }
  jsonSchemas.set(schema, json);
  return json ?? undefined;
}

/**
 * A contract schema's JSON Schema form (null: none), and the writer compiled from a JSON Schema,
 * kept for the process: every server built in it (the tests build hundreds, one per file or
 * case) shares them instead of converting and compiling each reply schema again, which was
 * most of a test server's start (370 → 140 ms of CPU with them kept). Both are pure functions
 * of the schema object, which nothing changes once it is declared.
 */
const jsonSchemas = new WeakMap<z.ZodType, object | null>();
const writers = new WeakMap<object, (data: unknown) => string>();

/**
 * Fastify's own compiler (fast-json-stringify, with no shared schemas and no options, as we
 * declare none), its writers kept per schema object.
 */
const keptSerializer: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const key = schema as object;
  let write = writers.get(key);
  if (!write) {
    write = fastJsonStringify(key) as (data: unknown) => string;
    writers.set(key, write);
  }
  return write;
};

const zodValidator: FastifySchemaCompiler<unknown> =
  ({ schema }) =>
  (data) => {
    const result = (schema as z.ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };

/** The slow, always-right writer: for replies whose schema has no JSON Schema form. */
const zodSerializer: FastifySerializerCompiler<unknown> =
  ({ schema }) =>
  (data) =>
    JSON.stringify((schema as z.ZodType).parse(data));

/** Parses a reply with its route's zod schema before it is written (tests and development). */
function replyCheck(replies: Map<string, z.ZodType>): preSerializationAsyncHookHandler {
  return async (_request, reply, payload) => {
    const code = String(reply.statusCode);
    const schema = replies.get(code) ?? replies.get(`${code[0]}xx`) ?? replies.get('default');
    schema?.parse(payload);
    return payload;
  };
}

function compileReplies(route: RouteOptions, checkReplies: boolean): void {
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (!response) return;
  const replies = new Map<string, z.ZodType>();
  const json: Record<string, unknown> = {};
  for (const [code, schema] of Object.entries(response)) {
    if (!isZod(schema)) {
      json[code] = schema;
      continue;
    }
    replies.set(code, schema);
    const converted = replyJsonSchema(schema);
    if (!converted) {
      route.serializerCompiler = zodSerializer;
      return;
    }
    json[code] = converted;
  }
  route.schema = { ...route.schema, response: json };
  if (checkReplies) {
    const hooks = route.preSerialization;
    route.preSerialization = [
      ...(Array.isArray(hooks) ? hooks : hooks ? [hooks] : []),
      replyCheck(replies),
    ];
  }
}

/**
 * Routes declare their input and output with the contract's zod schemas. Requests are parsed
 * (and coerced) by them. Replies are written by Fastify's serializer compiled from the reply
 * schema's JSON Schema form, which writes only the keys the schema declares (a query that reads
 * a column too many never leaks it) at a third of the cost of `JSON.stringify(schema.parse())`.
 * It checks no types, so in tests and development every reply is also parsed by zod first: one
 * that drifts from the contract fails loudly there instead of reaching a client (ADR 010).
 * Call before registering routes.
 */
export function useZodCompilers(
  app: FastifyInstance,
  { checkReplies = checkRepliesByDefault() }: { checkReplies?: boolean } = {},
): void {
  app.setValidatorCompiler(zodValidator);
  app.setSerializerCompiler(keptSerializer);
  app.addHook('onRoute', (route) => compileReplies(route, checkReplies));
}
