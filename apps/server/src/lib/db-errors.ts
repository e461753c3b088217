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
