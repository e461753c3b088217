import { describe, expect, it } from 'vitest';
import { guardRedirect } from './route-guard';

describe('guardRedirect', () => {
  it('sends a guest on a protected route to login, keeping the query', () => {
    expect(guardRedirect({ requiresAuth: true }, false, { search: '?course=5' })).toEqual({
      pathname: '/login',
      search: '?course=5',
    });
  });

  it('lets a signed-in user through a protected route', () => {
    expect(guardRedirect({ requiresAuth: true }, true, { search: '' })).toBeNull();
  });

  it('sends a signed-in user on a guest-only route home', () => {
    expect(guardRedirect({ requiresAuth: false }, true, { search: '?x=1' })).toEqual({
      pathname: '/home',
    });
  });

  it('lets a guest through a guest-only route', () => {
    expect(guardRedirect({ requiresAuth: false }, false, { search: '' })).toBeNull();
  });

  it('lets everyone through a public route', () => {
    expect(guardRedirect({}, false, { search: '' })).toBeNull();
    expect(guardRedirect({}, true, { search: '' })).toBeNull();
  });
});
