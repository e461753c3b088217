import type { AuthProvider } from 'react-admin';
import type { HttpError } from 'react-admin';
import { staffEndpoints } from '@dars/contract';
import { callStaff } from '../data/http';
import { session } from '../data/token';
import { ADMIN_ONLY_RESOURCES } from '../data/types';

/**
 * Whether a role may open a resource's screens. The server decides what may be done (a
 * leader's refused call is a 403); this only keeps screens a leader cannot use out of the menu.
 * @example canOpen('leader', 'settings') // false
 */
export function canOpen(role: string | undefined, resource: string | undefined): boolean {
  if (role === 'admin') return true;
  if (role !== 'leader') return false;
  return !(ADMIN_ONLY_RESOURCES as readonly string[]).includes(resource ?? '');
}

/** Sign-in with the staff API's bearer token (the contract's staffLogin, staffMe, staffLogout). */
export const authProvider: AuthProvider = {
  async login({ username, password }: { username: string; password: string }) {
    const answer = await callStaff(staffEndpoints.staffLogin, {
      body: { email: String(username ?? '').trim(), password },
    });
    session.save(answer.data.token, answer.data.user);
  },

  async logout() {
    if (session.token()) {
      try {
        await callStaff(staffEndpoints.staffLogout);
      } catch {
        // The token may already be gone on the server: signing out here is what matters.
      }
    }
    session.clear();
  },

  async checkAuth() {
    if (!session.token()) throw new Error('ra.auth.auth_check_error');
  },

  /** 401: the token no longer works, sign out. 403: refused, stay (the message is shown). */
  async checkError(error: unknown) {
    const status = (error as HttpError | undefined)?.status;
    if (status === 401) {
      session.clear();
      throw new Error('ra.notification.logged_out');
    }
  },

  async getIdentity() {
    const answer = await callStaff(staffEndpoints.staffMe);
    session.saveUser(answer.data);
    return { id: answer.data.id, fullName: answer.data.name };
  },

  async getPermissions() {
    return session.user()?.role;
  },

  async canAccess({ resource }: { resource?: string }) {
    return canOpen(session.user()?.role, resource);
  },
};
