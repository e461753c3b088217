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

  // Kysely's look for its tables asks PostgreSQL about every schema by name; a schema dropped
  // by someone else in the middle of that look failed our migration before it began (test
  // files side by side, each dropping its schema when done). The look is tried again.
  it.skipIf(!pgUrl)(
    'migrate while other schemas of the database come and go',
    async () => {
      const ours = [1, 2, 3, 4].map(() => `m_${randomBytes(6).toString('hex')}`);
      for (const schema of ours) await inAdmin(`create schema ${schema}`);
      const churn = new pg.Client({ connectionString: pgUrl });
      await churn.connect();
      let churning = true;
      const others = (async () => {
        while (churning) {
          const names = [1, 2, 3, 4, 5].map(() => `c_${randomBytes(6).toString('hex')}`);
          for (const name of names)
            await churn.query(`create schema ${name}; create table ${name}.t (a int)`);
          await churn.query(`drop schema ${names.join(', ')} cascade`);
        }
      })();
      const databases = ours.map((pgSchema) =>
        openDatabase({ databaseUrl: pgUrl, pgSchema, poolSize: 2 }),
      );
      try {
        for (let round = 0; round < 3; round++) {
          const applied = await Promise.all(databases.map((d) => migrateToLatest(d.db)));
          if (round === 0) for (const names of applied) expect(names.length).toBeGreaterThan(10);
          else for (const names of applied) expect(names).toEqual([]);
        }
      } finally {
        churning = false;
        await others;
        await churn.end();
        await Promise.all(databases.map((d) => d.destroy()));
        for (const schema of ours) await inAdmin(`drop schema ${schema} cascade`);
      }
    },
    60_000,
  );
});
