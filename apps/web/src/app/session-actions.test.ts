import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../lib/token-storage';
import { forceLogout, signOut } from './session-actions';

const assign = vi.fn();

afterEach(() => {
  assign.mockReset();
});

function stubLocation() {
  vi.stubGlobal('location', { ...window.location, assign });
}

describe('signOut', () => {
  it('clears the token and loads the login page afresh', () => {
    stubLocation();
    setToken('t');
    signOut();
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });
});

describe('forceLogout', () => {
  it('logs a signed-in user out', () => {
    stubLocation();
    setToken('t');
    forceLogout();
    expect(getToken()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/login');
  });

  it('leaves a guest where they are', () => {
    stubLocation();
    forceLogout();
    expect(assign).not.toHaveBeenCalled();
  });
});
