import fs from 'node:fs';
import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import { test as base } from 'vitest';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { insertUser } from '../../apps/server/src/modules/auth/auth-service';
import { withDatabase } from './database';
import { serverDataDir } from './server';

/** A student of one journey, with what they sign in with. */
export interface Student {
  id: number;
  name: string;
  email: string;
  phone: string;
  password: string;
}

export interface NewStudentOptions {
  /** False for an incomplete profile, as staff-created accounts are (no grade). */
  grade?: boolean;
  /** False leaves the e-mail unconfirmed. */
  emailVerified?: boolean;
}

/** What a journey uses to make its students; the fixture removes them afterwards. */
export interface Students {
  /** A fresh student, stored directly (no registration limit, no mail). */
  create(options?: NewStudentOptions): Promise<Student>;
  /** Details no account has yet, for a journey that registers through the screens. */
  details(): Omit<Student, 'id'>;
  /** Removes, after the test, an account the journey made through the screens. */
  adopt(email: string): void;
}

export const STUDENT_PASSWORD = 'e2e-pass-1234';

/** Unique per call: one journey never meets another's account. */
function newDetails(): Omit<Student, 'id'> {
  const tag = randomUUID().slice(0, 8);
  return {
    name: `طالب التجربة ${tag.slice(0, 4)}`,
    email: `e2e-${tag}@dars.test`,
    phone: `0155${String(randomInt(10_000_000)).padStart(7, '0')}`,
    password: STUDENT_PASSWORD,
  };
}

let passwordHash: Promise<string> | undefined;

async function insertStudent({
  grade = true,
  emailVerified = true,
}: NewStudentOptions = {}): Promise<Student> {
  const details = newDetails();
  const hash = await (passwordHash ??= hashPassword(STUDENT_PASSWORD));
  const { id } = await withDatabase(async (db) => {
    const firstGrade = await db
      .selectFrom('grades')
      .select('id')
      .orderBy('position')
      .executeTakeFirstOrThrow();
    return insertUser(db, {
      name: details.name,
      email: details.email,
      phone: details.phone,
      passwordHash: hash,
      gradeId: grade ? firstGrade.id : null,
      emailVerifiedAt: emailVerified ? new Date().toISOString() : null,
    });
  });
  return { id, ...details };
}

/**
 * Removes the accounts and what they left: tickets, limits, avatars (the rest, exam sessions
 * included, cascades).
 */
async function removeStudents(emails: string[]): Promise<void> {
  if (emails.length === 0) return;
  const ids = await withDatabase(async (db) => {
    const rows = await db.selectFrom('users').select('id').where('email', 'in', emails).execute();
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return ids;
    await db.deleteFrom('support_tickets').where('user_id', 'in', ids).execute();
    for (const id of ids) {
      await db.deleteFrom('rate_limits').where('key', 'like', `%:account:${id}`).execute();
      // Wrong exam codes count per student (ADR 016: Codes).
      await db.deleteFrom('rate_limits').where('key', '=', `exam-code:user:${id}`).execute();
    }
    await db.deleteFrom('users').where('id', 'in', ids).execute();
    return ids;
  });
  const avatars = path.join(serverDataDir(), 'storage', 'public', 'avatars');
  if (!fs.existsSync(avatars)) return;
  for (const file of fs.readdirSync(avatars)) {
    if (ids.some((id) => file.startsWith(`${id}-`)))
      fs.rmSync(path.join(avatars, file), { force: true });
  }
}

/**
 * `it` with a `students` fixture: each test makes its own students, removed when it ends,
 * pass or fail.
 * @example it('…', async ({ students }) => { const student = await students.create({ grade: false }) })
 */
export const it = base.extend<{ students: Students }>({
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's needs from this pattern
  students: async ({}, use) => {
    const made: string[] = [];
    await use({
      async create(options) {
        const student = await insertStudent(options);
        made.push(student.email);
        return student;
      },
      details: newDetails,
      adopt: (email) => void made.push(email),
    });
    await removeStudents(made);
  },
});
