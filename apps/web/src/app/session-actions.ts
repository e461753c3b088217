import { clearToken, hasToken } from '../lib/token-storage';

/**
 * Logout (spec §4): clear the token, go to login and reload the page so no signed-in state
 * survives.
 */
export function signOut(): void {
  clearToken();
  window.location.assign('/login');
}

/**
 * Forced logout after a 401 while signed in (spec §8): the same as a logout, and nothing
 * for a guest (a guest's 401 is an answer to show, not a session to end).
 */
export function forceLogout(): void {
  if (!hasToken()) return;
  signOut();
}
