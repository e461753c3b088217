import { useSyncExternalStore } from 'react';
import { getToken, subscribeToToken } from './token-storage';

/**
 * The stored token, re-rendering when it is set or cleared (also from another tab).
 * @example const signedIn = useStoredToken() !== null
 */
export function useStoredToken(): string | null {
  return useSyncExternalStore(subscribeToToken, getToken, () => null);
}
