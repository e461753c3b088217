import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ApiErrorBody, FieldErrors } from '@dars/contract';
import { AppError, messageFor } from '../lib/app-error';
import { isRefusedValue } from '../lib/db-errors';
import { fieldErrorsOf } from '../lib/validate';
import './endpoint';
import { checkRepliesByDefault } from './zod';

function isClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const status = (error as FastifyError).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Three Latin letters in a row: an English word, which a student must never read. */
const LATIN_WORD = /[A-Za-z]{3,}/;

/** The message itself when it is Arabic, else `fallback`: the last guard before the wire. */
function arabicOr(message: string | undefined, fallback: string): string {
  return message && !LATIN_WORD.test(message) ? message : fallback;
}

/** Field errors with every English message replaced by `fallback`. */
function arabicFieldErrors(errors: FieldErrors, fallback: string): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, messages]) => [
      field,
      messages.map((m) => arabicOr(m, fallback)),
    ]),
  );
}

function validationContextOf(error: ZodError): string | undefined {
  return (error as ZodError & { validationContext?: string }).validationContext;
}

/**
 * One place that shapes every error answer as `{ message, code?, errors? }`: known errors keep
 * their code and Arabic message, invalid input is a 422 with field errors, a bad path parameter
 * is a 404, and anything unexpected is a 500 whose internals stay in the log. No English text
 * leaves here: a message with a Latin word is replaced by its code's Arabic one.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  { checkErrorCodes = checkRepliesByDefault() }: { checkErrorCodes?: boolean } = {},
): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      status = error.statusCode;
      const fallback = messageFor(error.code);
      body = {
        message: arabicOr(error.message, fallback),
        code: error.code,
        ...(error.errors ? { errors: arabicFieldErrors(error.errors, fallback) } : {}),
      };
    } else if (error instanceof ZodError && validationContextOf(error)) {
      // Only request validation is the client's fault; a reply that fails its schema is our bug.
      if (validationContextOf(error) === 'params') {
        status = 404;
        body = { message: messageFor('NOT_FOUND'), code: 'NOT_FOUND' };
      } else {
        const fallback = messageFor('VALIDATION_FAILED');
        const errors = arabicFieldErrors(fieldErrorsOf(error), fallback);
        status = 422;
        body = {
          message: Object.values(errors)[0]?.[0] ?? fallback,
          code: 'VALIDATION_FAILED',
          errors,
        };
      }
    } else if (isClientError(error)) {
      // Fastify's own client errors: bad JSON, too large a body, unsupported media type…
      status = error.statusCode;
      body = {
        message:
          status === 413
            ? 'حجم البيانات المُرسلة أكبر من المسموح'
            : messageFor(status === 429 ? 'TOO_MANY_REQUESTS' : 'VALIDATION_FAILED'),
        code: status === 429 ? 'TOO_MANY_REQUESTS' : 'VALIDATION_FAILED',
      };
    } else if (isRefusedValue(error)) {
      // A gap in a request schema: the client's fault, but ours to close, so it is logged.
      request.log.warn({ code: (error as { code: string }).code }, 'database refused a value');
      status = 422;
      body = { message: messageFor('VALIDATION_FAILED'), code: 'VALIDATION_FAILED' };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { message: messageFor('SERVER_ERROR'), code: 'SERVER_ERROR' };
    }
    // The codes a contract call may answer (plugins/endpoint.ts); undefined on other routes.
    const declared = request.routeOptions.config?.errorCodes;
    if (checkErrorCodes && declared && body.code && !declared.includes(body.code)) {
      // Tests and development: a code the contract does not declare for this call is our bug.
      request.log.error({ code: body.code }, 'error code not declared by the contract');
      status = 500;
      body = { message: messageFor('SERVER_ERROR'), code: 'SERVER_ERROR' };
    }
    return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
