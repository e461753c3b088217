import type { FastifyInstance, FastifyTypeProvider } from 'fastify';
import type { z } from 'zod';

/** Types route handlers from the zod schemas they declare (input: parsed output; reply: input). */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/**
 * Routes declare their input and output with the contract's zod schemas: requests are parsed
 * (and coerced) by them, and replies are checked against them before they leave, so a reply
 * that drifts from the contract fails loudly in tests instead of reaching a client.
 */
export function useZodCompilers(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data) => {
    const result = (schema as z.ZodType).safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  });
  app.setSerializerCompiler(
    ({ schema }) =>
      (data) =>
        JSON.stringify((schema as z.ZodType).parse(data)),
  );
}
