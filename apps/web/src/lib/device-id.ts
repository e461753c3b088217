import { DEVICE_ID_PATTERN, STORAGE_KEYS } from '@dars/contract/plain';

/** The key the device id is kept under; signing out leaves it (ADR 051). */
export const DEVICE_ID_KEY = STORAGE_KEYS.deviceId;

let inMemory: string | null = null;

function randomId(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The id this browser (or the native app's web view) sends as App-Device (ADR 051): random,
 * made once and kept in localStorage, so the school's device limit knows it again after a
 * sign-out. Storage that cannot be used (private mode) keeps one for the page's life; the
 * server's own render of a page has no device (null).
 * @example deviceId() // '3f2b8c1e-9a4d-4c7e-b1f0-2d6e8a9c0b11'
 */
export function deviceId(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    const kept = window.localStorage.getItem(DEVICE_ID_KEY);
    if (kept && DEVICE_ID_PATTERN.test(kept)) return kept;
    const made = inMemory ?? randomId();
    window.localStorage.setItem(DEVICE_ID_KEY, made);
    inMemory = made;
    return made;
  } catch {
    inMemory ??= randomId();
    return inMemory;
  }
}
