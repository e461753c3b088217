import { createContext, useContext } from 'react';
import type { User } from '@dars/contract';

export interface Session {
  /** Signed in means a token is stored (spec §2). */
  signedIn: boolean;
  /** The user from the start-up check; null for guests. */
  user: User | null;
}

export const SessionContext = createContext<Session | null>(null);
SessionContext.displayName = 'SessionContext';

/**
 * Who is using the app.
 * @example const { signedIn } = useSession()
 */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used below the app start (SessionContext)');
  return session;
}
