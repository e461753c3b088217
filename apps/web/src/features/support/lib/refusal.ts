import { ApiError } from '../../../lib/api-client';

/**
 * A 4xx the server explained (no such ticket, a wrong link, too many tries): asking again
 * would not change it, so the page shows the message without a retry button.
 * @example isRefusal(new ApiError({ status: 404, message: 'المحادثة غير موجودة' })) // true
 */
export function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
