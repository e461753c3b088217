import { STORAGE_KEYS } from '@dars/contract/plain';

/** The bearer token lives in localStorage under this key (spec §9). */
export const TOKEN_KEY = STORAGE_KEYS.token;

type Listener = () => void;
const listeners = new Set<Listener>();

function read(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_KEY) || null;
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as a guest.
    return null;
  }
}

function notify() {
  for (const listener of listeners) listener();
}

/**
 * The stored bearer token, or null for a guest.
 * @example getToken() // 'b3f1…' or null
 */
export function getToken(): string | null {
  return read();
}

/**
 * Whether a token is stored: the spec's definition of "signed in" for route guards.
 * @example if (!hasToken()) navigate('/login')
 */
export function hasToken(): boolean {
  return read() !== null;
}

/** @example setToken(response.token) */
export function setToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_KEY, token);
  } finally {
    notify();
  }
}

/** @example clearToken() // after a 401 or logout */
export function clearToken(): void {
  try {
    window.localStorage.removeItem(TOKEN_KEY);
  } finally {
    notify();
  }
}

/**
 * Calls `listener` whenever the token changes here or in another tab; returns the unsubscribe.
 * Shaped for `useSyncExternalStore`.
 * @example const stop = subscribeToToken(() => console.log(getToken()))
 */
export function subscribeToToken(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
