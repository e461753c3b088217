import type { Kysely } from 'kysely';
import { appSettingsSchema, type AppSettings } from '@dars/contract';
import type { DB } from '../../db/schema';
import { DEFAULT_SETTINGS, type StoredSettings } from './defaults';

/**
 * The app settings: stored keys over the defaults, with the grades and categories lists.
 * `enable_account_deletion` is always off in the client (spec §3).
 * @example (await getSettings(db)).teachers_page
 */
export async function getSettings(db: Kysely<DB>): Promise<AppSettings> {
  const [rows, grades, categories] = await Promise.all([
    db.selectFrom('settings').select(['key', 'value']).execute(),
    db.selectFrom('grades').select(['id', 'name']).orderBy('position').orderBy('id').execute(),
    db.selectFrom('categories').select(['id', 'name']).orderBy('position').orderBy('id').execute(),
  ]);
  const stored: Record<string, unknown> = {};
  for (const row of rows) stored[row.key] = JSON.parse(row.value);
  return appSettingsSchema.parse({
    ...DEFAULT_SETTINGS,
    ...stored,
    enable_account_deletion: false,
    grades,
    categories,
  });
}

/**
 * Stores some settings (an upsert per key); unknown keys are refused by the type.
 * @example await putSettings(db, { appIsDown: true })
 */
export async function putSettings(db: Kysely<DB>, values: Partial<StoredSettings>): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    await db
      .insertInto('settings')
      .values({ key, value: JSON.stringify(value) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
      .execute();
  }
}
