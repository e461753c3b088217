import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The list query GET `url` runs (the first statement that reads the courses' listing order). */
async function listQueryOf(url: string): Promise<CompiledQuery> {
  const spy = vi.spyOn(server.db, 'executeQuery');
  try {
    const res = await server.app.inject({ method: 'GET', url, headers: WEB_HEADERS });
    expect(res.statusCode).toBe(200);
    const queries = spy.mock.calls.map(([query]) => query as CompiledQuery);
    const list = queries.find((q) => /order by "courses"\."created_at" desc/.test(q.sql));
    expect(list).toBeDefined();
    return list!;
  } finally {
    spy.mockRestore();
  }
}

type PgPlan = { 'Node Type': string; 'Index Name'?: string; 'Parent Relationship'?: string };

/** The steps of a PostgreSQL plan that make the query's own rows (not its subqueries'). */
function outerSteps(plan: PgPlan & { Plans?: PgPlan[] }): string[] {
  if (plan['Parent Relationship'] === 'SubPlan') return [];
  const step = `${plan['Node Type']} ${plan['Index Name'] ?? ''}`;
  return [step, ...(plan.Plans ?? []).flatMap(outerSteps)];
}

/**
 * How the database finds and orders the query's own rows (the card's subqueries left out), one
 * step a line, from the database itself.
 */
async function planOf(query: CompiledQuery): Promise<string> {
  const params = query.parameters as unknown[];
  if (server.dialect === 'sqlite') {
    const { rows } = await server.db.executeQuery<{ parent: number; detail: string }>({
      ...query,
      sql: `explain query plan ${query.sql}`,
      parameters: params,
    });
    return rows
      .filter((r) => r.parent === 0 && !/SUBQUERY/.test(r.detail))
      .map((r) => r.detail)
      .join('\n');
  }
  // The demo catalogue is small enough that PostgreSQL would rather read the whole table and
  // sort it; forbidding both shows whether the index alone can give the list's order.
  return server.db.connection().execute(async (conn) => {
    await sql`set enable_seqscan = off`.execute(conn);
    await sql`set enable_sort = off`.execute(conn);
    await sql`set enable_incremental_sort = off`.execute(conn);
    try {
      const { rows } = await conn.executeQuery<{ 'QUERY PLAN': [{ Plan: PgPlan }] }>({
        ...query,
        sql: `explain (format json) ${query.sql}`,
        parameters: params,
      });
      return outerSteps(rows[0]!['QUERY PLAN'][0].Plan).join('\n');
    } finally {
      await sql`reset all`.execute(conn);
    }
  });
}

describe('the index behind the list order (published, created_at, id)', () => {
  it('gives the first page in order without sorting', async () => {
    const plan = await planOf(await listQueryOf('/api/v1/courses'));
    expect(plan).toContain('courses_listing_order');
    expect(plan).not.toMatch(/sort|temp b-tree/i);
  });

  it('starts a keyset page (links.next) in the index, without sorting', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/api/v1/courses' });
    const next = (first.json() as { links: { next: string } }).links.next;
    const plan = await planOf(await listQueryOf(next));
    expect(plan).toContain('courses_listing_order');
    expect(plan).not.toMatch(/sort|temp b-tree/i);
  });
});
