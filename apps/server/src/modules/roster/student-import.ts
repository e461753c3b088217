import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  endpoints,
  studentImportFieldsSchema,
  AMOUNT_MAX,
  STUDENT_IMPORT_COLUMNS,
  STUDENT_IMPORT_MESSAGES,
  emailSchema,
  fromPiasters,
  parsePiasters,
  toLatinDigits,
  toPiasters,
  type StudentImportColumn,
  type StudentImportProblem,
  type StudentImportReport,
  type StudentImportRow,
} from '@dars/contract';
import type { Actor, Db, Trx } from '../../db/audited-change';
import { writeAudit } from '../../db/audited-change';
import type { AppContext } from '../../app-context';
import { fieldError } from '../../lib/app-error';
import { readNamedForm } from '../../lib/multipart';
import { validate } from '../../lib/validate';
import { isUniqueViolation } from '../../lib/db-errors';
import { splitEvenly } from '../../lib/split-evenly';
import { insertUsers, type NewUser } from '../auth/auth-service';
import { e164, localForm } from '../messaging/phone';
import { grantNewStudents } from '../purchases/grants';
import { creditOpeningBalances } from '../wallet/ledger';
import { headerKey, readRoster } from '../users/import-file';
import { IMPORT_LINKS_JOB, NO_PASSWORD, linksGoByPhone } from '../auth/student-accounts';

// Importing a roster (issue 28, ADR 052): each row read and checked on its own (every problem
// in Arabic, with its line and column), duplicates found in the file and in the school, then
// every valid row written in one transaction (students, course grants with the cash received,
// opening balances, one audit row), or nothing. A dry run stops before writing.

const M = STUDENT_IMPORT_MESSAGES;
const COLUMN_LABELS: Record<StudentImportColumn, string> = {
  name: 'الاسم',
  phone: 'الهاتف',
  email: 'البريد الإلكتروني',
  grade: 'الصف الدراسي',
  center: 'السنتر',
  parent_phone: 'هاتف ولي الأمر',
  parent_email: 'بريد ولي الأمر',
  courses: 'الدورات',
  cash: 'المدفوع نقدًا',
  balance: 'الرصيد',
};
/** Rows the preview shows; problems the report lists (the counts are always whole). */
const PREVIEW_ROWS = 50;
const PROBLEMS_MAX = 5_000;
/** Ids or values per `in (…)` list. */
const CHUNK = 500;

/** A header row read against the known columns: where each is, and what was left out. */
export function mapColumns(headers: readonly string[]): {
  at: Partial<Record<StudentImportColumn, number>>;
  ignored: string[];
} {
  const byKey = new Map<string, StudentImportColumn>();
  for (const [column, names] of Object.entries(STUDENT_IMPORT_COLUMNS)) {
    for (const name of names) byKey.set(headerKey(name), column as StudentImportColumn);
  }
  const at: Partial<Record<StudentImportColumn, number>> = {};
  const ignored: string[] = [];
  headers.forEach((header, index) => {
    const column = byKey.get(headerKey(header));
    if (column !== undefined && at[column] === undefined) at[column] = index;
    else if (header !== '') ignored.push(header);
  });
  if (at.name === undefined) throw fieldError('file', M.nameColumn);
  if (at.phone === undefined) throw fieldError('file', M.phoneColumn);
  return { at, ignored };
}

/**
 * An Egyptian mobile as a roster may write it: Arabic or Latin digits, spaces, dashes, dots or
 * brackets, +20 / 0020 / 20 before it, or its leading 0 lost (Excel keeps phones as numbers).
 * Null when it is not a mobile number.
 * @example normalisePhone('+20 ١٠٠ ١٢٣ ٤٥٦٧') // '01001234567'
 * @example normalisePhone('1012345678') // '01012345678'
 */
export function normalisePhone(text: string): string | null {
  // The messages' reading of a mobile (messaging/phone.ts), after the direction marks a
  // spreadsheet may put around a number written in an Arabic sheet.
  const phone = e164(text.replace(/[\u200e\u200f]/g, ''));
  return phone === null ? null : localForm(phone);
}

/**
 * Pounds as a roster may write them, in piasters: Arabic or Latin digits, a currency word, a
 * thousands separator, a decimal point or comma, made plain here and then read by the
 * contract's parsePiasters (never a float times 100). Null when it is not an amount from 0 to
 * AMOUNT_MAX with at most two decimals; blank is 0.
 * @example parseAmount('١٬٢٥٠٫٥ جنيه') // 125050
 */
export function parseAmount(text: string): number | null {
  let value = toLatinDigits(text)
    .replace(/جنيه(ا|ات)?|ج\.?م\.?|egp|le/gi, '')
    .replace(/\s/g, '')
    .replace(/٬/g, '')
    .replace(/٫/g, '.');
  if (value === '') return 0;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(value)) value = value.replace(/,/g, '');
  else if (/^\d+,\d{1,2}$/.test(value)) value = value.replace(',', '.');
  // A roster's amount is never signed; the rest is the contract's one reading of money.
  if (!/^\d/.test(value)) return null;
  const piasters = parsePiasters(value);
  return piasters !== null && piasters <= toPiasters(AMOUNT_MAX) ? piasters : null;
}

/** A row as read and checked. Amounts in piasters. */
export interface ImportRow {
  line: number;
  name: string;
  phone: string;
  email: string | null;
  gradeId: number | null;
  gradeName: string | null;
  center: string | null;
  parentPhone: string | null;
  parentEmail: string | null;
  courses: { id: number; name: string }[];
  cash: number;
  balance: number;
  problems: StudentImportProblem[];
}

interface Catalogue {
  grades: Map<string, { id: number; name: string }>;
  courses: Map<string, { id: number; name: string }[]>;
  courseIds: Map<number, { id: number; name: string }>;
}

async function catalogue(db: Db | Trx): Promise<Catalogue> {
  const [grades, courses] = await Promise.all([
    db.selectFrom('grades').select(['id', 'name']).execute(),
    db.selectFrom('courses').select(['id', 'name']).execute(),
  ]);
  const byName = new Map<string, { id: number; name: string }[]>();
  for (const course of courses) {
    const key = headerKey(course.name);
    byName.set(key, [...(byName.get(key) ?? []), course]);
  }
  const gradeMap = new Map(grades.map((g) => [headerKey(g.name), g]));
  for (const g of grades) gradeMap.set(String(g.id), g);
  return { grades: gradeMap, courses: byName, courseIds: new Map(courses.map((c) => [c.id, c])) };
}

/** The course names or ids of a cell: split on commas (Arabic or Latin), semicolons, bars. */
function courseTokens(cell: string): string[] {
  return cell
    .split(/[,،;؛|\n]+/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
}

function readRow(
  cells: readonly string[],
  line: number,
  at: Partial<Record<StudentImportColumn, number>>,
  known: Catalogue,
): ImportRow {
  const problems: StudentImportProblem[] = [];
  const cell = (column: StudentImportColumn) => {
    const index = at[column];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const problem = (column: StudentImportColumn | null, message: string) =>
    problems.push({
      row: line,
      column: column === null ? null : COLUMN_LABELS[column],
      value: column === null ? null : cell(column) || null,
      message,
    });

  const name = cell('name').replace(/\s+/g, ' ');
  if (name === '') problem('name', M.nameMissing);
  else if (name.length > 100) problem('name', M.nameLong);

  const phoneText = cell('phone');
  const phone = phoneText === '' ? null : normalisePhone(phoneText);
  if (phoneText === '') problem('phone', M.phoneMissing);
  else if (phone === null) problem('phone', M.phoneBad);

  let email: string | null = null;
  if (cell('email') !== '') {
    const parsed = emailSchema.safeParse(cell('email'));
    if (parsed.success) email = parsed.data;
    else problem('email', M.emailBad);
  }

  let gradeId: number | null = null;
  let gradeName: string | null = null;
  if (cell('grade') !== '') {
    const grade = known.grades.get(headerKey(cell('grade')));
    if (grade) ({ id: gradeId, name: gradeName } = grade);
    else problem('grade', M.gradeMissing(cell('grade')));
  }

  const center = cell('center') || null;
  if (center !== null && center.length > 100) problem('center', M.textLong);

  let parentPhone: string | null = null;
  if (cell('parent_phone') !== '') {
    parentPhone = normalisePhone(cell('parent_phone'));
    if (parentPhone === null) problem('parent_phone', M.parentPhoneBad);
  }
  let parentEmail: string | null = null;
  if (cell('parent_email') !== '') {
    const parsed = emailSchema.safeParse(cell('parent_email'));
    if (parsed.success) parentEmail = parsed.data;
    else problem('parent_email', M.parentEmailBad);
  }

  const courses: { id: number; name: string }[] = [];
  for (const token of courseTokens(cell('courses'))) {
    const digits = toLatinDigits(token);
    const byId = /^\d{1,9}$/.test(digits) ? known.courseIds.get(Number(digits)) : undefined;
    const byName = known.courses.get(headerKey(token)) ?? [];
    const course = byId ?? (byName.length === 1 ? byName[0] : undefined);
    if (!course) {
      problem('courses', byName.length > 1 ? M.courseAmbiguous(token) : M.courseMissing(token));
    } else if (courses.some((c) => c.id === course.id)) {
      problem('courses', M.courseTwice(token));
    } else courses.push(course);
  }

  const cash = parseAmount(cell('cash'));
  if (cash === null) problem('cash', M.amountBad);
  else if (cash > 0 && courses.length === 0 && cell('courses') === '') {
    problem('cash', M.cashWithoutCourse);
  }
  const balance = parseAmount(cell('balance'));
  if (balance === null) problem('balance', M.amountBad);

  return {
    line,
    name,
    phone: phone ?? phoneText,
    email,
    gradeId,
    gradeName,
    center,
    parentPhone,
    parentEmail,
    courses,
    cash: cash ?? 0,
    balance: balance ?? 0,
    problems,
  };
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Values of `column` that some account already has, among `values`. */
async function taken(db: Db | Trx, column: 'phone' | 'email', values: readonly string[]) {
  const found = new Set<string>();
  for (const part of chunks([...new Set(values)])) {
    const rows = await db.selectFrom('users').select(column).where(column, 'in', part).execute();
    for (const row of rows) if (row[column] !== null) found.add(row[column]!);
  }
  return found;
}

/** Marks rows whose phone or e-mail another row of the file, or an account, already has. */
async function markDuplicates(db: Db | Trx, rows: ImportRow[]): Promise<void> {
  const firstPhone = new Map<string, number>();
  const firstEmail = new Map<string, number>();
  const phones = rows.filter((r) => normalisePhone(r.phone) !== null).map((r) => r.phone);
  const emails = rows.flatMap((r) => (r.email !== null ? [r.email] : []));
  const [takenPhones, takenEmails] = await Promise.all([
    taken(db, 'phone', phones),
    taken(db, 'email', emails),
  ]);
  for (const row of rows) {
    const add = (column: string, value: string, message: string) =>
      row.problems.push({ row: row.line, column, value, message });
    if (normalisePhone(row.phone) !== null) {
      const earlier = firstPhone.get(row.phone);
      if (earlier !== undefined) add('الهاتف', row.phone, M.phoneTwice(earlier));
      else {
        firstPhone.set(row.phone, row.line);
        if (takenPhones.has(row.phone)) add('الهاتف', row.phone, M.phoneTaken);
      }
    }
    if (row.email !== null) {
      const earlier = firstEmail.get(row.email);
      if (earlier !== undefined) add('البريد الإلكتروني', row.email, M.emailTwice(earlier));
      else {
        firstEmail.set(row.email, row.line);
        if (takenEmails.has(row.email)) add('البريد الإلكتروني', row.email, M.emailTaken);
      }
    }
  }
}

/** Reads and checks a whole file against the school as it is now. */
export async function checkRoster(db: Db | Trx, bytes: Buffer) {
  const sheet = await readRoster(bytes);
  const { at, ignored } = mapColumns(sheet.headers);
  const known = await catalogue(db);
  const rows = sheet.rows.map((cells, i) => readRow(cells, sheet.lines[i]!, at, known));
  await markDuplicates(db, rows);
  return { rows, ignored, columns: Object.keys(at) };
}

function previewRow(row: ImportRow): StudentImportRow {
  return {
    row: row.line,
    name: row.name,
    phone: row.phone,
    email: row.email,
    grade: row.gradeName,
    courses: row.courses.map((c) => c.name),
    cash: fromPiasters(row.cash),
    balance: fromPiasters(row.balance),
    ok: row.problems.length === 0,
  };
}

function report(
  checked: Awaited<ReturnType<typeof checkRoster>>,
  outcome: { applied: boolean; importId: string | null; created: number; invitations: number },
  message: string,
): StudentImportReport {
  const valid = checked.rows.filter((r) => r.problems.length === 0);
  return {
    applied: outcome.applied,
    import_id: outcome.importId,
    rows: checked.rows.length,
    valid: valid.length,
    invalid: checked.rows.length - valid.length,
    created: outcome.created,
    ignored_columns: checked.ignored,
    columns: checked.columns,
    problems: checked.rows.flatMap((r) => r.problems).slice(0, PROBLEMS_MAX),
    preview: checked.rows.slice(0, PREVIEW_ROWS).map(previewRow),
    grants: valid.reduce((n, r) => n + r.courses.length, 0),
    cash_total: fromPiasters(valid.reduce((n, r) => n + r.cash, 0)),
    balance_total: fromPiasters(valid.reduce((n, r) => n + r.balance, 0)),
    invitations: outcome.invitations,
    invitations_by_phone: false,
    message,
  };
}

/** Writes the valid rows: students, grants with their cash, opening balances, the audit row. */
async function writeRows(
  trx: Trx,
  actor: Actor,
  rows: readonly ImportRow[],
  importId: string,
  fileName: string | null,
) {
  const now = new Date().toISOString();
  const users: NewUser[] = rows.map((r) => ({
    name: r.name,
    email: r.email,
    phone: r.phone,
    passwordHash: NO_PASSWORD,
    gradeId: r.gradeId,
    emailVerifiedAt: null,
    centerName: r.center,
    parentPhone: r.parentPhone,
    parentEmail: r.parentEmail,
    importId,
    createdAt: now,
  }));
  const ids = new Map<string, number>();
  for (const part of chunks(users, 200)) {
    for (const made of await insertUsers(trx, part)) ids.set(made.phone, made.id);
  }
  // Each row's courses with its cash split evenly over them; then the opening balances.
  const grants = rows.flatMap((row) => {
    const shares = splitEvenly(row.cash, row.courses.length);
    return row.courses.map((course, i) => ({
      userId: ids.get(row.phone)!,
      courseId: course.id,
      cash: shares[i]!,
    }));
  });
  await grantNewStudents(trx, actor.id, grants);
  await creditOpeningBalances(
    trx,
    rows
      .filter((r) => r.balance > 0)
      .map((r) => ({ userId: ids.get(r.phone)!, amount: r.balance })),
    M.openingBalance,
  );
  const created = [...ids.values()];
  await writeAudit(trx, actor, {
    action: 'import',
    resource: 'students',
    resourceId: importId,
    before: null,
    after: {
      file: fileName,
      created: created.length,
      first_id: Math.min(...created),
      last_id: Math.max(...created),
      grants: grants.length,
      cash_total: fromPiasters(rows.reduce((n, r) => n + r.cash, 0)),
      balance_total: fromPiasters(rows.reduce((n, r) => n + r.balance, 0)),
    },
  });
  return created;
}

/**
 * POST /staff/students/import: the uploaded roster checked, and imported unless it is a dry run;
 * the new students' set-password links are sent by a job queued with the import (ADR 052, 053).
 * `invitations`: how many will get one (all of them when a text channel is set up, else those
 * with an e-mail).
 */
export async function importStudents(
  ctx: AppContext,
  actor: Actor,
  request: FastifyRequest,
  origin: string,
): Promise<StudentImportReport> {
  const { fields, bytes, fileName } = await readNamedForm(
    request,
    endpoints.staffImportStudents.upload,
    M.fileType,
  );
  const flags = validate(studentImportFieldsSchema, fields);
  const { report, created } = await importRoster(ctx.db, actor, bytes, {
    dryRun: flags.dry_run ?? false,
    skipInvalid: flags.skip_invalid ?? false,
    fileName,
    // The links go by a durable job queued with the import (ADR 053): a restart loses none.
    then: (trx, importId) =>
      ctx.jobs.enqueue(IMPORT_LINKS_JOB, { importId, origin }, IMPORT_LINKS_OPTIONS, trx),
  });
  const byPhone = created.length > 0 && (await linksGoByPhone(ctx));
  const invitations = byPhone ? created.length : await countWithEmail(ctx.db, created);
  return { ...report, invitations, invitations_by_phone: byPhone };
}

/** One run may send 10,000 links: an hour's lease before another instance takes it over. */
const IMPORT_LINKS_OPTIONS = { retryLimit: 5, backoffSeconds: 30, expireInSeconds: 3600 };

async function countWithEmail(db: Db, ids: readonly number[]): Promise<number> {
  let n = 0;
  for (const part of chunks(ids)) {
    const row = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', 'in', part)
      .where('email', 'is not', null)
      .executeTakeFirst();
    n += Number(row?.n ?? 0);
  }
  return n;
}

/**
 * Checks a roster and, unless it is a dry run, imports it: every valid row, or (a file with any
 * problem, without `skipInvalid`) none. Answers the report and the new students' ids, for their
 * set-password links. A phone or e-mail taken while the file was being written (another import,
 * a sign-up) fails the transaction: the file is checked again and the report says which row.
 */
export async function importRoster(
  db: Db,
  actor: Actor,
  bytes: Buffer,
  options: {
    dryRun: boolean;
    skipInvalid: boolean;
    fileName: string | null;
    /** Runs in the import's transaction after its rows (the links' job is queued there). */
    then?: (trx: Trx, importId: string) => Promise<unknown>;
  },
): Promise<{ report: StudentImportReport; created: number[] }> {
  for (let attempt = 0; ; attempt++) {
    const checked = await checkRoster(db, bytes);
    const valid = checked.rows.filter((r) => r.problems.length === 0);
    const invalid = checked.rows.length - valid.length;
    const refuse = (message: string) => ({
      report: report(
        checked,
        { applied: false, importId: null, created: 0, invitations: 0 },
        message,
      ),
      created: [],
    });
    if (invalid > 0 && !options.skipInvalid) return refuse(M.hasProblems);
    if (valid.length === 0) return refuse(M.nothingToImport);
    if (options.dryRun) return refuse(M.dryRunReady(valid.length));
    const importId = randomUUID();
    try {
      const created = await db.transaction().execute(async (trx) => {
        const ids = await writeRows(trx, actor, valid, importId, options.fileName);
        await options.then?.(trx, importId);
        return ids;
      });
      return {
        report: report(
          checked,
          { applied: true, importId, created: created.length, invitations: 0 },
          M.imported(created.length),
        ),
        created,
      };
    } catch (error) {
      // A clash with a write made since the check (or a wallet address drawn twice): check again.
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}
