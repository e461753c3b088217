import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from './signed-token';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');

describe('signed tokens', () => {
  it('round-trips a payload until it expires', () => {
    const token = signToken(secret, { u: 7, v: 3 }, 60_000, 1_000);
    expect(verifyToken(secret, token, 2_000)).toMatchObject({ u: 7, v: 3, exp: 61_000 });
    expect(verifyToken(secret, token, 61_000)).toBeNull();
  });

  it('refuses a token signed with another secret, or with a changed payload', () => {
    const token = signToken(secret, { u: 7, v: 3 }, 60_000);
    expect(verifyToken(Buffer.from('another-secret-another-secret-xx'), token)).toBeNull();
    const [, mac] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: 8, v: 3, exp: Date.now() + 60_000 })).toString('base64url')}.${mac}`;
    expect(verifyToken(secret, forged)).toBeNull();
    expect(verifyToken(secret, 'garbage')).toBeNull();
    expect(verifyToken(secret, `${token}.extra`)).toBeNull();
  });
});
