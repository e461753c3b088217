// `npm run staff -- create-admin --email E --name N --phone P [--password W]`
// Makes a first admin (or turns an existing account into one) in the configured database
// (DATA_DIR / DATABASE_URL). The password comes from --password or STAFF_PASSWORD.
// `npm run staff -- create-teacher --email E --name N --phone P --teacher-id T [--password W]`
// Makes a teacher's login working as teacher profile T (ADR 048); never an existing account.
// With no password (neither --password nor STAFF_PASSWORD) the login is invited, as the
// console's staff accounts invite: a set-password link on the school's site, once, for 72 hours,
// mailed to the teacher and printed to pass on another way. The site is --site S: the server
// knows its own address only from a request's Host (as the console's invitation and ADR 039's
// follow link), and the command line has no request.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { staffAccountCreateSchema, STAFF_GROUP_IDS, STAFF_MESSAGES } from '@dars/contract';
import type { AppError } from '../../lib/app-error';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { migrateToLatest } from '../../db/migrate';
import { createMailer } from '../../lib/mailer';
import { hashPassword } from '../../lib/passwords';
import { schoolName } from '../settings/settings-service';
import { createAccount, promoteToAdmin } from './staff-accounts';
import { invitationPath, mailInvitation } from './staff-invitations';

const USAGE =
  'usage: npm run staff -- create-admin --email admin@school.example --name "الاسم" --phone 01012345678 [--password …]\n' +
  '       npm run staff -- create-teacher --email t@school.example --name "الاسم" --phone 01012345678 --teacher-id 3 [--password … | --site https://school.example]\n' +
  '       (or STAFF_PASSWORD=… in the environment; at least 8 characters)\n' +
  '       create-teacher without a password invites the teacher: a link to set it on the --site\n' +
  '       (72 hours, once) is mailed to them and printed here';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    phone: { type: 'string' },
    password: { type: 'string' },
    'teacher-id': { type: 'string' },
    site: { type: 'string' },
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

/**
 * The school's address an invitation links to, from --site: an http(s) origin (a trailing `/`
 * is dropped), or an issue to refuse with.
 * @example siteOf('https://School.example/') // { origin: 'https://school.example' }
 */
function siteOf(given: string | undefined): { origin: string } | { issue: string } {
  if (!given) {
    return {
      issue:
        "without a password the teacher is invited to set one from a link on the school's site: give it as --site https://school.example (or give --password)",
    };
  }
  const url = URL.canParse(given.trim()) ? new URL(given.trim()) : null;
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username;
  if (!url || !bare || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    return { issue: `--site must be the school's address alone, such as https://school.example` };
  }
  return { origin: url.origin };
}

/**
 * A new teacher's login (ADR 048), as the console's staff accounts make it: with the password
 * given, or, with none, invited (a link to set it, mailed and printed).
 */
async function createTeacherLogin(email: string, password: string | undefined, taken: boolean) {
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
  // Checked before anything is written: a login nobody can reach the link of is no use.
  const site = password === undefined ? siteOf(values.site) : null;
  const issues = [
    ...(parsed.success ? [] : parsed.error.issues),
    ...(site && 'issue' in site ? [{ path: ['site'], message: site.issue }] : []),
  ];
  if (!parsed.success || issues.length > 0) return refuse(issues);
  try {
    const { invitation, ...account } = await createAccount(database.db, null, parsed.data);
    const made = `teacher ${account.email} created (id ${account.id}, teacher ${account.teacher_id})`;
    if (invitation && site && 'origin' in site) {
      await sendInvitation(made, account, invitation, site);
    } else {
      console.log(`${made}; sign in at /staff.`);
    }
  } catch (error) {
    const fields = (error as AppError).errors;
    if (!fields) throw error;
    refuse(
      Object.entries(fields).map(([field, [message]]) => ({ path: [field], message: message! })),
    );
  }
}

/**
 * Mails the invitation as the console does (the school's name on the mail, ADR 049) and prints
 * the link either way: a mail server that refuses leaves the login made and the link working,
 * for the admin to send by WhatsApp (ADR 048).
 */
async function sendInvitation(
  made: string,
  account: { id: number; email: string; invitation_expires_at: string | null },
  invitation: { token: string },
  site: { origin: string },
) {
  const url = `${site.origin}${invitationPath(invitation.token)}`;
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    fromName: () => schoolName(database.db),
  });
  const failed = await mailInvitation({ db: database.db, mailer }, account.id, url).then(
    () => null,
    (error: unknown) => (error as Error).message,
  );
  console.log(
    `${made}, invited: no password works until they set one from this link, once, until ${account.invitation_expires_at}:`,
  );
  console.log(url);
  if (failed === null) console.log(`the link was mailed to ${account.email}.`);
  else console.error(`the link was NOT mailed (${failed}): pass it on yourself.`);
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
    // No password at all (an empty STAFF_PASSWORD is none) invites; `--password ''` is refused.
    const given = values.password ?? (process.env.STAFF_PASSWORD || undefined);
    await createTeacherLogin(email, given, existing !== undefined);
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
