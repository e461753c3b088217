import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { precompile, preparedName } from '../../src/db/precompiled';
import { startTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const coursesQuery = precompile(
  (db, p: { ids: number[]; paid: number | undefined; name: string | null }) => {
    let q = db.selectFrom('courses').select(['id', 'price']).where('id', 'in', p.ids);
    if (p.paid !== undefined) q = q.where('price', '>=', p.paid);
    if (p.name !== null) q = q.where('name', '=', p.name);
    return q.orderBy('id');
  },
);

describe('precompile', () => {
  it('answers as the same query built afresh, for every value and shape', async () => {
    const { db } = server;
    const all = await db
      .selectFrom('courses')
      .select(['id', 'price', 'name'])
      .orderBy('id')
      .execute();
    const built = (ids: number[], paid?: number, name?: string) => {
      let q = db.selectFrom('courses').select(['id', 'price']).where('id', 'in', ids);
      if (paid !== undefined) q = q.where('price', '>=', paid);
      if (name !== undefined) q = q.where('name', '=', name);
      return q.orderBy('id').execute();
    };
    const cases: [number[], number | undefined, string | undefined][] = [
      [all.slice(0, 3).map((c) => c.id), undefined, undefined],
      [all.slice(3, 6).map((c) => c.id), undefined, undefined],
      [all.slice(0, 8).map((c) => c.id), 1, undefined],
      [all.slice(0, 8).map((c) => c.id), 20_000, undefined],
      [all.map((c) => c.id), 0, all[4]!.name],
      [[all[1]!.id], undefined, all[1]!.name],
      [[all[1]!.id], undefined, all[2]!.name],
    ];
    for (const [ids, paid, name] of cases) {
      const rows = await coursesQuery.execute(db, { ids, paid, name: name ?? null });
      expect(rows).toEqual(await built(ids, paid, name));
    }
  });

  it('binds values, never splices them into the SQL', async () => {
    const rows = await coursesQuery.execute(server.db, {
      ids: [1],
      paid: undefined,
      name: "x' or '1'='1",
    });
    expect(rows).toEqual([]);
  });

  it('writes an inlined integer into the SQL, one text per value, and refuses anything else', async () => {
    const newest = precompile(
      (db, p: { limit: number }) =>
        db.selectFrom('courses').select('id').orderBy('id', 'desc').limit(sql.lit(p.limit)),
      { inline: ['limit'] },
    );
    const all = await server.db.selectFrom('courses').select('id').orderBy('id', 'desc').execute();
    const spy = vi.spyOn(server.db, 'executeQuery');
    try {
      expect(await newest.execute(server.db, { limit: 2 })).toEqual(all.slice(0, 2));
      expect(await newest.execute(server.db, { limit: 3 })).toEqual(all.slice(0, 3));
      const texts = spy.mock.calls.map(([q]) => (q as CompiledQuery).sql);
      expect(texts[0]).toMatch(/limit 2$/);
      expect(texts[1]).toMatch(/limit 3$/);
    } finally {
      spy.mockRestore();
    }
    for (const limit of [1.5, Number.NaN, '1; drop table courses' as unknown as number]) {
      await expect(newest.execute(server.db, { limit })).rejects.toThrow(TypeError);
    }
  });

  it('runs as a named statement that PostgreSQL parses and plans once per connection', async () => {
    const query = precompile((db, p: { id: number }) =>
      db.selectFrom('courses').select('name').where('id', '=', p.id),
    );
    await server.db.transaction().execute(async (trx) => {
      const [first] = await query.execute(trx, { id: 1 });
      const [again] = await query.execute(trx, { id: 1 });
      expect(again).toEqual(first);
      const text = trx.selectFrom('courses').select('name').where('id', '=', 1).compile().sql;
      const name = preparedName(text);
      expect(name).toMatch(/^dars_\d+$/);
      if (server.dialect !== 'postgres') return;
      const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(
        trx,
      );
      expect(rows.map((r) => r.name)).toContain(name);
    });
  });

  it('builds a query once for the database and all its transactions', async () => {
    const build = vi.fn((db: Parameters<Parameters<typeof precompile>[0]>[0], p: { id: number }) =>
      db.selectFrom('courses').select('name').where('id', '=', p.id),
    );
    const query = precompile(build);
    const [outside] = await query.execute(server.db, { id: 1 });
    for (let i = 0; i < 3; i++) {
      await server.db.transaction().execute(async (trx) => {
        expect(await query.execute(trx, { id: 1 })).toEqual([outside]);
      });
    }
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('builds afresh on every call when mutation testing turns the templates off', async () => {
    vi.stubEnv('DARS_PRECOMPILE_CACHE', 'off');
    try {
      // A module instance of its own (the query string), which reads the switch as it loads;
      // the suite's shared one is left as it is.
      const fresh = (await import(
        /* @vite-ignore */ `${'../../src/db/precompiled'}.ts?templates-off`
      )) as { precompile: typeof precompile };
      const build = vi.fn(
        (db: Parameters<Parameters<typeof precompile>[0]>[0], p: { id: number }) =>
          db.selectFrom('courses').select('name').where('id', '=', p.id),
      );
      const query = fresh.precompile(build);
      const first = await query.execute(server.db, { id: 1 });
      expect(await query.execute(server.db, { id: 1 })).toEqual(first);
      expect(build).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
