import type { BrowserContext } from 'playwright-core';
import { STORAGE_KEYS, toPiasters } from '@dars/contract';
import { hashPaycardCode } from '../../apps/server/src/modules/paycards/paycard-code';
import {
  issuePaycards,
  type IssueOptions,
} from '../../apps/server/src/modules/paycards/issue-paycards';
import { credit } from '../../apps/server/src/modules/wallet/ledger';
import { callApi } from './api';
import { withDatabase } from './database';
import { it as screensIt } from './screens';
import type { Student } from './students';

/**
 * The id of a demo course (apps/server/src/db/seed/catalog-data.ts), looked up by its name.
 * @example await page.goto(`/courses/${await courseId('الكيمياء الكهربية')}`)
 */
export function courseId(name: string): Promise<number> {
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('courses')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow(() => new Error(`no course named ${name}`));
    return row.id;
  });
}

/**
 * The id of a demo lecture, looked up by its course's name and its own.
 * @example const id = await lectureId('English Grammar Booster', 'Conditionals')
 */
export function lectureId(course: string, lecture: string): Promise<number> {
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('lectures')
      .innerJoin('courses', 'courses.id', 'lectures.course_id')
      .select('lectures.id')
      .where('courses.name', '=', course)
      .where('lectures.name', '=', lecture)
      .executeTakeFirstOrThrow(() => new Error(`no lecture ${lecture} in ${course}`));
    return row.id;
  });
}

/**
 * Who used the pay card (its student id), or null while it is unused.
 * @example expect(await paycardUsedBy(code)).toBe(student.id)
 */
export function paycardUsedBy(code: string): Promise<number | null> {
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('paycards')
      .select('used_by')
      .where('code_hash', '=', hashPaycardCode(code))
      .executeTakeFirstOrThrow(() => new Error('no such pay card'));
    return row.used_by;
  });
}

/**
 * Puts `pounds` in the student's wallet the way a recharge does: the balance and its ledger
 * row, in one transaction, through the server's own code.
 * @example await topUpWallet(student, 300)
 */
export function topUpWallet(student: Pick<Student, 'id'>, pounds: number): Promise<void> {
  return withDatabase(async (db) => {
    await db.transaction().execute(async (trx) => {
      await credit(trx, student.id, toPiasters(pounds), {
        type: 'recharge',
        comment: 'e2e: wallet top-up',
      });
    });
  });
}

/**
 * Signs the student in on this context the way the login screen leaves a device: a token
 * from `POST /login`, kept in local storage before any page of the app runs. Returns the
 * token, for checking what the server holds afterwards.
 * @example const token = await signIn(context, student); await page.goto('/home')
 */
export async function signIn(
  context: BrowserContext,
  student: Pick<Student, 'email' | 'password'>,
): Promise<string> {
  const { status, json } = await callApi('/login', {
    body: { login: student.email, password: student.password },
  });
  if (status !== 200) throw new Error(`POST /login answered ${status}`);
  const { token } = json as { token: string };
  await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    STORAGE_KEYS.token,
    token,
  ] as const);
  return token;
}

/** What a journey uses to make pay cards; the fixture deletes them afterwards. */
export interface Paycards {
  /**
   * A fresh single-use card issued with the server's code (`npm run paycards`), printed
   * grouped by four as on a real card.
   */
  issue(options: Omit<IssueOptions, 'count'>): Promise<string>;
}

/**
 * `it` with the `students` and screen fixtures (support/screens.ts) and a `paycards` one: cards a journey issues are its own,
 * so it never uses up the demo cards (docs/demo.md) that other journeys (or a second viewport)
 * may count on, and they are deleted when it ends. A deleted student's cards would otherwise
 * turn unused again (`used_by` is set null).
 * @example it('buys with a card', async ({ students, paycards }) => { const code = await paycards.issue({ value: 180 }) })
 */
export const it = screensIt.extend<{ paycards: Paycards }>({
  // eslint-disable-next-line no-empty-pattern -- Vitest reads a fixture's needs from this pattern
  paycards: async ({}, use) => {
    const issued: string[] = [];
    await use({
      async issue(options) {
        const [code] = await withDatabase((db) => issuePaycards(db, { ...options, count: 1 }));
        issued.push(code!);
        return code!;
      },
    });
    if (issued.length === 0) return;
    await withDatabase((db) =>
      db.deleteFrom('paycards').where('code_hash', 'in', issued.map(hashPaycardCode)).execute(),
    );
  },
});
