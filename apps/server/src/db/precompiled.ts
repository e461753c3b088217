import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { DB } from './schema';

type Params = Record<string, unknown>;

/**
 * A compiled query: its SQL and, for each of its bound values, where the value comes from (a
 * parameter, an element of an array parameter) or the constant the builder wrote itself.
 */
type Template = { sql: string; slots: readonly Slot[] };

type Slot = { name: string; index: number | undefined } | { constant: unknown };

/** Parameter shapes kept per query and database (lists of many lengths compile afresh). */
const MAX_SHAPES = 64;

/** SQL texts worth a server-side prepared statement, with their names (see preparedName). */
const preparedNames = new Map<string, string>();
/** Bounded: each connection keeps every statement it prepared until it closes. */
const MAX_PREPARED = 500;

/**
 * Mutation testing (`npm run mutate`) switches mutants inside one process: a template compiled
 * under one mutant would serve the next, and only the test that compiled it would count as
 * reaching the builder's code, so the tests that could kill a mutant there would not run. Its
 * config sets `DARS_PRECOMPILE_CACHE=off` and every call builds and compiles afresh.
 */
const KEEP_TEMPLATES = process.env.DARS_PRECOMPILE_CACHE !== 'off';

/**
 * The name of a precompiled query's SQL text, under which PostgreSQL keeps it parsed and planned
 * per connection (db/database.ts), or undefined for any other SQL (built per request, its text
 * varies without bound).
 * @example client.query({ name: preparedName(text), text, values })
 */
export function preparedName(sql: string): string | undefined {
  return preparedNames.get(sql);
}

/** Marks where a parameter's value goes; a NUL can't appear in our own SQL literals. */
const MARK = '\u0000dars-param\u0000';

function marker(name: string, index?: number): string {
  return index === undefined ? `${MARK}${name}` : `${MARK}${name}\u0000${index}`;
}

/**
 * The parameters a builder is called with while compiling: every value replaced by a marker
 * (an array by one marker per element), `undefined` and `null` kept so the builder can branch
 * on them.
 */
function markers<P extends Params>(params: P, inline: ReadonlySet<string>): P {
  const out: Params = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || inline.has(name)) out[name] = value;
    else if (Array.isArray(value)) out[name] = value.map((_, i) => marker(name, i));
    else out[name] = marker(name);
  }
  return out as P;
}

/**
 * What the SQL text depends on: which parameters are absent or null, array lengths, and the
 * values of the inlined ones.
 */
function shapeOf(params: Params, inline: ReadonlySet<string>): string {
  let shape = '';
  for (const [name, value] of Object.entries(params)) {
    let kind: string | number;
    if (inline.has(name)) {
      // Written into the SQL text itself: only an integer can be, safely.
      if (!Number.isSafeInteger(value)) throw new TypeError(`${name} must be an integer`);
      kind = `=${value as number}`;
    } else {
      kind =
        value === undefined
          ? 'u'
          : value === null
            ? 'n'
            : Array.isArray(value)
              ? value.length
              : 'v';
    }
    shape += `${name}:${kind};`;
  }
  return shape;
}

/** Where each compiled value comes from, read once from the markers the builder was given. */
function slotsOf(parameters: readonly unknown[]): Slot[] {
  return parameters.map((p) => {
    if (typeof p !== 'string' || !p.startsWith(MARK)) return { constant: p };
    const [name, index] = p.slice(MARK.length).split('\u0000') as [string, string | undefined];
    return { name, index: index === undefined ? undefined : Number(index) };
  });
}

function bind(template: Template, params: Params): unknown[] {
  const values = new Array<unknown>(template.slots.length);
  for (let i = 0; i < values.length; i += 1) {
    const slot = template.slots[i]!;
    if ('constant' in slot) values[i] = slot.constant;
    else {
      const value = params[slot.name];
      values[i] = slot.index === undefined ? value : (value as unknown[])[slot.index];
    }
  }
  return values;
}

export type Precompiled<P extends Params, O> = {
  /** Runs the query with these parameters and returns its rows. */
  execute(db: Kysely<DB>, params: P): Promise<O[]>;
  /** Runs the query and returns its first row, if any. */
  executeTakeFirst(db: Kysely<DB>, params: P): Promise<O | undefined>;
};

export type PrecompileOptions<P> = {
  /**
   * Integer parameters written into the SQL text (with `sql.lit`) instead of bound: each value
   * is a shape of its own, so only for the few a query takes, like a page size. A LIMIT SQLite
   * knows when it prepares costs a third less than a bound one on a course page (18 correlated
   * subqueries), and PostgreSQL's generic plan can count on it.
   */
  inline?: (keyof P & string)[];
};

/**
 * A hot query built and compiled by Kysely once per database and parameter shape, then run by
 * binding new values: building and compiling the query tree cost more CPU than SQLite spent
 * answering it. The builder may branch only on what the shape captures (a parameter absent,
 * null, an array's length, an inlined value), never on another value: it sees markers instead.
 * @example
 * const byId = precompile((db, p: { id: number }) =>
 *   db.selectFrom('courses').select(['id', 'name']).where('id', '=', p.id));
 * const course = await byId.executeTakeFirst(db, { id: 7 });
 * const latest = precompile(
 *   (db, p: { limit: number }) => db.selectFrom('courses').select('id').limit(sql.lit(p.limit)),
 *   { inline: ['limit'] },
 * );
 */
export function precompile<P extends Params, O>(
  build: (db: Kysely<DB>, params: P) => Compilable<O>,
  options: PrecompileOptions<P> = {},
): Precompiled<P, O> {
  const inline: ReadonlySet<string> = new Set(options.inline ?? []);
  // Keyed by the database's adapter, which its transactions share: a query run inside
  // `db.transaction()` (a new Kysely object each time) reuses the templates of `db`.
  const byDb = new WeakMap<object, Map<string, Template>>();
  const templateFor = (db: Kysely<DB>, params: P): Template => {
    const adapter = db.getExecutor().adapter;
    let templates = byDb.get(adapter);
    if (!templates) byDb.set(adapter, (templates = new Map()));
    const shape = shapeOf(params, inline);
    let template = KEEP_TEMPLATES ? templates.get(shape) : undefined;
    if (!template) {
      const { sql, parameters } = build(db, markers(params, inline)).compile();
      template = { sql, slots: slotsOf(parameters) };
      if (templates.size < MAX_SHAPES) templates.set(shape, template);
      if (!preparedNames.has(sql) && preparedNames.size < MAX_PREPARED) {
        preparedNames.set(sql, `dars_${preparedNames.size + 1}`);
      }
    }
    return template;
  };
  const execute = async (db: Kysely<DB>, params: P): Promise<O[]> => {
    const template = templateFor(db, params);
    const { rows } = await db.executeQuery<O>(
      CompiledQuery.raw(template.sql, bind(template, params)),
    );
    return rows;
  };
  return {
    execute,
    executeTakeFirst: async (db, params) => (await execute(db, params))[0],
  };
}
