import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';

/**
 * Raster image types we accept for avatars, judged by the bytes, never by the file name or the
 * declared type. SVG is left out on purpose: it can carry script.
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

/** The extension for an accepted image, or null when the bytes are not one. */
export async function sniffImage(bytes: Buffer): Promise<string | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type ? (ACCEPTED.get(type.mime) ?? null) : null;
}

/**
 * Stores an avatar under a generated name in the public storage and returns its relative path.
 * @example await saveAvatar(publicRoot, 7, bytes, 'png') // 'avatars/7-3fa9c2e1b0.png'
 */
export function saveAvatar(
  publicRoot: string,
  userId: number,
  bytes: Buffer,
  extension: string,
): string {
  const relative = `avatars/${userId}-${randomBytes(5).toString('hex')}.${extension}`;
  const file = path.join(publicRoot, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  return relative;
}

/** Removes an avatar we stored earlier; seeded or external pictures are left alone. */
export function removeAvatar(publicRoot: string, relative: string | null): void {
  if (!relative?.startsWith('avatars/')) return;
  fs.rmSync(path.join(publicRoot, relative), { force: true });
}
