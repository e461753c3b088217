import type { Kysely, Transaction } from 'kysely';
import {
  STAFF_PEOPLE_MESSAGES,
  toLatinDigits,
  type RegisterBody,
  type VerificationStatus,
} from '@dars/contract';
import type { DB } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import type { UserRow } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { schoolName } from '../settings/settings-service';
import { newWalletAddress } from '../wallet/wallet-ids';
import { issueCode } from './one-time-codes';
import { loginSucceeded, reserveLoginAttempt } from './login-throttle';

/** Codes mailed per hour, per account and per address. */
export const CODE_SENDS_PER_ACCOUNT = { limit: 5, windowMs: HOUR };
export const CODE_SENDS_PER_ADDRESS = { limit: 30, windowMs: HOUR };

const MESSAGES = {
  emailTaken: 'البريد الإلكتروني مستخدم بالفعل',
  phoneTaken: 'رقم الهاتف مستخدم بالفعل',
  gradeMissing: 'اختر الصف الدراسي',
};

/** The fields of a new or changed account already someone's (`except`: the account itself). */
export async function takenFields(
  db: Kysely<DB>,
  email: string | null,
  phone: string,
  except?: number,
): Promise<Record<string, string[]>> {
  let query = db
    .selectFrom('users')
    .select(['email', 'phone'])
    .where((eb) =>
      eb.or([...(email !== null ? [eb('email', '=', email)] : []), eb('phone', '=', phone)]),
    );
  if (except !== undefined) query = query.where('id', '!=', except);
  const rows = await query.execute();
  const errors: Record<string, string[]> = {};
  if (rows.some((r) => r.email === email)) errors.email = [MESSAGES.emailTaken];
  if (rows.some((r) => r.phone === phone)) errors.phone = [MESSAGES.phoneTaken];
  return errors;
}

export function validationError(errors: Record<string, string[]>): AppError {
  return new AppError('VALIDATION_FAILED', Object.values(errors)[0]![0], errors);
}

/** What makes a new user; everything else starts empty (no avatar, no staff group, 0 balance). */
export interface NewUser {
  name: string;
  /** null: brought in by the school without one (ADR 052). */
  email: string | null;
  phone: string;
  passwordHash: string;
  /** null: an incomplete profile (staff-made accounts have no grade). */
  gradeId: number | null;
  /** null: the e-mail is not confirmed. */
  emailVerifiedAt: string | null;
  centerName?: string | null;
  profileQrCode?: string | null;
  parentPhone?: string | null;
  parentEmail?: string | null;
  /** The import that brought the student in (ADR 052). */
  importId?: string | null;
  /** Defaults to now. */
  createdAt?: string;
}

/** A users row's values for a new user (a fresh wallet address each time). */
function userValues(user: NewUser) {
  const createdAt = user.createdAt ?? nowIso();
  return {
    name: user.name,
    email: user.email,
    phone: user.phone,
    password_hash: user.passwordHash,
    grade_id: user.gradeId,
    avatar_path: null,
    group_id: null,
    email_verified_at: user.emailVerifiedAt,
    balance: 0,
    wallet_address: newWalletAddress(),
    center_name: user.centerName ?? null,
    profile_qr_code: user.profileQrCode ?? null,
    parent_phone: user.parentPhone ?? null,
    parent_email: user.parentEmail ?? null,
    import_id: user.importId ?? null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}

/**
 * Many new students in one statement (an import, ADR 052), in the caller's transaction; answers
 * their ids and phones. A clash (a phone taken meanwhile) fails the statement, and so the whole
 * import.
 */
export async function insertUsers(
  trx: Transaction<DB>,
  users: readonly NewUser[],
): Promise<{ id: number; phone: string }[]> {
  if (users.length === 0) return [];
  return trx.insertInto('users').values(users.map(userValues)).returning(['id', 'phone']).execute();
}

/**
 * The one way a users row is made — by registration, by the demo seed and by test data — with
 * a fresh wallet address. A taken e-mail, phone or address is the database's unique violation.
 * @example const user = await insertUser(db, { name, email, phone, passwordHash, gradeId, emailVerifiedAt: null })
 */
export async function insertUser(db: Kysely<DB>, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(userValues(user)).returningAll().executeTakeFirstOrThrow();
}

/** Creates the account; a taken e-mail or phone is a 422 on that field, even under a race. */
export async function createAccount(db: Kysely<DB>, body: RegisterBody): Promise<UserRow> {
  const errors = await takenFields(db, body.email, body.phone);
  const grade = await db
    .selectFrom('grades')
    .select('id')
    .where('id', '=', body.grade_id)
    .executeTakeFirst();
  if (!grade) errors.grade_id = [MESSAGES.gradeMissing];
  if (Object.keys(errors).length > 0) throw validationError(errors);

  const passwordHash = await hashPassword(body.password);
  const now = nowIso();
  for (let attempt = 0; ; attempt++) {
    try {
      return await insertUser(db, {
        name: body.name,
        email: body.email,
        phone: body.phone,
        passwordHash,
        gradeId: body.grade_id,
        emailVerifiedAt: null,
        createdAt: now,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const raced = await takenFields(db, body.email, body.phone);
      if (Object.keys(raced).length > 0) throw validationError(raced);
      if (attempt >= 3) throw error; // a wallet-address clash four times running is not chance
    }
  }
}

/**
 * The login field as findByLogin reads it: a lower-cased e-mail, or a phone in Latin digits
 * without spaces or dashes. Also the limits' key for a login that matches no account.
 * @example normaliseLogin(' ٠١٠-١٢٣ ') // '010123'
 */
export function normaliseLogin(login: string): string {
  const value = login.trim();
  return value.includes('@') ? value.toLowerCase() : toLatinDigits(value).replace(/[\s-]/g, '');
}

/** Finds the account by e-mail or phone, as typed in the single login field. */
export async function findByLogin(db: Kysely<DB>, login: string): Promise<UserRow | undefined> {
  const value = normaliseLogin(login);
  return db
    .selectFrom('users')
    .selectAll()
    .where(value.includes('@') ? 'email' : 'phone', '=', value)
    .executeTakeFirst();
}

// Verifying against a real hash when the account does not exist keeps both answers equally slow.
let decoyHash: Promise<string> | null = null;

/**
 * Checks a login attempt. The attempt is counted before the password is checked (see
 * login-throttle.ts), so the limits hold under parallel attempts; once one is used up the
 * answer is the Arabic 429, even for the right password — except that failures from other
 * addresses never lock the owner out of an address they have signed in from before.
 */
export async function checkLogin(
  db: Kysely<DB>,
  login: string,
  password: string,
  address: string,
): Promise<UserRow> {
  const user = await findByLogin(db, login);
  const subject = {
    account: user ? `user:${user.id}` : `login:${normaliseLogin(login)}`,
    userId: user?.id ?? null,
    address,
  };
  const attempt = await reserveLoginAttempt(db, subject);
  const ok = user
    ? await verifyPassword(user.password_hash, password)
    : await verifyPassword(await (decoyHash ??= hashPassword('decoy-password')), password).then(
        () => false,
      );
  if (!user || !ok) {
    throw new AppError('INVALID_CREDENTIALS', 'بيانات الدخول غير صحيحة', {
      login: ['بيانات الدخول غير صحيحة'],
    });
  }
  await loginSucceeded(db, { ...subject, userId: user.id }, attempt);
  // Told only to whoever knows the password (ADR 029).
  if (user.blocked_at !== null) throw new AppError('FORBIDDEN', STAFF_PEOPLE_MESSAGES.blocked);
  return user;
}

/** Limits how often codes are mailed to one account and from one address. */
export async function limitCodeSends(
  db: Kysely<DB>,
  userId: number,
  address: string,
): Promise<void> {
  await enforce(db, `codes:address:${address}`, CODE_SENDS_PER_ADDRESS);
  await enforce(db, `codes:account:${userId}`, CODE_SENDS_PER_ACCOUNT);
}

/** Mails a fresh e-mail verification code; 'FAILED' when the mail could not be sent. */
export async function sendVerificationCode(
  db: Kysely<DB>,
  mailer: Mailer,
  user: UserRow,
): Promise<VerificationStatus> {
  if (user.email === null) return 'FAILED';
  const code = await issueCode(db, user.id, 'verify_email');
  try {
    await mailer.send({
      to: user.email,
      subject: `رمز تأكيد بريدك الإلكتروني: ${code}`,
      text: `مرحباً ${user.name}،\n\nرمز تأكيد بريدك الإلكتروني على ${await schoolName(db)} هو: ${code}\nالرمز صالح لمدة 15 دقيقة.\n\nإذا لم تنشئ حساباً فتجاهل هذه الرسالة.`,
    });
    return 'SENT';
  } catch {
    return 'FAILED';
  }
}

/** `alongside` runs in the code's transaction, before the mail goes (a staff audit row). */
export async function sendPasswordResetCode(
  db: Kysely<DB>,
  mailer: Mailer,
  user: UserRow,
  alongside?: (trx: Transaction<DB>) => Promise<void>,
): Promise<void> {
  // A student brought in without an e-mail (ADR 052) gets a set-password link from staff.
  if (user.email === null) throw new Error('sendPasswordResetCode: the account has no e-mail');
  const code = await issueCode(db, user.id, 'password_reset', alongside);
  await mailer.send({
    to: user.email,
    subject: `رمز استعادة كلمة المرور: ${code}`,
    text: `مرحباً ${user.name}،\n\nرمز استعادة كلمة المرور على ${await schoolName(db)} هو: ${code}\nالرمز صالح لمدة 15 دقيقة.\n\nإذا لم تطلب ذلك فتجاهل هذه الرسالة، وكلمة مرورك الحالية ما زالت تعمل.`,
  });
}
