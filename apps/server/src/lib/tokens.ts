import { createHash, randomBytes } from 'node:crypto';

/**
 * A new bearer token: 32 random bytes, base64url. Only its hash is stored.
 * @example const token = newToken(); await saveTokenHash(hashToken(token))
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** sha256 in hex; tokens and pay-card codes are high-entropy, so a fast hash is enough. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export const hashToken = sha256;
