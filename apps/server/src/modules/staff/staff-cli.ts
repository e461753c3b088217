// `npm run staff -- create-admin --email E --name N --phone P [--password W]`
// Makes a first admin (or turns an existing account into one) in the configured database
// (DATA_DIR / DATABASE_URL). The password comes from --password or STAFF_PASSWORD.
// `npm run staff -- create-teacher --email E --name N --phone P --teacher-id T [--password W]`
// Makes a teacher's login working as teacher profile T (ADR 048); never an existing account.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { staffAccountCreateSchema, STAFF_GROUP_IDS, STAFF_MESSAGES } from '@dars/contract';
import type { AppError } from '../../lib/app-error';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { hashPassword } from '../../lib/passwords';
import { createAccount, promoteToAdmin } from '../auth/staff-accounts';

const USAGE =
  'usage: npm run staff -- create-admin --email admin@school.example --name "الاسم" --phone 01012345678 [--password …]\n' +
  '       npm run staff -- create-teacher --email t@school.example --name "الاسم" --phone 01012345678 --teacher-id 3 [--password …]\n' +
  '       (or STAFF_PASSWORD=… in the environment; at least 8 characters)';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    phone: { type: 'string' },
    password: { type: 'string' },
    'teacher-id': { type: 'string' },
  },
});
const command = positionals[0];
if (command !== 'create-admin' && command !== 'create-teacher') {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const database = openDatabase({
  databaseUrl: config.databaseUrl,
  sqliteFile: path.join(config.dataDir, 'dars.sqlite'),
});
const system = { id: null, name: 'سطر الأوامر', groupId: STAFF_GROUP_IDS.admin };

/** Prints a refusal's fields in Arabic with the usage, and exits 2 when done. */
function refuse(issues: readonly { path: PropertyKey[]; message: string }[]): void {
  for (const issue of issues) console.error(`${issue.path.join('.')}: ${issue.message}`);
  console.error(USAGE);
  process.exitCode = 2;
}

/** A new teacher's login (ADR 048), as the console's staff accounts make it. */
async function createTeacherLogin(email: string, password: string, taken: boolean) {
  if (taken) {
    refuse([{ path: ['email'], message: STAFF_MESSAGES.emailTaken }]);
    return;
  }
  const teacherId = Number(values['teacher-id']);
  const parsed = staffAccountCreateSchema.safeParse({
    email,
    name: values.name,
    phone: values.phone,
    password,
    role: 'teacher',
    teacher_id: Number.isInteger(teacherId) && teacherId > 0 ? teacherId : null,
  });
  if (!parsed.success) return refuse(parsed.error.issues);
  try {
    const account = await createAccount(database.db, null, parsed.data);
    console.log(
      `teacher ${account.email} created (id ${account.id}, teacher ${account.teacher_id}); sign in at /staff.`,
    );
  } catch (error) {
    const fields = (error as AppError).errors;
    if (!fields) throw error;
    refuse(
      Object.entries(fields).map(([field, [message]]) => ({ path: [field], message: message! })),
    );
  }
}
try {
  await migrateToLatest(database.db);
  const email = (values.email ?? '').trim().toLowerCase();
  const password = values.password ?? process.env.STAFF_PASSWORD ?? '';
  const existing = email
    ? await database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst()
    : undefined;
  const weak = password ? staffAccountCreateSchema.shape.password.safeParse(password) : null;
  if (command === 'create-teacher') {
    await createTeacherLogin(email, password, existing !== undefined);
  } else if (existing && weak && !weak.success) {
    // The same rule as a new account's password, in the same words.
    console.error(`password: ${weak.error.issues[0]!.message}`);
    console.error(USAGE);
    process.exitCode = 2;
  } else if (existing && existing.group_id === STAFF_GROUP_IDS.admin && !password) {
    console.log(`${email} is already an admin (id ${existing.id}); nothing changed.`);
  } else if (existing) {
    // An account that exists becomes an admin; its password changes only when one is given.
    await promoteToAdmin(
      database.db,
      system,
      existing,
      password ? await hashPassword(password) : null,
    );
    console.log(`${email} is now an admin (id ${existing.id}).`);
  } else {
    const parsed = staffAccountCreateSchema.safeParse({
      email,
      name: values.name,
      phone: values.phone,
      password,
      role: 'admin',
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        console.error(`${issue.path.join('.')}: ${issue.message}`);
      console.error(USAGE);
      process.exitCode = 2;
    } else {
      const account = await createAccount(database.db, null, parsed.data);
      console.log(`admin ${account.email} created (id ${account.id}); sign in at /staff.`);
    }
  }
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.destroy();
}
