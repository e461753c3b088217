import { API_BASE, type User } from '@dars/contract';
import { serverURL } from './server';

/**
 * Calls the running server's API as a client would, to check what the screens did.
 * @example const { status } = await callApi('/login', { body: { login, password } })
 */
export async function callApi(
  route: string,
  { token, body }: { token?: string | null; body?: unknown } = {},
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(new URL(`${API_BASE}${route}`, serverURL()), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/**
 * A GET of the running server's API as the web client sends it, with the bearer token when
 * given and the query in the address.
 * @example const { json } = await getApi('/exams/session', { token, query: { session_token } })
 */
export async function getApi(
  route: string,
  { token, query = {} }: { token?: string | null; query?: Record<string, string> } = {},
): Promise<{ status: number; json: unknown }> {
  const url = new URL(`${API_BASE}${route}`, serverURL());
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, json: await res.json().catch(() => null) };
}

/**
 * The signed-in user as the server knows them (`POST /auth/user`); throws unless 200.
 * @example expect((await serverUser(token)).notifications_count).toBe(0)
 */
export async function serverUser(token: string): Promise<User> {
  const { status, json } = await callApi('/auth/user', { token });
  if (status !== 200) throw new Error(`POST /auth/user answered ${status}`);
  return (json as { user: User }).user;
}

/**
 * Whether the server takes this login and password (`POST /login`).
 * @example expect(await canLogIn(student.email, 'old-password')).toBe(false)
 */
export async function canLogIn(login: string, password: string): Promise<boolean> {
  const { status } = await callApi('/login', { body: { login, password } });
  if (status !== 200 && status !== 422) throw new Error(`POST /login answered ${status}`);
  return status === 200;
}
