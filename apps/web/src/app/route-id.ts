/**
 * A route's `:id` as a positive integer, or null for anything else (the page is then the
 * not-found page rather than a request the server would refuse).
 * @example routeId('12') // 12
 * @example routeId('12abc') // null
 */
export function routeId(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null;
}
