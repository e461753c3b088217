import { VIDEO_URL_KEY_BASE64 } from '@dars/contract/plain';

const IV_BYTES = 12;
const TAG_BYTES = 16;

function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const normal = base64.replace(/-/g, '+').replace(/_/g, '/');
  const padded = normal.padEnd(Math.ceil(normal.length / 4) * 4, '=');
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let keyPromise: Promise<CryptoKey> | null = null;

function videoKey(): Promise<CryptoKey> {
  keyPromise ??= crypto.subtle.importKey(
    'raw',
    base64ToBytes(VIDEO_URL_KEY_BASE64),
    'AES-GCM',
    false,
    ['decrypt'],
  );
  return keyPromise;
}

/**
 * Decrypts `u` (or `lc`) of GET /video/apps: base64url of iv (12 bytes) ‖ ciphertext ‖ tag
 * (16 bytes), AES-256-GCM under the key of the contract (ADR 000: Video url encryption).
 * WebCrypto wants the tag after the ciphertext, which is how it arrives. Rejects on a tampered value.
 * @example const playerUrl = await decryptVideoUrl(video.u) // 'https://…/player/7?vt=…'
 */
export async function decryptVideoUrl(value: string): Promise<string> {
  const raw = base64ToBytes(value);
  if (raw.length <= IV_BYTES + TAG_BYTES) throw new Error('Encrypted video url is too short');
  const plain = await crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: raw.slice(0, IV_BYTES) },
    await videoKey(),
    raw.slice(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}
