import { randomBytes } from 'node:crypto';
import type { Storage } from '../../storage';

/**
 * Stores an avatar under a generated name in public storage and returns its key.
 * @example await saveAvatar(ctx.storage, 7, bytes, 'png') // 'avatars/7-3fa9c2e1b0.png'
 */
export async function saveAvatar(
  storage: Storage,
  userId: number,
  bytes: Buffer,
  extension: string,
): Promise<string> {
  const key = `avatars/${userId}-${randomBytes(5).toString('hex')}.${extension}`;
  await storage.write('public', key, bytes);
  return key;
}

/** Removes an avatar we stored earlier; seeded or external pictures are left alone. */
export async function removeAvatar(storage: Storage, key: string | null): Promise<void> {
  if (!key?.startsWith('avatars/')) return;
  await storage.remove('public', key);
}
