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
