import { z } from 'zod';
import {
  API_BASE,
  APP_VERSION,
  TRANSPORT_ERROR_CODES,
  endpoints,
  type EndpointDef,
} from '@dars/contract';

/** A JSON Schema (draft 2020-12, which OpenAPI 3.1 uses) of a contract schema. */
type JsonSchema = Record<string, unknown>;

/** Bounds where the larger value is the stricter, and where the smaller is. */
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems'] as const;
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems'] as const;

/**
 * A pipe's checks on what it was given. zod documents a request's pipe (`a.pipe(b)`) by its
 * input side `a` alone, so what `b` checks went missing: the new password's 8 characters
 * (`safeString().min(1).pipe(newPasswordSchema)`), an e-mail's format, a transfer's minimum
 * (`z.number().pipe(moneySchema.min(0.5))`). When both sides are of one type, the output side's
 * bounds and format are added to the input's, the stricter of each bound kept. Its `pattern` is
 * left out: it is matched after a transform (trimmed, Latin digits), which the input need not be.
 */
function withPipeChecks(ctx: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const def = (ctx.zodSchema as { _zod: { def: { type: string; out?: z.ZodType } } })._zod.def;
  if (def.type !== 'pipe' || !def.out) return;
  const input = ctx.jsonSchema;
  const output = z.toJSONSchema(def.out, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  if (input.type === undefined || input.type !== output.type) return;
  const tighter = (key: string, pick: (a: number, b: number) => number) => {
    const value = output[key];
    if (typeof value !== 'number') return;
    input[key] = typeof input[key] === 'number' ? pick(input[key], value) : value;
  };
  for (const key of LOWER_BOUNDS) tighter(key, Math.max);
  for (const key of UPPER_BOUNDS) tighter(key, Math.min);
  if (output.format !== undefined && input.format === undefined) input.format = output.format;
}

/**
 * The JSON Schema of a contract schema as a request sends it (`input`) or an answer carries it.
 * @example toJsonSchema(changePasswordBodySchema, 'input').properties.password.minLength // 8
 */
export const toJsonSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    ...(io === 'input' ? { override: withPipeChecks } : {}),
  });
  return json;
};

/** `/courses/:id` → `/courses/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

function parameters(def: EndpointDef): object[] {
  const list: object[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = toJsonSchema(schema, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      list.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return list;
}

function requestBody(def: EndpointDef): object | undefined {
  if (!def.body && !def.multipart) return undefined;
  const schema = def.body ? toJsonSchema(def.body, 'input') : { type: 'object' };
  return {
    required: true,
    content: { [def.multipart ? 'multipart/form-data' : 'application/json']: { schema } },
  };
}

const SECURITY: Record<EndpointDef['auth'], object[]> = {
  required: [{ bearer: [] }],
  optional: [{}, { bearer: [] }],
  'signed-link': [],
};

const AUTH_NOTE: Record<EndpointDef['auth'], string> = {
  required: 'Needs a bearer token (401 without a live one).',
  optional: 'Uses the bearer token when one is sent; answers guests too.',
  'signed-link': 'No bearer token: a link the server signed says who may use it.',
};

function responses(def: EndpointDef): object {
  const codes = [...TRANSPORT_ERROR_CODES, ...(def.errors ?? [])];
  const error = {
    description: `An error: \`{ message, code, errors }\` with \`message\` in Arabic. Codes: ${codes.join(', ')}.`,
    content: {
      'application/json': {
        schema: {
          type: 'object',
          properties: {
            message: { type: 'string' },
            code: { type: 'string', enum: codes },
            errors: {
              type: 'object',
              additionalProperties: { type: 'array', items: { type: 'string' } },
            },
          },
          required: ['message'],
        },
      },
    },
  };
  const ok = !def.response
    ? {
        description: `The file (${def.file}); range requests answer 206.`,
        content: { [def.file === '*' || !def.file ? 'application/octet-stream' : def.file]: {} },
      }
    : {
        description: 'Success.',
        content: { 'application/json': { schema: toJsonSchema(def.response, 'output') } },
      };
  return { 200: ok, '4XX': error, '5XX': error };
}

/**
 * The OpenAPI 3.1 document of the API, built from the contract's `endpoints`: the same list
 * the server registers its routes from, so the document cannot drift from what is served.
 * @example buildOpenApiDocument().paths['/courses/{id}'].get.operationId // 'getCourse'
 */
export function buildOpenApiDocument() {
  const paths: Record<string, Record<string, object>> = {};
  for (const [name, def] of Object.entries(endpoints) as [string, EndpointDef][]) {
    const path = openApiPath(def.path);
    paths[path] ??= {};
    const body = requestBody(def);
    paths[path][def.method.toLowerCase()] = {
      operationId: name,
      tags: [def.path.split('/')[1]],
      description: AUTH_NOTE[def.auth],
      security: SECURITY[def.auth],
      parameters: parameters(def),
      ...(body ? { requestBody: body } : {}),
      responses: responses(def),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Dars API',
      version: APP_VERSION,
      description:
        'The API of the Dars learning platform. Every call sends `App-Platform` (web, android, ios, mini) and `App-Version` headers. Error messages are Arabic, for the student to read; clients branch on `code`. A path asked with a method it does not list answers 405 with code `METHOD_NOT_ALLOWED` and an `Allow` header naming the methods it does.',
    },
    servers: [{ url: API_BASE }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
