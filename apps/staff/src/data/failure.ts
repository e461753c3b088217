import { HttpError } from 'react-admin';
import type { FieldErrors } from './http';

/** react-admin's own key for a failure with nothing to say; `notify` and `translate` know it. */
export const HTTP_ERROR_KEY = 'ra.notification.http_error';

/** What a failed call said, read from whatever it threw. */
export interface Failure {
  /** The HTTP status; 0 when no answer arrived or the failure is not an HTTP one. */
  status: number;
  /** The server's Arabic message, the error's own, or {@link HTTP_ERROR_KEY} when it had none. */
  message: string;
  /** A 422's field errors (`{ field: message }`), as `toHttpError` put them in the body. */
  fields: FieldErrors | undefined;
}

/**
 * Reads a caught failure without a cast: the HttpError `callStaff` throws (status, the server's
 * message, a 422's field errors), any other Error (its message), or anything else thrown.
 * @example const { status, message, fields } = failureOf(error)
 */
export function failureOf(error: unknown): Failure {
  if (error instanceof HttpError) {
    const body: unknown = error.body;
    const errors =
      typeof body === 'object' && body !== null && 'errors' in body ? body.errors : undefined;
    return {
      status: error.status,
      message: error.message || HTTP_ERROR_KEY,
      fields: isFieldErrors(errors) ? errors : undefined,
    };
  }
  if (error instanceof Error) {
    return { status: 0, message: error.message || HTTP_ERROR_KEY, fields: undefined };
  }
  return { status: 0, message: HTTP_ERROR_KEY, fields: undefined };
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.keys(value).length > 0 &&
    Object.values(value).every((message) => typeof message === 'string')
  );
}

/**
 * A failure's message as text to show in the page (not through `notify`, which translates keys
 * itself): the server's message as it is, react-admin's generic one translated.
 * @example setError(failureText(error, translate))
 */
export function failureText(
  error: unknown,
  translate: (key: string, options?: Record<string, unknown>) => string,
): string {
  const { message } = failureOf(error);
  return message === HTTP_ERROR_KEY ? translate(HTTP_ERROR_KEY) : message;
}
