import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as initial from './migrations/2026-11-22-001-initial';
import * as accounts from './migrations/2026-11-22-002-accounts';
import * as videoViews from './migrations/2026-11-22-003-video-views';
import * as sessions from './migrations/2026-11-23-003-sessions';

// A static list (not a folder scan) so migrations work the same from source, tests and bundles.
const migrations: Record<string, Migration> = {
  '2026-11-22-001-initial': initial,
  '2026-11-22-002-accounts': accounts,
  '2026-11-22-003-video-views': videoViews,
  '2026-11-23-003-sessions': sessions,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date; throws if any migration fails.
 * @example await migrateToLatest(db)
 */
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
