import type { AuthProvider } from 'react-admin';
import { staffEndpoints } from '@dars/contract';
import { callStaff } from '../data/http';
import { session } from '../data/token';
import { ADMIN_ONLY_RESOURCES, TEACHER_RESOURCES } from '../data/types';
import { failureOf } from '../data/failure';

/**
 * Whether a role may open a resource's screens (and, for a teacher, take an `action` there).
 * The server decides what may be done (a refused call is a 403, another teacher's record a
 * 404); this keeps what a role cannot use out of the menu and off the buttons.
 * @example canOpen('leader', 'settings') // false
 * @example canOpen('teacher', 'teachers', 'create') // false: profiles are the school's
 */
export function canOpen(
  role: string | undefined,
  resource: string | undefined,
  action?: string,
): boolean {
  if (role === 'admin') return true;
  if (role === 'teacher') {
    if (!(TEACHER_RESOURCES as readonly string[]).includes(resource ?? '')) return false;
    // A teacher edits their own profile; making or removing profiles is the school's.
    return !(resource === 'teachers' && (action === 'create' || action === 'delete'));
  }
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
    const { status } = failureOf(error);
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

  async canAccess({ resource, action }: { resource?: string; action?: string }) {
    return canOpen(session.user()?.role, resource, action);
  },
};
