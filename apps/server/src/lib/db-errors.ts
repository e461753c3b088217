/**
 * Whether a database error is a unique-constraint violation, on SQLite or PostgreSQL, so a race
 * between two inserts answers like the check that lost it.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * Whether the database refused a value it was given (PostgreSQL's class 22, "data exception":
 * an integer out of range, U+0000 in text, text that is not a number). The contract's schemas
 * refuse such input first (ADR 008); this only keeps a gap in them from being a 500.
 */
export function isRefusedValue(error: unknown): boolean {
  const e = error as { code?: unknown; severity?: unknown };
  return typeof e?.code === 'string' && typeof e.severity === 'string' && e.code.startsWith('22');
}
