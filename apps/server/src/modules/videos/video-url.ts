import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { VIDEO_URL_KEY_BASE64 } from '@dars/contract';

const KEY = Buffer.from(VIDEO_URL_KEY_BASE64, 'base64');

/**
 * Encrypts a url for `u` / `lc`: base64url of iv (12 bytes) ‖ ciphertext ‖ tag (16 bytes).
 * @example decryptVideoUrl(encryptVideoUrl('/player/3?vt=…')) // '/player/3?vt=…'
 */
export function encryptVideoUrl(url: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', KEY, iv);
  const body = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The inverse, as the clients do it (used by tests). */
export function decryptVideoUrl(value: string): string {
  const raw = Buffer.from(value, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', KEY, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([
    decipher.update(raw.subarray(12, raw.length - 16)),
    decipher.final(),
  ]).toString('utf8');
}
