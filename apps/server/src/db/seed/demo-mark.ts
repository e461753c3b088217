import type { Kysely } from 'kysely';
import type { DB } from '../schema';

/**
 * The settings row the demo seed writes on the demo school's database. Its key is older than
 * its use: it first switched the payments sandbox on (ADR 019); since ADR 032 it only says
 * "this database is the demo".
 */
export const DEMO_MARK_SETTING = 'payments_sandbox';

/** The demo's accounts live under `.test`, a domain no real school's e-mail can have. */
const DEMO_EMAIL_DOMAIN = '%@dars.test';

/**
 * Whether a database holds the demo school: its mark, or any account of the demo (the
 * README's logins with their public password, the benchmark's bulk students). A school's own
 * server refuses to start on such a database unless told it is the demo (ADR 032).
 * @example if (await holdsDemoData(db)) process.exit(1)
 */
export async function holdsDemoData(db: Kysely<DB>): Promise<boolean> {
  const [mark, account] = await Promise.all([
    db.selectFrom('settings').select('key').where('key', '=', DEMO_MARK_SETTING).executeTakeFirst(),
    db
      .selectFrom('users')
      .select('id')
      .where('email', 'like', DEMO_EMAIL_DOMAIN)
      .limit(1)
      .executeTakeFirst(),
  ]);
  return mark !== undefined || account !== undefined;
}
