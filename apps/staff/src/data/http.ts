import { HttpError } from 'react-admin';
import { session } from './token';

export const API_BASE = '/api/v1';

/** What react-admin's forms read from a refused save: one message per field. */
export type FieldErrors = Record<string, string>;

interface ErrorBody {
  message?: string;
  code?: string;
  errors?: Record<string, string[] | string>;
}

/**
 * The server's 422 `errors: { field: [message] }` as react-admin's forms take them
 * (`{ field: message }`, the first message of each field); nested fields keep their dotted
 * path (`recharge_info.min_recharge_amount`), which react-hook-form resolves.
 */
export function fieldErrors(errors: ErrorBody['errors']): FieldErrors | undefined {
  if (!errors) return undefined;
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (first) out[field] = first;
  }
  return Object.keys(out).length ? out : undefined;
}

const NETWORK_ERROR = 'تعذر الاتصال بالخادم، تحقق من الاتصال وحاول مرة أخرى';

/**
 * A call to the API with the staff token. Answers the parsed JSON of a 2xx; otherwise throws
 * an HttpError with the server's Arabic message and, for a 422, the field errors in
 * `body.errors` (react-admin shows them under the fields).
 */
export async function apiFetch<T>(
  path: string,
  init: { method?: string; body?: unknown; form?: FormData; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = session.token();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.form) body = init.form;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body,
      signal: init.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new HttpError(NETWORK_ERROR, 0, {});
  }
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (res.ok) return json as T;
  const error = (json ?? {}) as ErrorBody;
  const errors = res.status === 422 ? fieldErrors(error.errors) : undefined;
  throw new HttpError(error.message || 'ra.notification.http_error', res.status, {
    ...error,
    errors,
  });
}
