import type { Kysely } from 'kysely';
import { toPiasters } from '@dars/contract';
import type { DB } from '../../src/db/schema';
import { insertWalletHistory } from '../../src/db/seed/wallet-history';
import { hashPassword } from '../../src/lib/passwords';
import { insertUser } from '../../src/modules/auth/auth-service';
import { tokenForUser } from '../sign-in';
import { someGrade } from './catalog';

export interface StudentOptions {
  /** pounds, put in by one recharge on the ledger; default 0 */
  balance?: number;
  /** Default: some grade (made if there is none); null for an incomplete profile. */
  gradeId?: number | null;
  /** To sign in with; default: no password works. */
  password?: string;
  /** Default true. */
  emailVerified?: boolean;
  name?: string;
  email?: string;
  phone?: string;
  centerName?: string;
  profileQrCode?: string;
}

/** A student a test made, signed in once. */
export interface TestStudent {
  userId: number;
  token: string;
  name: string;
  email: string;
  phone: string;
}

let made = 0;
// Not a hash argon2 can verify: such an account has no working password.
const NO_PASSWORD = '!';

/**
 * A new student with a bearer token; unique e-mail and phone, so tests never share one.
 * @example const student = await makeStudent(db, { balance: 100 })
 */
export async function makeStudent(
  db: Kysely<DB>,
  options: StudentOptions = {},
): Promise<TestStudent> {
  made += 1;
  const tag = `${Date.now()}${made}`;
  const now = new Date().toISOString();
  const user = await insertUser(db, {
    name: options.name ?? `طالب ${made}`,
    email: options.email ?? `fresh${tag}@dars.test`,
    phone: options.phone ?? `015${tag.slice(-8)}`,
    passwordHash: options.password ? await hashPassword(options.password) : NO_PASSWORD,
    gradeId: options.gradeId === undefined ? await someGrade(db) : options.gradeId,
    emailVerifiedAt: options.emailVerified === false ? null : now,
    centerName: options.centerName,
    profileQrCode: options.profileQrCode,
  });
  if (options.balance) {
    await insertWalletHistory(db, user.id, [
      {
        type: 'recharge',
        value: toPiasters(options.balance),
        comment: 'test: wallet top-up',
        courseId: null,
        lectureId: null,
        at: now,
      },
    ]);
  }
  const token = await tokenForUser(db, user.id);
  return { userId: user.id, token, name: user.name, email: user.email!, phone: user.phone };
}

let forms = 0;
/**
 * What the registration form sends, for an account nobody has yet (unique e-mail and phone).
 * @example await apiPost(app, '/register', registrationForm(gradeId, { grade_id: 99_999 }))
 */
export function registrationForm(gradeId: number, overrides: Record<string, unknown> = {}) {
  forms += 1;
  const tag = `${process.pid % 1000}${String(forms).padStart(4, '0')}`.slice(-7);
  return {
    name: 'طالب تجربة',
    email: `new${tag}@dars.test`,
    phone: `0101${tag.padStart(7, '0')}`,
    password: 'secret-pass-1',
    password_confirmation: 'secret-pass-1',
    grade_id: gradeId,
    ...overrides,
  };
}
