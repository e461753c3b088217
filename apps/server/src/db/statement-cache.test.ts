import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { cachingDatabase, type CachingSqliteDatabase } from './statement-cache';

type Db = { items: { id: number; name: string } };

let open: Kysely<Db>[] = [];
afterEach(async () => {
  await Promise.all(open.map((db) => db.destroy()));
  open = [];
});

async function setup(maxSize?: number): Promise<{ db: Kysely<Db>; cache: CachingSqliteDatabase }> {
  const sqlite = new SQLite(':memory:');
  const cache = cachingDatabase(sqlite, maxSize);
  const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: cache }) });
  open.push(db);
  await sql`create table items (id integer primary key, name text not null)`.execute(db);
  await db
    .insertInto('items')
    .values(['أ', 'ب', 'ج', 'د'].map((name, i) => ({ id: i + 1, name })))
    .execute();
  return { db, cache };
}

const byId = (db: Kysely<Db>, id: number) =>
  db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst();

describe('cachingDatabase', () => {
  it('prepares each SQL text once and answers with the new parameters every time', async () => {
    const { db, cache } = await setup();
    const before = cache.cachedStatements;
    expect((await byId(db, 1))?.name).toBe('أ');
    expect((await byId(db, 3))?.name).toBe('ج');
    expect(await byId(db, 99)).toBeUndefined();
    expect(cache.cachedStatements).toBe(before + 1);
    expect(cache.prepare('select 1')).toBe(cache.prepare('select 1'));
  });

  it('gives the same results as an uncached database for reads, writes and transactions', async () => {
    const { db } = await setup();
    const plain = new Kysely<Db>({
      dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    });
    open.push(plain);
    await sql`create table items (id integer primary key, name text not null)`.execute(plain);
    for (const target of [db, plain]) {
      await target.transaction().execute(async (trx) => {
        await trx.insertInto('items').values({ id: 10, name: 'هـ' }).execute();
        await trx.updateTable('items').set({ name: 'و' }).where('id', '=', 10).execute();
      });
      await target
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('items').values({ id: 11, name: 'ز' }).execute();
          throw new Error('rolled back');
        })
        .catch(() => undefined);
    }
    const read = (target: Kysely<Db>) =>
      target.selectFrom('items').selectAll().where('id', '>=', 10).orderBy('id').execute();
    expect(await read(db)).toEqual(await read(plain));
    expect(await read(db)).toEqual([{ id: 10, name: 'و' }]);
  });

  it('streams rows from a cached statement', async () => {
    const { db } = await setup();
    const names: string[] = [];
    for await (const row of db.selectFrom('items').select('name').orderBy('id').stream()) {
      names.push(row.name);
    }
    expect(names).toEqual(['أ', 'ب', 'ج', 'د']);
    expect(names).toEqual(
      (await db.selectFrom('items').select('name').orderBy('id').execute()).map((r) => r.name),
    );
  });

  it('keeps at most maxSize statements, dropping the least recently used', async () => {
    const { cache } = await setup(3);
    const a = cache.prepare('select 1');
    cache.prepare('select 2');
    cache.prepare('select 3');
    expect(cache.prepare('select 1')).toBe(a); // used again: now the most recent
    cache.prepare('select 4'); // evicts "select 2"
    for (let i = 5; i < 50; i++) cache.prepare(`select ${i}`);
    expect(cache.cachedStatements).toBe(3);
    const b = cache.prepare('select 48');
    expect(cache.prepare('select 48')).toBe(b);
    expect(cache.prepare('select 1')).not.toBe(a); // long evicted: prepared anew
  });

  it('still answers after the schema changes under a cached statement', async () => {
    const { db } = await setup();
    expect((await byId(db, 2))?.name).toBe('ب');
    await sql`alter table items add column extra text`.execute(db);
    expect((await byId(db, 2))?.name).toBe('ب');
  });
});
