import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';

const pgUrl = process.env.TEST_DATABASE_URL || undefined;

async function inAdmin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

describe('migrations', () => {
  it('migrate a fresh SQLite database and find nothing left to do the second time', async () => {
    const database = openDatabase({ sqliteFile: ':memory:' });
    try {
      expect((await migrateToLatest(database.db)).length).toBeGreaterThan(0);
      expect(await migrateToLatest(database.db)).toEqual([]);
    } finally {
      await database.destroy();
    }
  });

  // Kysely looks for its bookkeeping tables in every schema unless told which: a fresh schema
  // beside one that already has them used to skip creating its own and then fail on them.
  it.skipIf(!pgUrl)(
    'migrate PostgreSQL schemas side by side, each with its own bookkeeping',
    async () => {
      const schemas = [1, 2, 3].map(() => `m_${randomBytes(6).toString('hex')}`);
      for (const schema of schemas) await inAdmin(`create schema ${schema}`);
      const databases = schemas.map((pgSchema) =>
        openDatabase({ databaseUrl: pgUrl, pgSchema, poolSize: 2 }),
      );
      try {
        // One schema is ready first, then two more migrate at the same time beside it.
        const first = await migrateToLatest(databases[0]!.db);
        const rest = await Promise.all(databases.slice(1).map((d) => migrateToLatest(d.db)));
        for (const applied of rest) expect(applied).toEqual(first);
        expect(await migrateToLatest(databases[1]!.db)).toEqual([]);
      } finally {
        await Promise.all(databases.map((d) => d.destroy()));
        for (const schema of schemas) await inAdmin(`drop schema ${schema} cascade`);
      }
    },
  );
});
