import type { StaffRole } from './types';

/** The signed-in staff member, as POST /staff/login and GET /staff/me answer. */
export interface StaffUser {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
}

const TOKEN_KEY = 'dars-staff-token';
const USER_KEY = 'dars-staff-user';

/**
 * The console's bearer token and user, in localStorage under keys of its own: the student
 * app's token (same origin) is never read or written here.
 */
export const session = {
  token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  user(): StaffUser | null {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as StaffUser;
    } catch {
      return null;
    }
  },
  save(token: string, user: StaffUser): void {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  saveUser(user: StaffUser): void {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  },
  clear(): void {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
};
