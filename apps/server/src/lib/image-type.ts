import { fileTypeFromBuffer } from 'file-type';

/**
 * Raster image types we accept for uploads (avatars, receipts, answer images), judged by the
 * bytes, never by the file name or the declared type. SVG is left out on purpose: it can carry script.
 */
const ACCEPTED = new Map([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/gif', 'gif'],
  ['image/webp', 'webp'],
  ['image/avif', 'avif'],
  ['image/bmp', 'bmp'],
  ['image/heic', 'heic'],
  ['image/heif', 'heif'],
]);

/** The media type of an accepted image's extension, as sniffImage named it. */
export function imageTypeOf(extension: string): string | undefined {
  for (const [mime, ext] of ACCEPTED) if (ext === extension) return mime;
  return undefined;
}

/** The extension for an accepted image, or null when the bytes are not one. */
export async function sniffImage(bytes: Buffer): Promise<string | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type ? (ACCEPTED.get(type.mime) ?? null) : null;
}
