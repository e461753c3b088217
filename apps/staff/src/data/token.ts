import { staffUserSchema, type StaffUser } from '@dars/contract';

export type { StaffUser };

const TOKEN_KEY = 'dars-staff-token';
const USER_KEY = 'dars-staff-user';

/**
 * The console's bearer token and user (as the contract's staffLogin and staffMe answer it), in
 * localStorage under keys of its own: the student app's token (same origin) is never read or
 * written here.
 */
export const session = {
  token(): string | null {
    return localStorage.getItem(TOKEN_KEY);
  },
  /** The stored user, or null when there is none or it is not a staff user's shape. */
  user(): StaffUser | null {
    const raw = localStorage.getItem(USER_KEY);
    if (!raw) return null;
    try {
      const user = staffUserSchema.safeParse(JSON.parse(raw));
      return user.success ? user.data : null;
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
