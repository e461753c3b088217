/**
 * The url a client uses for a public stored file (course images, avatars, banners).
 * Absolute urls (files kept elsewhere) pass through unchanged.
 * @example publicFileUrl('seed/courses/3.svg') // '/storage/seed/courses/3.svg'
 */
export function publicFileUrl(path: string | null): string | null {
  if (!path) return null;
  if (/^https?:\/\//.test(path)) return path;
  return `/storage/${path.replace(/^\/+/, '')}`;
}

/**
 * The address the client reached this server at (behind the proxy it trusts), for links the
 * server sends out: an invitation, a set-password link.
 * @example requestOrigin(request) // 'https://school.example'
 */
export function requestOrigin(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}
