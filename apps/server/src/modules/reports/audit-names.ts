import { formatMoney, formatNumber } from '@dars/ui/format';
import { fromPiasters } from '@dars/contract';
import type { Db } from '../../db/audited-change';

// What each audit entry changed, by name (issue 23, ADR 034): the record's name now, read with
// one query per resource type on the page (never one per row), or, once the row is gone, the
// name its last audited state carried (the `before` of a delete).

/** A resource's names by id: the rows that still exist. */
type NameReader = (db: Db, ids: readonly string[]) => Promise<{ id: string; name: string }[]>;

/** A reader of a table with numeric ids: ids that cannot be one are skipped, none asks nothing. */
function numericReader(
  read: (db: Db, ids: number[]) => Promise<{ id: number | string; name: string }[]>,
): NameReader {
  return async (db, ids) => {
    const wanted = ids.filter((id) => /^\d{1,9}$/.test(id)).map((id) => Number(id));
    return wanted.length === 0 ? [] : asText(await read(db, wanted));
  };
}

const asText = (rows: { id: number | string; name: string }[]) =>
  rows.map((r) => ({ id: String(r.id), name: r.name }));

type NamedTable =
  | 'courses'
  | 'lectures'
  | 'videos'
  | 'attachments'
  | 'exams'
  | 'teachers'
  | 'grades'
  | 'categories'
  | 'question_banks'
  | 'users';

/** The `name` column of a table with numeric ids. */
const byName = (table: NamedTable) =>
  numericReader((db, ids) =>
    db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute(),
  );

const QUESTION_NAME_MAX = 80;

const READERS: Record<string, NameReader> = {
  courses: byName('courses'),
  lectures: byName('lectures'),
  videos: byName('videos'),
  attachments: byName('attachments'),
  exams: byName('exams'),
  teachers: byName('teachers'),
  grades: byName('grades'),
  categories: byName('categories'),
  // Staff accounts and students are both users.
  accounts: byName('users'),
  students: byName('users'),
  // A question by the start of its text.
  questions: numericReader(async (db, ids) =>
    (await db.selectFrom('questions').select(['id', 'text']).where('id', 'in', ids).execute()).map(
      (r) => ({ id: r.id, name: shorten(r.text) }),
    ),
  ),
  'question-banks': byName('question_banks'),
  // A draw rule by its exam and bank (ADR 046).
  'exam-draw-rules': numericReader(async (db, ids) =>
    (
      await db
        .selectFrom('exam_draw_rules as r')
        .innerJoin('exams', 'exams.id', 'r.exam_id')
        .innerJoin('question_banks as b', 'b.id', 'r.bank_id')
        .select(['r.id', 'exams.name as exam', 'b.name as bank'])
        .where('r.id', 'in', ids)
        .execute()
    ).map((r) => ({ id: r.id, name: `${r.exam} ← ${r.bank}` })),
  ),
  // A lecture's exam by the exam's name.
  'lecture-exams': numericReader((db, ids) =>
    db
      .selectFrom('lecture_exams as le')
      .innerJoin('exams', 'exams.id', 'le.exam_id')
      .select(['le.id', 'exams.name'])
      .where('le.id', 'in', ids)
      .execute(),
  ),
  // Recharges and gateway orders by the student who made them.
  'mobile-payments': numericReader((db, ids) =>
    db
      .selectFrom('mobile_payments as m')
      .innerJoin('users', 'users.id', 'm.user_id')
      .select(['m.id', 'users.name'])
      .where('m.id', 'in', ids)
      .execute(),
  ),
  'payment-orders': async (db, ids) =>
    ids.length === 0
      ? []
      : asText(
          await db
            .selectFrom('payment_orders as o')
            .innerJoin('users', 'users.id', 'o.user_id')
            .select(['o.id', 'users.name'])
            .where('o.id', 'in', [...ids])
            .execute(),
        ),
  'support-tickets': numericReader((db, ids) =>
    db
      .selectFrom('support_tickets')
      .select(['id', 'title as name'])
      .where('id', 'in', ids)
      .execute(),
  ),
  // A batch has no name: its card value and count say which one it is.
  'paycard-batches': numericReader(async (db, ids) =>
    (
      await db
        .selectFrom('paycard_batches')
        .select(['id', 'value', 'count'])
        .where('id', 'in', ids)
        .execute()
    ).map((r) => ({ id: r.id, name: batchName(fromPiasters(r.value), r.count) })),
  ),
  // A student's own exam time by the student and the exam (ADR 042).
  'exam-accommodations': numericReader(async (db, ids) =>
    (
      await db
        .selectFrom('exam_accommodations as a')
        .innerJoin('users', 'users.id', 'a.user_id')
        .leftJoin('exams', 'exams.id', 'a.exam_id')
        .select(['a.id', 'users.name as student', 'exams.name as exam'])
        .where('a.id', 'in', ids)
        .execute()
    ).map((r) => ({ id: r.id, name: accommodationName(r.student, r.exam) })),
  ),
  // Attempts given to a student, by the student and the exam (ADR 047).
  'exam-attempt-grants': numericReader(async (db, ids) =>
    (
      await db
        .selectFrom('exam_attempt_grants as g')
        .innerJoin('users', 'users.id', 'g.user_id')
        .innerJoin('exams', 'exams.id', 'g.exam_id')
        .select(['g.id', 'users.name as student', 'exams.name as exam'])
        .where('g.id', 'in', ids)
        .execute()
    ).map((r) => ({ id: r.id, name: accommodationName(r.student, r.exam) })),
  ),
  // An essay answer by its student and exam.
  marking: numericReader(async (db, ids) =>
    (
      await db
        .selectFrom('answer_attempts as a')
        .innerJoin('exam_sessions as s', 's.id', 'a.session_id')
        .innerJoin('users', 'users.id', 's.user_id')
        .innerJoin('exams', 'exams.id', 's.exam_id')
        .select(['a.id', 'users.name as student', 'exams.name as exam'])
        .where('a.id', 'in', ids)
        .execute()
    ).map((r) => ({ id: r.id, name: `${r.student} — ${r.exam}` })),
  ),
};

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > QUESTION_NAME_MAX ? `${line.slice(0, QUESTION_NAME_MAX - 1)}…` : line;
}

/**
 * A pay-card batch as the log names it: each card's value and how many.
 * @example batchName(50, 100) // '50.00 جنيه × 100'
 */
export function batchName(value: number, count: number): string {
  return `${formatMoney(value)} × ${formatNumber(count)}`;
}

/**
 * The name an audited state carries, for a row that is gone: its `name`, a ticket's or
 * message's `title`, a question's `text`, a batch's value and count, a person's `student.name`,
 * an accommodation's student and exam.
 * @example nameInState({ name: 'الفيزياء', price: 100 }) // 'الفيزياء'
 */
export function nameInState(state: unknown): string | null {
  if (!state || typeof state !== 'object' || Array.isArray(state)) return null;
  const s = state as Record<string, unknown>;
  for (const key of ['name', 'title'] as const) {
    if (typeof s[key] === 'string' && s[key]) return s[key];
  }
  if (typeof s.text === 'string' && s.text) return shorten(s.text);
  if (typeof s.value === 'number' && typeof s.count === 'number')
    return batchName(s.value, s.count);
  const student = s.student as { name?: unknown } | undefined;
  if (student && typeof student.name === 'string') return student.name;
  if (typeof s.student_name === 'string' && s.student_name) {
    return accommodationName(s.student_name, typeof s.exam_name === 'string' ? s.exam_name : null);
  }
  return null;
}

/** An accommodation by its student and exam (null: every exam). */
function accommodationName(student: string, exam: string | null): string {
  return `${student} — ${exam ?? 'كل الامتحانات'}`;
}

export interface AuditTarget {
  /** The record's name: now, or as last audited when the row is gone; null when unknown. */
  resource_name: string | null;
  /** The row is still there (the console links to it). */
  resource_exists: boolean;
}

/**
 * The names of a page of audit entries: one query per resource type on the page.
 * @example const targets = await auditTargets(db, rows) // targets[i] names rows[i]
 */
export async function auditTargets(
  db: Db,
  rows: readonly {
    resource: string;
    resource_id: string | null;
    before: unknown;
    after: unknown;
  }[],
): Promise<AuditTarget[]> {
  const idsByResource = new Map<string, Set<string>>();
  for (const row of rows) {
    if (row.resource_id === null || !READERS[row.resource]) continue;
    const ids = idsByResource.get(row.resource) ?? new Set<string>();
    ids.add(row.resource_id);
    idsByResource.set(row.resource, ids);
  }
  const found = new Map<string, string>();
  await Promise.all(
    [...idsByResource].map(async ([resource, ids]) => {
      for (const r of await READERS[resource]!(db, [...ids]))
        found.set(`${resource}:${r.id}`, r.name);
    }),
  );
  return rows.map((row) => {
    const now =
      row.resource_id === null ? undefined : found.get(`${row.resource}:${row.resource_id}`);
    if (now !== undefined) return { resource_name: now, resource_exists: true };
    return {
      resource_name: nameInState(row.after) ?? nameInState(row.before),
      resource_exists: false,
    };
  });
}
