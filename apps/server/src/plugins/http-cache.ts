import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether an If-None-Match header names this entity tag (weak comparison, RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch
    .split(',')
    .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === bare);
}

function addVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const list = current
    ? String(current)
        .split(',')
        .map((v) => v.trim())
    : [];
  if (!list.some((v) => v.toLowerCase() === header.toLowerCase() || v === '*')) {
    reply.header('vary', [...list, header].join(', '));
  }
}

/**
 * An onSend hook for public catalog reads whose answer differs for a signed-in student (the
 * `joined` flags) but not between guests. A guest's 200 carries a weak ETag of its body and
 * `Cache-Control: no-cache` (keep it, but ask again each time); asking again with that tag in
 * If-None-Match gets a bodiless 304. With an Authorization header the answer is the student's
 * own: no tag (and `no-store`, from the security headers). `Vary: Authorization` keeps a shared cache from handing
 * one to the other. The body is still built (the tag is its hash): this saves the transfer and
 * the client's parsing, not the server's queries.
 * @example r.get('/courses', { onSend: guestCatalogCache, schema }, handler)
 */
export async function guestCatalogCache(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  addVary(reply, 'Authorization');
  if (request.headers.authorization !== undefined) return payload;
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const etag = `W/"${createHash('sha1').update(payload).digest('base64url')}"`;
  reply.header('etag', etag);
  reply.header('cache-control', 'no-cache');
  if (!matches(request.headers['if-none-match'], etag)) return payload;
  reply.code(304);
  return '';
}
