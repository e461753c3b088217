import { createCipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VIDEO_URL_KEY_BASE64 } from '@dars/contract';
import { decryptVideoUrl } from './decrypt-video-url';

/** Encrypts as the server does (apps/server video-url.ts). */
function encrypt(url: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(VIDEO_URL_KEY_BASE64, 'base64'), iv);
  const body = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

describe('decryptVideoUrl', () => {
  it('recovers the player url the server encrypted', async () => {
    const url = 'http://localhost:3000/player/7?vt=eyJ1IjoxfQ.c2ln';
    await expect(decryptVideoUrl(encrypt(url))).resolves.toBe(url);
  });

  it('refuses a tampered value', async () => {
    const value = encrypt('http://localhost:3000/player/7?vt=x');
    const tampered = `${value.slice(0, 20)}${value[20] === 'A' ? 'B' : 'A'}${value.slice(21)}`;
    await expect(decryptVideoUrl(tampered)).rejects.toThrow();
  });
});
