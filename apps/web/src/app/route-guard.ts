import type { Path } from 'react-router';
import type { User } from '@dars/contract';
import type { RouteMeta } from './route-meta';

/** What the guards need to know about who is navigating. */
export interface GuardSession {
  signedIn: boolean;
  /** Null for a guest, or while a fresh token's user is not known yet. */
  user: Pick<User, 'email' | 'email_verified_at' | 'profile_not_completed'> | null;
  /** The `email_verification` setting. */
  emailVerification: boolean;
}

/**
 * Where a signed-in user lands from a guest-only page: the course of a `?course=` query
 * (the course page's join button sends guests to login with it), else home.
 * @example homeFor('?course=12') // '/courses/12'
 */
export function homeFor(search: string): string {
  const course = new URLSearchParams(search).get('course');
  return course && /^[1-9]\d*$/.test(course) ? `/courses/${course}` : '/home';
}

/**
 * A native app's web-wallet hand-off link (`/home?tk=…&from=app&to=w`, ADR 000: Reversed token): it
 * brings its own token, so a browser without a session must reach home to store it. Home
 * itself sends the visitor to login when the hand-off does not apply (desktop, no wallet).
 * @example carriesWalletHandOff({ pathname: '/home', search: '?tk=cba&from=app&to=w' }) // true
 */
export function carriesWalletHandOff(location: { pathname: string; search: string }): boolean {
  const query = new URLSearchParams(location.search);
  return (
    location.pathname === '/home' &&
    Boolean(query.get('tk')?.trim()) &&
    query.get('from') === 'app' &&
    query.get('to') === 'w'
  );
}

/**
 * Whether the user must confirm their e-mail before anything else (spec §4).
 * @example needsEmailConfirmation(user, settings.email_verification)
 */
export function needsEmailConfirmation(
  user: GuardSession['user'],
  emailVerification: boolean,
): boolean {
  // A student the school added without an e-mail (ADR 052) has nothing to confirm.
  return user !== null && emailVerification && user.email !== '' && !user.email_verified_at;
}

/**
 * Where the guard sends a navigation (spec §2, §4), or null to let it through:
 * - a guest on a sign-in route goes to /login with the same query (so `?course=5` survives);
 * - an unconfirmed e-mail sends every route but /confirm to /confirm, and /confirm is left
 *   for home once there is nothing to confirm;
 * - an incomplete profile sends every route but /profile to /profile;
 * - a signed-in user on a guest-only route goes home, or to the course of `?course=`.
 * @example guardRedirect({ requiresAuth: true }, { signedIn: false, user: null, emailVerification: false }, { pathname: '/home', search: '?course=5' }) // { pathname: '/login', search: '?course=5' }
 */
export function guardRedirect(
  meta: Pick<RouteMeta, 'requiresAuth'>,
  session: GuardSession,
  location: { pathname: string; search: string },
): Partial<Path> | null {
  const { signedIn, user, emailVerification } = session;
  if (meta.requiresAuth === true && !signedIn && !carriesWalletHandOff(location))
    return { pathname: '/login', search: location.search };
  if (signedIn && user) {
    const unconfirmed = needsEmailConfirmation(user, emailVerification);
    if (unconfirmed && location.pathname !== '/confirm') return { pathname: '/confirm' };
    if (!unconfirmed && location.pathname === '/confirm') return { pathname: '/home' };
    if (!unconfirmed && user.profile_not_completed && location.pathname !== '/profile')
      return { pathname: '/profile' };
  }
  if (meta.requiresAuth === false && signedIn) return { pathname: homeFor(location.search) };
  return null;
}
