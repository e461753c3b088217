import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

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
