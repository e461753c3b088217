import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '@dars/contract';
import { AppError, messageFor } from '../lib/app-error';
import { fieldErrorsOf } from '../lib/validate';

function isClientError(error: unknown): error is FastifyError & { statusCode: number } {
  const status = (error as FastifyError).statusCode;
  return typeof status === 'number' && status >= 400 && status < 500;
}

function validationContextOf(error: ZodError): string | undefined {
  return (error as ZodError & { validationContext?: string }).validationContext;
}

/**
 * One place that shapes every error answer as `{ message, code?, errors? }`: known errors keep
 * their code and Arabic message, invalid input is a 422 with field errors, a bad path parameter
 * is a 404, and anything unexpected is a 500 whose internals stay in the log.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let status: number;
    let body: ApiErrorBody;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = {
        message: error.message,
        code: error.code,
        ...(error.errors ? { errors: error.errors } : {}),
      };
    } else if (error instanceof ZodError && validationContextOf(error)) {
      // Only request validation is the client's fault; a reply that fails its schema is our bug.
      if (validationContextOf(error) === 'params') {
        status = 404;
        body = { message: messageFor('NOT_FOUND'), code: 'NOT_FOUND' };
      } else {
        const errors = fieldErrorsOf(error);
        status = 422;
        body = {
          message: Object.values(errors)[0]?.[0] ?? messageFor('VALIDATION_FAILED'),
          code: 'VALIDATION_FAILED',
          errors,
        };
      }
    } else if (isClientError(error)) {
      // Fastify's own client errors: bad JSON, too large a body, unsupported media type…
      status = error.statusCode;
      body = {
        message:
          status === 413 ? 'حجم البيانات المُرسلة أكبر من المسموح' : messageFor('VALIDATION_FAILED'),
        code: status === 429 ? 'TOO_MANY_REQUESTS' : 'VALIDATION_FAILED',
      };
    } else {
      request.log.error({ err: error }, 'unhandled error');
      status = 500;
      body = { message: messageFor('SERVER_ERROR'), code: 'SERVER_ERROR' };
    }
    return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
  });
}
