import type { Kysely } from 'kysely';
import { appSettingsSchema, type AppSettings } from '@dars/contract';
import { precompile } from '../../db/precompiled';
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

const settingByKey = precompile((db, p: { key: string }) =>
  db.selectFrom('settings').select('value').where('key', '=', p.key),
);

/**
 * A setting from its stored JSON text, checked against the same schema as the whole set; the
 * default when staff never stored it (`undefined` or `null`: no row).
 * @example settingFrom('enable_wallet_transfers', row.transfers) // false
 */
export function settingFrom<K extends keyof StoredSettings>(
  key: K,
  stored: string | null | undefined,
): StoredSettings[K] {
  if (stored === undefined || stored === null) return DEFAULT_SETTINGS[key];
  return appSettingsSchema.shape[key].parse(JSON.parse(stored)) as StoredSettings[K];
}

/**
 * A setting's stored JSON text as a scalar subquery (null when never stored), for a hot read
 * that checks a switch on every request to fold it into its own statement instead of a round
 * trip of its own; read the column back with `settingFrom`.
 * @example db.selectNoFrom([storedSetting(db, 'enable_wallet_system').as('wallet_system')])
 */
export function storedSetting(db: Kysely<DB>, key: keyof StoredSettings) {
  return db.selectFrom('settings').select('value').where('key', '=', key);
}

/**
 * One switch, read alone (one statement instead of getSettings' three), checked against the
 * same schema as the whole set; the default when staff never stored it.
 * @example if (await getSetting(db, 'enable_gen_exm')) …
 */
export async function getSetting<K extends keyof StoredSettings>(
  db: Kysely<DB>,
  key: K,
): Promise<StoredSettings[K]> {
  const row = await settingByKey.executeTakeFirst(db, { key });
  return settingFrom(key, row?.value);
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

/**
 * The school's name as its admin set it (ADR 049), «دَرس» until then: what mails are signed
 * and sent with.
 * @example await schoolName(db) // 'سنتر النخبة'
 */
export async function schoolName(db: Kysely<DB>): Promise<string> {
  return (await getSetting(db, 'school')).name;
}
