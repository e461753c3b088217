import type { Kysely } from 'kysely';
import { toLatinDigits, type RegisterBody, type VerificationStatus } from '@dars/contract';
import type { DB } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import type { UserRow } from '../../plugins/auth';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { HOUR, clearLimit, enforce, hit, isExhausted } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { newWalletAddress } from '../wallet/wallet-ids';
import { issueCode } from './one-time-codes';

/** Spec: at most 100 failed logins per hour per account; per address we allow a school's NAT. */
export const LOGIN_FAILURES_PER_ACCOUNT = { limit: 100, windowMs: HOUR };
export const LOGIN_FAILURES_PER_ADDRESS = { limit: 300, windowMs: HOUR };
/** Codes mailed per hour, per account and per address. */
export const CODE_SENDS_PER_ACCOUNT = { limit: 5, windowMs: HOUR };
export const CODE_SENDS_PER_ADDRESS = { limit: 30, windowMs: HOUR };

const MESSAGES = {
  emailTaken: 'البريد الإلكتروني مستخدم بالفعل',
  phoneTaken: 'رقم الهاتف مستخدم بالفعل',
  gradeMissing: 'اختر الصف الدراسي',
};

async function takenFields(
  db: Kysely<DB>,
  email: string,
  phone: string,
): Promise<Record<string, string[]>> {
  const rows = await db
    .selectFrom('users')
    .select(['email', 'phone'])
    .where((eb) => eb.or([eb('email', '=', email), eb('phone', '=', phone)]))
    .execute();
  const errors: Record<string, string[]> = {};
  if (rows.some((r) => r.email === email)) errors.email = [MESSAGES.emailTaken];
  if (rows.some((r) => r.phone === phone)) errors.phone = [MESSAGES.phoneTaken];
  return errors;
}

function validationError(errors: Record<string, string[]>): AppError {
  return new AppError('VALIDATION_FAILED', Object.values(errors)[0]![0], errors);
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
      return await db
        .insertInto('users')
        .values({
          name: body.name,
          email: body.email,
          phone: body.phone,
          password_hash: passwordHash,
          grade_id: body.grade_id,
          avatar_path: null,
          group_id: null,
          email_verified_at: null,
          balance: 0,
          wallet_address: newWalletAddress(),
          center_name: null,
          profile_qr_code: null,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const raced = await takenFields(db, body.email, body.phone);
      if (Object.keys(raced).length > 0) throw validationError(raced);
      if (attempt >= 3) throw error; // a wallet-address clash four times running is not chance
    }
  }
}

/** Finds the account by e-mail or phone, as typed in the single login field. */
export async function findByLogin(db: Kysely<DB>, login: string): Promise<UserRow | undefined> {
  const value = login.trim();
  if (value.includes('@')) {
    return db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', value.toLowerCase())
      .executeTakeFirst();
  }
  const phone = toLatinDigits(value).replace(/[\s-]/g, '');
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

// Verifying against a real hash when the account does not exist keeps both answers equally slow.
let decoyHash: Promise<string> | null = null;

/**
 * Checks a login attempt, counting failures per account and per address. Once either is used
 * up the answer is 429, even for the right password, until the hour has passed.
 */
export async function checkLogin(
  db: Kysely<DB>,
  login: string,
  password: string,
  address: string,
): Promise<UserRow> {
  const user = await findByLogin(db, login);
  const accountKey = user ? `login:account:${user.id}` : null;
  const addressKey = `login:address:${address}`;
  if (
    (accountKey && (await isExhausted(db, accountKey, LOGIN_FAILURES_PER_ACCOUNT))) ||
    (await isExhausted(db, addressKey, LOGIN_FAILURES_PER_ADDRESS))
  ) {
    throw new AppError('TOO_MANY_REQUESTS', 'محاولات دخول خاطئة كثيرة، حاول مرة أخرى بعد ساعة');
  }
  const ok = user
    ? await verifyPassword(user.password_hash, password)
    : await verifyPassword(await (decoyHash ??= hashPassword('decoy-password')), password).then(
        () => false,
      );
  if (!user || !ok) {
    await hit(db, addressKey, LOGIN_FAILURES_PER_ADDRESS);
    if (accountKey) await hit(db, accountKey, LOGIN_FAILURES_PER_ACCOUNT);
    throw new AppError('INVALID_CREDENTIALS', 'بيانات الدخول غير صحيحة', {
      login: ['بيانات الدخول غير صحيحة'],
    });
  }
  if (accountKey) await clearLimit(db, accountKey);
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
  const code = await issueCode(db, user.id, 'verify_email');
  try {
    await mailer.send({
      to: user.email,
      subject: `رمز تأكيد بريدك الإلكتروني: ${code}`,
      text: `مرحباً ${user.name}،\n\nرمز تأكيد بريدك الإلكتروني على دَرس هو: ${code}\nالرمز صالح لمدة 15 دقيقة.\n\nإذا لم تنشئ حساباً فتجاهل هذه الرسالة.`,
    });
    return 'SENT';
  } catch {
    return 'FAILED';
  }
}

export async function sendPasswordResetCode(
  db: Kysely<DB>,
  mailer: Mailer,
  user: UserRow,
): Promise<void> {
  const code = await issueCode(db, user.id, 'password_reset');
  await mailer.send({
    to: user.email,
    subject: `رمز استعادة كلمة المرور: ${code}`,
    text: `مرحباً ${user.name}،\n\nرمز استعادة كلمة المرور على دَرس هو: ${code}\nالرمز صالح لمدة 15 دقيقة.\n\nإذا لم تطلب ذلك فتجاهل هذه الرسالة، وكلمة مرورك الحالية ما زالت تعمل.`,
  });
}
