import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VIDEO_URL_KEY_BASE64 } from '@dars/contract';
import { decryptVideoUrl, encryptVideoUrl } from './video-url';

describe('video url encryption', () => {
  it('round-trips, with a fresh iv each time', () => {
    const url = 'https://dars.example/player/3?vt=abc.def';
    const a = encryptVideoUrl(url);
    expect(decryptVideoUrl(a)).toBe(url);
    expect(encryptVideoUrl(url)).not.toBe(a);
  });

  it('decrypts with WebCrypto as the browser client does (iv ‖ ciphertext ‖ tag)', async () => {
    const url = 'https://dars.example/player/9?vt=x.y';
    const raw = Buffer.from(encryptVideoUrl(url), 'base64url');
    const key = await webcrypto.subtle.importKey(
      'raw',
      Buffer.from(VIDEO_URL_KEY_BASE64, 'base64'),
      'AES-GCM',
      false,
      ['decrypt'],
    );
    const plain = await webcrypto.subtle.decrypt(
      { name: 'AES-GCM', iv: raw.subarray(0, 12) },
      key,
      raw.subarray(12),
    );
    expect(Buffer.from(plain).toString('utf8')).toBe(url);
  });

  it('refuses a tampered value', () => {
    const raw = Buffer.from(encryptVideoUrl('https://dars.example/player/1'), 'base64url');
    raw[14] = raw[14]! ^ 1;
    expect(() => decryptVideoUrl(raw.toString('base64url'))).toThrow();
  });
});
