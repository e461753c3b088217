import { HttpError } from 'react-admin';
import type { z } from 'zod';
import { API_BASE, type FileEndpointDef, type JsonEndpointDef } from '@dars/contract';
import {
  ApiError,
  createApiClient,
  type ArgsOf,
  type LooseArgs,
} from '@dars/contract/client';
import { session } from './token';

/** A staff call of the contract (`staffEndpoints`): its path is under `/staff`. */
export type StaffJsonEntry = JsonEndpointDef & { path: `/staff${string}` };
/** A staff call whose answer is a file (a receipt, an export). */
export type StaffFileEntry = FileEndpointDef & { path: `/staff${string}` };

/** What react-admin's forms read from a refused save: one message per field. */
export type FieldErrors = Record<string, string>;

/**
 * The server's 422 `errors: { field: [message] }` as react-admin's forms take them
 * (`{ field: message }`, the first message of each field); nested fields keep their dotted
 * path (`recharge_info.min_recharge_amount`), which react-hook-form resolves.
 */
export function fieldErrors(
  errors: Record<string, string[] | string> | undefined,
): FieldErrors | undefined {
  if (!errors) return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (first) out[field] = first;
  }
  return Object.keys(out).length ? out : undefined;
}

const NETWORK_ERROR = 'تعذر الاتصال بالخادم، تحقق من الاتصال وحاول مرة أخرى';
const INVALID_RESPONSE = 'وصل من الخادم رد غير متوقع، حدّث الصفحة وحاول مرة أخرى';

/**
 * The shared client's failure as react-admin's HttpError: the server's Arabic message and, for
 * a 422, the field errors in `body.errors` (react-admin shows them under the fields). An abort
 * is passed on as it is.
 */
export function toHttpError(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.code === 'NETWORK_ERROR') return new HttpError(NETWORK_ERROR, 0, {});
  if (error.code === 'INVALID_RESPONSE')
    return new HttpError(INVALID_RESPONSE, error.status, { code: error.code });
  const body = error.body;
  return new HttpError(body?.message || 'ra.notification.http_error', error.status, {
    ...body,
    errors: error.status === 422 ? fieldErrors(body?.errors) : undefined,
  });
}

/** The console's client of the staff API: the staff token, the API on the same origin. */
const client = createApiClient({ baseUrl: API_BASE, getToken: () => session.token() });

/**
 * Calls the staff API as the contract's entry says (method, path params, query, body) and
 * resolves with the answer its response schema checked and typed; a refusal throws an
 * HttpError with the server's Arabic message (and field errors).
 * @example const { data } = await callStaff(staffEndpoints.staffGetCourse, { params: { id: 7 } })
 */
export async function callStaff<E extends StaffJsonEntry>(
  entry: E,
  ...args: ArgsOf<E>
): Promise<z.output<E['response']>> {
  try {
    return await client.call(entry, ...args);
  } catch (error) {
    throw toHttpError(error);
  }
}

/**
 * {@link callStaff} for the data provider, which picks the entry from its table at run time
 * (`resources.ts`): the answer is checked by the entry's schema and typed `unknown`.
 */
export async function callStaffEntry(entry: StaffJsonEntry, args?: LooseArgs): Promise<unknown> {
  try {
    return await client.callEntry(entry, args);
  } catch (error) {
    throw toHttpError(error);
  }
}

/** {@link sendStaff} for an entry picked at run time (an export button's). */
export async function sendStaffEntry(entry: StaffFileEntry, args?: LooseArgs): Promise<Response> {
  try {
    return await client.sendEntry(entry, args);
  } catch (error) {
    throw toHttpError(error);
  }
}

/**
 * Calls a staff entry whose answer is a file (an export, a receipt) with the staff token, which
 * a link or an `<img>` cannot send: the response once it is a 2xx, else an HttpError.
 * @example const blob = await (await sendStaff(staffEndpoints.staffGetMobilePaymentReceipt, { params: { id: 4 } })).blob()
 */
export async function sendStaff<E extends StaffFileEntry>(
  entry: E,
  ...args: ArgsOf<E>
): Promise<Response> {
  try {
    return await client.send(entry, ...args);
  } catch (error) {
    throw toHttpError(error);
  }
}
