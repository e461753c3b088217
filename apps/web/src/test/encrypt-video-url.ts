import { createCipheriv, randomBytes } from 'node:crypto';
import { VIDEO_URL_KEY_BASE64 } from '@dars/contract';

/** Encrypts a video url as the server does (apps/server video-url.ts), for GET /video/apps answers. */
export function encryptVideoUrl(url: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(VIDEO_URL_KEY_BASE64, 'base64'), iv);
  const body = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}
