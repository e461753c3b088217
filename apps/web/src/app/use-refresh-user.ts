import { useCallback } from 'react';
import { getAuthUser } from '../features/auth/api/get-auth-user';
import { useSession } from '../lib/session-context';

/**
 * Fetches the signed-in user again, whose balance and `my_courses` change with a join or a
 * purchase, and puts the answer in the session. Lives in the app layer: the catalog and
 * lectures features may not reach into the auth feature that owns the user.
 *
 * The answer is written with `updateUser` rather than by invalidating the user's query:
 * the app start watches that query, and a refetch of it would show the splash again and
 * remount every screen (an open lecture dialog would close).
 * @example const refreshUser = useRefreshUser(); refreshUser()
 */
export function useRefreshUser(): () => void {
  const { signedIn, updateUser } = useSession();
  return useCallback(() => {
    if (!signedIn) return;
    getAuthUser().then(updateUser, () => {
      // The next call that needs the user reports a real problem; nothing to show here.
    });
  }, [signedIn, updateUser]);
}
