import { describe, expect, it } from 'vitest';
import { guardRedirect, homeFor, type GuardSession } from './route-guard';

const guest: GuardSession = { signedIn: false, user: null, emailVerification: false };
const confirmed = {
  email: 'a@dars.test',
  email_verified_at: '2024-01-01T00:00:00.000Z',
  profile_not_completed: false,
};
const student: GuardSession = { signedIn: true, user: confirmed, emailVerification: true };
const unconfirmed: GuardSession = {
  signedIn: true,
  user: { email: 'a@dars.test', email_verified_at: null, profile_not_completed: false },
  emailVerification: true,
};
const incomplete: GuardSession = {
  signedIn: true,
  user: { ...confirmed, profile_not_completed: true },
  emailVerification: true,
};
const at = (pathname: string, search = '') => ({ pathname, search });

describe('guardRedirect', () => {
  it('sends a guest on a protected route to login, keeping the query', () => {
    expect(guardRedirect({ requiresAuth: true }, guest, at('/profile', '?course=5'))).toEqual({
      pathname: '/login',
      search: '?course=5',
    });
  });

  it('lets a signed-in user through a protected route', () => {
    expect(guardRedirect({ requiresAuth: true }, student, at('/profile'))).toBeNull();
  });

  it('lets a signed-in user through while the user is still unknown', () => {
    const fresh = { ...student, user: null };
    expect(guardRedirect({ requiresAuth: true }, fresh, at('/home'))).toBeNull();
  });

  it('sends a signed-in user on a guest-only route home', () => {
    expect(guardRedirect({ requiresAuth: false }, student, at('/login', '?x=1'))).toEqual({
      pathname: '/home',
    });
  });

  it('sends a signed-in user who came to join a course to that course', () => {
    expect(guardRedirect({ requiresAuth: false }, student, at('/login', '?course=12'))).toEqual({
      pathname: '/courses/12',
    });
  });

  it('lets a guest through a guest-only route', () => {
    expect(guardRedirect({ requiresAuth: false }, guest, at('/login'))).toBeNull();
  });

  it('lets everyone through a public route', () => {
    expect(guardRedirect({}, guest, at('/about'))).toBeNull();
    expect(guardRedirect({}, student, at('/about'))).toBeNull();
  });

  it('has nothing to confirm for a student the school added without an e-mail', () => {
    const noEmail = { ...unconfirmed, user: { ...unconfirmed.user!, email: '' } };
    expect(guardRedirect({ requiresAuth: true }, noEmail, at('/courses'))).toBeNull();
  });

  it('sends an unconfirmed e-mail from every route to /confirm', () => {
    for (const [meta, path] of [
      [{ requiresAuth: true }, '/home'],
      [{}, '/about'],
      [{ requiresAuth: false }, '/login'],
      [{}, '/nowhere'],
    ] as const) {
      expect(guardRedirect(meta, unconfirmed, at(path)), path).toEqual({ pathname: '/confirm' });
    }
    expect(guardRedirect({ requiresAuth: true }, unconfirmed, at('/confirm'))).toBeNull();
  });

  it('does not ask for a confirmation when e-mail verification is off', () => {
    const off = { ...unconfirmed, emailVerification: false };
    expect(guardRedirect({ requiresAuth: true }, off, at('/home'))).toBeNull();
    expect(guardRedirect({ requiresAuth: true }, off, at('/confirm'))).toEqual({
      pathname: '/home',
    });
  });

  it('sends a confirmed user away from /confirm', () => {
    expect(guardRedirect({ requiresAuth: true }, student, at('/confirm'))).toEqual({
      pathname: '/home',
    });
  });

  it('sends an incomplete profile from every route to /profile', () => {
    expect(guardRedirect({ requiresAuth: true }, incomplete, at('/wallet'))).toEqual({
      pathname: '/profile',
    });
    expect(guardRedirect({}, incomplete, at('/help'))).toEqual({ pathname: '/profile' });
    expect(guardRedirect({ requiresAuth: true }, incomplete, at('/profile'))).toBeNull();
  });

  it('asks for the e-mail confirmation before the profile', () => {
    const both = {
      ...unconfirmed,
      user: { email: 'a@dars.test', email_verified_at: null, profile_not_completed: true },
    };
    expect(guardRedirect({ requiresAuth: true }, both, at('/profile'))).toEqual({
      pathname: '/confirm',
    });
  });
});

describe('homeFor', () => {
  it('reads a course id from the query', () => {
    expect(homeFor('?course=7')).toBe('/courses/7');
  });

  it('ignores anything that is not a course id', () => {
    expect(homeFor('')).toBe('/home');
    expect(homeFor('?course=abc')).toBe('/home');
    expect(homeFor('?course=//evil.example')).toBe('/home');
    expect(homeFor('?course=0')).toBe('/home');
  });
});

describe('the wallet hand-off link', () => {
  const handOff = { pathname: '/home', search: '?tk=nekot&from=app&to=w' };

  it('lets a guest reach home with a hand-off link, so home can store its token', () => {
    expect(guardRedirect({ requiresAuth: true }, guest, handOff)).toBeNull();
  });

  it('still sends a guest to login from home without one, or with an incomplete one', () => {
    expect(
      guardRedirect({ requiresAuth: true }, guest, {
        pathname: '/home',
        search: '?tk=nekot&from=app',
      }),
    ).toEqual({ pathname: '/login', search: '?tk=nekot&from=app' });
    expect(
      guardRedirect({ requiresAuth: true }, guest, { pathname: '/wallet', search: handOff.search }),
    ).toEqual({ pathname: '/login', search: handOff.search });
  });
});
