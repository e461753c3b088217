import { clearToken, hasToken } from '../lib/token-storage';

/**
 * Forced logout after a 401 while signed in (spec §8): clear the token, go to login and
 * reload the page so no signed-in state survives (spec §4).
 */
export function forceLogout(): void {
  if (!hasToken()) return;
  clearToken();
  window.location.assign('/login');
}
