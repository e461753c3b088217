import { render, screen } from '@testing-library/react';
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
