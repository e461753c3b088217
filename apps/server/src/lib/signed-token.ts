import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A compact signed token: base64url(JSON payload with an expiry) + '.' + HMAC-SHA256. Used for
 * links that must work without a bearer header (video player, attachment downloads) and stay
 * bound to one student and one file for a short time.
 * @example const t = signToken(secret, { u: 7, v: 3 }, 4 * HOUR); verifyToken(secret, t) // { u: 7, v: 3, exp: … }
 */
export function signToken(
  secret: Buffer,
  payload: Record<string, string | number>,
  ttlMs: number,
  now = Date.now(),
): string {
  const body = Buffer.from(JSON.stringify({ ...payload, exp: now + ttlMs })).toString('base64url');
  const mac = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The payload of a valid, unexpired token, or null. */
export function verifyToken(
  secret: Buffer,
  token: string,
  now = Date.now(),
): (Record<string, unknown> & { exp: number }) | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    > & { exp: number };
    return typeof payload.exp === 'number' && payload.exp > now ? payload : null;
  } catch {
    return null;
  }
}
