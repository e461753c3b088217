import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loginBodySchema } from '@dars/contract';

describe("zod in the student's browser (ADR 007, 041)", () => {
  it('compiles no parser once the contract is loaded: the CSP has no unsafe-eval', () => {
    expect(typeof document).toBe('object');
    expect(loginBodySchema.safeParse({ login: 'a@b.c', password: 'secret12' }).success).toBe(true);
    expect(z.config().jitless).toBe(true);
  });

  it('still speaks Arabic where a schema has no message of its own', () => {
    const parsed = z.object({ n: z.number() }).safeParse({ n: 'x' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('أدخل رقماً');
  });
});
