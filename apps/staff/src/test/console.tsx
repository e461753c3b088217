import { configure, render, screen } from '@testing-library/react';
import { beforeAll } from 'vitest';
import userEvent from '@testing-library/user-event';
import { StaffApp } from '../app';
import { session } from '../data/token';
import type { StaffUser } from '@dars/contract';
import { ADMIN } from './fake-api';

/**
 * Opens the console at `path` (below /staff) as `user`, signed in as after the sign-in form;
 * answers the user-event handle to act with.
 * @example const user = openConsole('/courses/7', LEADER)
 */
export function openConsole(path = '/', user: StaffUser = ADMIN) {
  session.save('tok-1', user);
  window.history.replaceState(null, '', `/staff${path}`);
  render(<StaffApp />);
  return userEvent.setup();
}

/** Opens the console at `path` (below /staff) signed out. */
export function openSignedOut(path = '/') {
  window.history.replaceState(null, '', `/staff${path}`);
  return render(<StaffApp />);
}

/** Fills the sign-in form with `email` and a password and sends it; answers the user-event handle. */
export async function signIn(email: string) {
  const user = userEvent.setup();
  await user.type(
    await screen.findByLabelText(/^البريد الإلكتروني/, { selector: 'input' }, { timeout: 20_000 }),
    email,
  );
  await user.type(screen.getByLabelText(/^كلمة المرور/, { selector: 'input' }), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
  return user;
}

/**
 * For a file whose screens are lazy chunks: loads their modules (`loads`) once before its tests,
 * so no test pays for their transform, and lets Testing Library wait 25 s for a page (setup.ts
 * gives 20): a page loads its record, then its screen, on a shared 2-core machine.
 * @example loadScreensFirst(() => import('./header-images'))
 */
export function loadScreensFirst(...loads: (() => Promise<unknown>)[]) {
  configure({ asyncUtilTimeout: 25_000 });
  beforeAll(() => Promise.all(loads.map((load) => load())), 240_000);
}
