/**
 * A message handed to the next screen in the navigation state, e.g. the login page after a
 * password reset.
 */
export interface FlashState {
  flash: string;
}

/**
 * The flash message of a location's state, if any.
 * @example readFlash(useLocation().state) // 'تم تغيير كلمة المرور بنجاح…'
 */
export function readFlash(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('flash' in state)) return null;
  const { flash } = state as { flash: unknown };
  return typeof flash === 'string' && flash !== '' ? flash : null;
}
