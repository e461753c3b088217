/** The current time as stored in the database (ISO-8601, UTC). */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

/** @example addDays('2026-01-01T00:00:00.000Z', 2) // '2026-01-03T00:00:00.000Z' */
export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString();
}
