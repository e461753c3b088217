import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One home per table (issue 25, docs/architecture.md): `modules/staff` holds the staff routes,
 * their roles and audit, and writes no domain table; the module that owns a table writes it
 * (courses/course-admin.ts, exams/question-admin.ts…) on db/audited-change.ts. This reads the
 * sources of modules/staff and names every write it finds of a table other than the ones
 * staff own.
 */

/** The tables modules/staff may write: none today (the audit row is db/audited-change.ts's). */
const STAFF_TABLES: readonly string[] = [];

const STAFF_DIR = path.resolve(__dirname, '../../src/modules/staff');
/** The reports the staff routes serve (dashboard, statements, exports' columns): reads only. */
const REPORTS_DIR = path.resolve(__dirname, '../../src/modules/reports');

/** Kysely's writes (`.insertInto('t')`, `.updateTable`, `.deleteFrom`, `.replaceInto`, `.mergeInto`) and raw SQL ones. */
const BUILDER_WRITE =
  /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(\s*([^)]*)\)/g;
const RAW_WRITE =
  /\b(insert\s+into|update|delete\s+from)\s+"?([a-z_]+)"?\s+(?:set|values|where|\(|select)/gi;

function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** The domain writes in one source: `file:line insertInto(courses)`, the table as written. */
export function domainWrites(file: string, source: string): string[] {
  const code = withoutComments(source);
  const found: string[] = [];
  const lineOf = (index: number) => code.slice(0, index).split('\n').length;
  for (const m of code.matchAll(BUILDER_WRITE)) {
    const table = m[2]!.trim().replace(/^['"`](.*)['"`]$/, '$1');
    if (!STAFF_TABLES.includes(table)) found.push(`${file}:${lineOf(m.index)} ${m[1]}(${table})`);
  }
  for (const m of code.matchAll(/sql`([^`]*)`/g)) {
    for (const w of m[1]!.matchAll(RAW_WRITE)) {
      if (!STAFF_TABLES.includes(w[2]!)) {
        found.push(`${file}:${lineOf(m.index)} sql ${w[1]!.toLowerCase()} ${w[2]}`);
      }
    }
  }
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('modules/staff and modules/reports write no domain table', () => {
  it('finds no insert, update or delete of a domain table in modules/staff', () => {
    const files = sources(STAFF_DIR);
    expect(files.length).toBeGreaterThan(10);
    const writes = files.flatMap((file) =>
      domainWrites(path.relative(STAFF_DIR, file), readFileSync(file, 'utf8')),
    );
    expect(writes).toEqual([]);
  });

  it('finds no write at all in modules/reports, which only reads', () => {
    const files = sources(REPORTS_DIR);
    expect(files.length).toBeGreaterThanOrEqual(7);
    const writes = files.flatMap((file) =>
      domainWrites(path.relative(REPORTS_DIR, file), readFileSync(file, 'utf8')),
    );
    expect(writes).toEqual([]);
  });

  it('would name a write the way a staff file used to make it', () => {
    const before = [
      'const row = await trx',
      "  .insertInto('teachers')",
      '  .values({ name })',
      "await trx.updateTable('courses').set(values).where('id', '=', id).execute();",
      "await trx.deleteFrom(table).where('id', '=', id).execute();",
      "// await trx.deleteFrom('lectures') in a comment is no write",
      'await sql`update users set blocked_at = null where id = ${id}`.execute(trx);',
    ].join('\n');
    expect(domainWrites('old.ts', before)).toEqual([
      'old.ts:2 insertInto(teachers)',
      'old.ts:4 updateTable(courses)',
      'old.ts:5 deleteFrom(table)',
      'old.ts:7 sql update users',
    ]);
  });
});
