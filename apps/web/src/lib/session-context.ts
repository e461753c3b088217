import { createContext, useContext } from 'react';
import type { User } from '@dars/contract';

/** A new user, or a change to apply to the current one. */
export type UserUpdate = User | ((user: User) => User);

export interface Session {
  /** Signed in means a token is stored (spec §2). */
  signedIn: boolean;
  /** The signed-in user; null for guests (and for a moment while a new token is checked). */
  user: User | null;
  /**
   * Starts a session after login or register (spec §4): stores the token and sets the user
   * the server answered with, so the guards know the user without another call.
   */
  signIn: (token: string, user: User | null) => void;
  /**
   * Replaces the signed-in user with the one a call answered with (profile, verify), or
   * changes it (notifications read). Does nothing for a guest.
   */
  updateUser: (update: UserUpdate) => void;
  /** Ends the session (spec §4): clears the token, goes to /login and reloads the page. */
  signOut: () => void;
}

export const SessionContext = createContext<Session | null>(null);
SessionContext.displayName = 'SessionContext';

/**
 * Who is using the app, and the ways to change it.
 * @example const { signedIn, user, updateUser } = useSession()
 */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used below the app start (SessionContext)');
  return session;
}
