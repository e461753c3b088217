/**
 * A picked day as the start (or end) of that day in the browser's time, as an ISO moment for
 * the server's `from`/`to`. DateInput shows an ISO moment back as its local day.
 * @example dayStart('2026-11-26') // '2026-11-25T22:00:00.000Z' in Cairo
 */
export function dayStart(day: string): string | undefined {
  return day ? new Date(`${day}T00:00:00`).toISOString() : undefined;
}
export function dayEnd(day: string): string | undefined {
  return day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined;
}
