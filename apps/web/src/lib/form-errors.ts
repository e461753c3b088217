import type { z } from 'zod';
import { ApiError } from './api-client';

/** The first message of each field of a form, keyed by field name. */
export type FormErrors<F extends string = string> = Partial<Record<F, string>>;

/**
 * The first message per field of a failed zod parse, for showing under each field.
 * Issues without a path (a refinement of the whole form) go under `_form`.
 * @example fieldErrorsOf(loginBodySchema.safeParse(values).error) // { password: 'لا تترك الحقول فارغة' }
 */
export function fieldErrorsOf(error: z.ZodError | undefined): FormErrors {
  const errors: FormErrors = {};
  for (const issue of error?.issues ?? []) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The first message per field of a 422 answer (`errors: { email: ['…'] }`), or an empty
 * object for any other failure.
 * @example serverFieldErrors(error) // { email: 'البريد الإلكتروني مستخدم بالفعل' }
 */
export function serverFieldErrors(error: unknown): FormErrors {
  const errors: FormErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [field, messages] of Object.entries(error.errors ?? {})) {
    if (messages[0]) errors[field] = messages[0];
  }
  return errors;
}

/**
 * What to tell the user about a failed call: the server's first field error of a 422, else
 * the server's message for a 4xx it explained, else `fallback` (network, 5xx, bad answer).
 * @example serverMessage(error, t('profile.saveFailed'))
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.firstFieldError) return error.firstFieldError;
  const explained =
    error.status >= 400 && error.status < 500 && error.code !== undefined && error.message;
  return explained ? error.message : fallback;
}
