import type { Kysely } from 'kysely';
import { STAFF_GROUP_IDS } from '@dars/contract';
import type { Config } from './config';
import type { DB } from './db/schema';
import { holdsDemoData } from './db/seed/demo-mark';

// What the server checks of its database before it serves anyone (ADR 032): a school's own
// server never runs on the demo's data, and an empty school is told how to get its first admin.

/**
 * The exit code of a server that will not start as configured (sysexits' EX_CONFIG): the
 * systemd unit in docs/operations.md does not restart it (RestartPreventExitStatus), since
 * starting again would only fail again.
 */
export const CONFIG_EXIT_CODE = 78;

/** Said, in both languages, when a server that is not the demo finds the demo's data. */
export const DEMO_DATABASE_REFUSAL = [
  'لن يعمل الخادم على قاعدة البيانات هذه: فيها بيانات العرض التجريبي (حسابات تجريبية كلمة مرورها منشورة).',
  'لتشغيل العرض التجريبي: npm start (أو SEED=demo). ولمدرستك: اجعل DATA_DIR أو DATABASE_URL يشير إلى قاعدة بيانات جديدة فارغة.',
  'Refusing to start: this database holds the demo school (demo accounts whose password is public).',
  'To run the demo: npm start (or SEED=demo). For a school: point DATA_DIR or DATABASE_URL at a new, empty database.',
].join('\n');

/** Printed at start while the school has no admin: how to make the first one. */
export const FIRST_ADMIN_HINT = [
  'لا يوجد حساب مدير بعد. أنشئ أول مدير للمدرسة بالأمر:',
  'No staff admin yet. Create the school’s first admin with:',
  `  npm run staff -- create-admin --email admin@school.example --name "مدير المدرسة" --phone 01012345678 --password '…'`,
].join('\n');

/**
 * The reason this server must not start on this database, or null: it holds the demo's data
 * while the server was not started as the demo.
 * @example const refusal = await demoDatabaseRefusal(db, config) // DEMO_DATABASE_REFUSAL or null
 */
export async function demoDatabaseRefusal(
  db: Kysely<DB>,
  config: Pick<Config, 'seed'>,
): Promise<string | null> {
  if (config.seed === 'demo') return null;
  return (await holdsDemoData(db)) ? DEMO_DATABASE_REFUSAL : null;
}

/**
 * FIRST_ADMIN_HINT while no account is a staff admin, else null.
 * @example const hint = await firstAdminHint(db)
 */
export async function firstAdminHint(db: Kysely<DB>): Promise<string | null> {
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('group_id', '=', STAFF_GROUP_IDS.admin)
    .limit(1)
    .executeTakeFirst();
  return admin ? null : FIRST_ADMIN_HINT;
}
