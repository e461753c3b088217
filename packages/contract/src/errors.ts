import { z } from './zod';

/**
 * Every error code the API answers with (spec §8), as a typed union.
 * The client maps codes to Arabic texts; the server never relies on the text alone.
 * @example isErrorCode('USED_PAYCARD') // true
 */
export const ERROR_CODES = [
  // join and purchase
  'LIMIT_EXCEEDED',
  'ALREADY_JOINED',
  'ALREADY_PURCHASED',
  'INVALID_PAYCARD_CODE',
  'USED_PAYCARD',
  'EXPIRED_PAYCARD',
  // the spec's spelling, kept on the wire
  'PAYCARD_TARGET_VALIDATION_FAILD',
  'PAYCARD_USED_BY_ANOTHER_USER',
  'PAYCARD_MAX_PRICE_EXCEEDED',
  'BALANCE_NOT_ENOUGH',
  // profile
  'WRONG_OLD_PASSWORD',
  // exams
  'EXAM_NOT_FOUND',
  'EXAM_NOT_STARTED',
  'EXAM_ENDED',
  'EXAM_NOT_ACTIVE',
  'SESSION_NOT_FOUND',
  // wallet
  'LESS_THAN_MIN_AMOUNT',
  'NO_ENOUGH_BALANCE',
  'WALLET_NOT_FOUND',
  'CANNOT_TRANSFER_TO_YOURSELF',
  // domain codes of our own server that the spec leaves unnamed
  'INVALID_CREDENTIALS',
  /** A wrong or expired e-mail code, or a used password-reset token. */
  'INVALID_CODE',
  /** An answer after the exam's deadline (the server's clock decides). */
  'SESSION_ENDED',
  /** Staff: the change would break students' data (a course with purchases, an exam taken). */
  'CONFLICT',
  /**
   * 403: a student's sign-in on one device more than the school allows (ADR 051); the message
   * names the limit and what to do.
   */
  'DEVICE_LIMIT_REACHED',
  // transport-level codes of our own server (not in the spec's catalogue)
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'TOO_MANY_REQUESTS',
  'FEATURE_DISABLED',
  /**
   * 405: a known path asked with a method it is not served by (the answer's `Allow` lists
   * those it is). Not a call's answer, so not among TRANSPORT_ERROR_CODES: no call of the
   * contract is reached with a method it does not declare.
   */
  'METHOD_NOT_ALLOWED',
  'SERVER_ERROR',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);

/**
 * Codes any call may answer, besides the ones it declares: invalid input, no or a dead token,
 * refused access, an unknown id, a rate limit, our own failure.
 */
export const TRANSPORT_ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'TOO_MANY_REQUESTS',
  'SERVER_ERROR',
] as const satisfies readonly (typeof ERROR_CODES)[number][];
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/** @example isErrorCode(body.code) && body.code === 'USED_PAYCARD' */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/** Field errors of a 422: `{ email: ['البريد الإلكتروني مستخدم بالفعل'] }`. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** The body of every error answer: `{ message, code?, errors? }`. */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  errors: fieldErrorsSchema.optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
