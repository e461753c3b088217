import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bearerToken } from './auth';

// Which Authorization headers carry a token: exactly "Bearer", blanks, 20 to 200 URL-safe characters.

const read = (authorization?: string) =>
  bearerToken({ headers: authorization === undefined ? {} : { authorization } } as FastifyRequest);
const token = (length: number) => 'aZ09_-'.repeat(40).slice(0, length);

describe('bearerToken', () => {
  it('reads a token of 20 to 200 URL-safe characters after "Bearer" and blanks', () => {
    expect(read(`Bearer ${token(20)}`)).toBe(token(20));
    expect(read(`Bearer ${token(200)}`)).toBe(token(200));
    expect(read(`Bearer   ${token(43)}`)).toBe(token(43));
    expect(read(`Bearer\t${token(43)}`)).toBe(token(43));
  });

  it('refuses a missing, too short or too long token', () => {
    expect(read()).toBeNull();
    expect(read('')).toBeNull();
    expect(read('Bearer ')).toBeNull();
    expect(read(`Bearer ${token(19)}`)).toBeNull();
    expect(read(`Bearer ${token(201)}`)).toBeNull();
  });

  it('refuses another scheme, missing blanks, other characters or anything around the token', () => {
    expect(read(`bearer ${token(43)}`)).toBeNull();
    expect(read(`Basic ${token(43)}`)).toBeNull();
    expect(read(`Bearer${token(43)}`)).toBeNull();
    expect(read(`xBearer ${token(43)}`)).toBeNull();
    expect(read(` Bearer ${token(43)}`)).toBeNull();
    expect(read(`Bearer ${token(43)} `)).toBeNull();
    expect(read(`Bearer ${token(43)} extra`)).toBeNull();
    expect(read(`Bearer ${token(30)}!${token(10)}`)).toBeNull();
    expect(read(`Bearer ${token(30)}.${token(10)}`)).toBeNull();
  });
});
