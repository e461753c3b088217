import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import './zod';

describe('zod on the server', () => {
  it('keeps compiling parsers (no document: not a browser)', () => {
    expect('document' in globalThis).toBe(false);
    expect(z.config().jitless).not.toBe(true);
  });
});
