import type { z, ZodError } from 'zod';
import type { FieldErrors } from '@dars/contract';
import { AppError } from './app-error';

/** Turns zod issues into the spec's `{ field: [message] }`. */
export function fieldErrorsOf(error: ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.join('.') : '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * Parses input inside a handler (where a route's declared schema is not the whole story) and
 * fails the same way route validation does: a 422 with field errors.
 * @example const body = validate(guestSupportTicketBodySchema, request.body)
 */
export function validate<T extends z.ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const errors = fieldErrorsOf(result.error);
  throw new AppError('VALIDATION_FAILED', Object.values(errors)[0]?.[0], errors);
}
