import path from 'node:path';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../apps/server/src/db/database';
import type { DB } from '../../apps/server/src/db/schema';
import { getSettings, putSettings } from '../../apps/server/src/modules/settings/settings-service';
import type { StoredSettings } from '../../apps/server/src/modules/settings/defaults';
import { serverDataDir } from './server';

/**
 * Runs `work` on the running server's own SQLite file, through the server's code, and
 * closes the connection afterwards (WAL lets this second connection in beside the server's).
 * @example const n = await withDatabase((db) => db.selectFrom('users').select('id').execute())
 */
export async function withDatabase<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T> {
  const { db, destroy } = openDatabase({
    sqliteFile: path.join(serverDataDir(), 'dars.sqlite'),
  });
  try {
    return await work(db);
  } finally {
    await destroy();
  }
}

/**
 * Changes some settings the way staff would, and returns what puts them back. The app reads
 * the settings when a page loads, so open the page after the change.
 * @example const restore = await changeSettings({ email_verification: true }); try { … } finally { await restore() }
 */
export async function changeSettings(
  values: Partial<StoredSettings>,
): Promise<() => Promise<void>> {
  const before = await withDatabase(async (db) => {
    const current = await getSettings(db);
    await putSettings(db, values);
    return current;
  });
  const keys = Object.keys(values) as (keyof StoredSettings)[];
  const previous = Object.fromEntries(keys.map((key) => [key, before[key]]));
  return () => withDatabase((db) => putSettings(db, previous));
}
