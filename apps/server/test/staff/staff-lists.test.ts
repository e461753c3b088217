import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse } from '../factories/courses';
import { makeStaff } from './staff-factory';

/**
 * What every staff list gets from staff-core: a search that takes `%` and `_` as the letters
 * they are and ignores case, a page that starts where the one before ended, and a sort by an
 * allowed column. Told on the course list; the names are written so that each wrong answer
 * (wildcards unescaped, case kept, the wrong page, the default order) gives other rows.
 */

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await makeStaff(server.db, 'admin')).token;
  // Made in the reverse of their names' order, so the default order (by id) differs.
  for (const name of ['Q3 lisT 5%bA', 'Q2 lisT 5xxA', 'Q1 lisT 5%_A'])
    await makeCourse(server, { name });
}, 120_000);
afterAll(() => server?.close());

async function names(query: string): Promise<string[]> {
  const res = await server.app.inject({
    method: 'GET',
    url: `/api/v1/staff/courses?${query}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { name: string }[]).map((c) => c.name);
}

describe('a staff list', () => {
  it('searches for % and _ as letters, in any case', async () => {
    expect(await names(`q=${encodeURIComponent('5%_a')}`)).toEqual(['Q1 lisT 5%_A']);
    expect(await names(`q=${encodeURIComponent('LIST 5%B')}`)).toEqual(['Q3 lisT 5%bA']);
    expect((await names('q=list%205&sort=name&order=asc')).length).toBe(3);
  });

  it('sorts by an allowed column and pages from where the last page ended', async () => {
    const q = 'q=list%205&sort=name&order=asc';
    expect(await names(q)).toEqual(['Q1 lisT 5%_A', 'Q2 lisT 5xxA', 'Q3 lisT 5%bA']);
    expect(await names(`${q}&per_page=2&page=1`)).toEqual(['Q1 lisT 5%_A', 'Q2 lisT 5xxA']);
    expect(await names(`${q}&per_page=2&page=2`)).toEqual(['Q3 lisT 5%bA']);
    expect(await names('q=list%205&sort=name&order=desc&per_page=1&page=3')).toEqual([
      'Q1 lisT 5%_A',
    ]);
    // A column the list does not allow falls back to the id, newest last.
    expect(await names('q=list%205&sort=password&order=asc')).toEqual([
      'Q3 lisT 5%bA',
      'Q2 lisT 5xxA',
      'Q1 lisT 5%_A',
    ]);
  });
});
