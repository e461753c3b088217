import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toJsonSchema } from './openapi';

describe('toJsonSchema of a pipe, as a request sends it', () => {
  it('keeps the stricter of each bound of its two sides', () => {
    expect(toJsonSchema(z.string().min(1).pipe(z.string().min(8).max(128)), 'input')).toEqual({
      type: 'string',
      minLength: 8,
      maxLength: 128,
    });
    expect(
      toJsonSchema(z.string().min(10).max(20).pipe(z.string().min(2).max(30)), 'input'),
    ).toEqual({ type: 'string', minLength: 10, maxLength: 20 });
    expect(toJsonSchema(z.number().max(3).pipe(z.number().min(0.5).max(7)), 'input')).toEqual({
      type: 'number',
      minimum: 0.5,
      maximum: 3,
    });
    expect(toJsonSchema(z.number().positive().pipe(z.number().positive()), 'input')).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
    });
  });

  it('adds the output side’s format, not its pattern, and nothing across types', () => {
    expect(toJsonSchema(z.string().trim().pipe(z.email()), 'input')).toMatchObject({
      type: 'string',
      format: 'email',
    });
    expect(toJsonSchema(z.string().trim().pipe(z.email()), 'input')).not.toHaveProperty('pattern');
    expect(toJsonSchema(z.string().pipe(z.coerce.number<string>().min(5)), 'input')).toEqual({
      type: 'string',
    });
    expect(toJsonSchema(z.string().pipe(z.string().regex(/^\d+$/)), 'input')).toEqual({
      type: 'string',
    });
  });

  it('leaves an answer’s schema as zod writes it', () => {
    expect(toJsonSchema(z.string().min(1).pipe(z.string().min(8)), 'output')).toEqual({
      type: 'string',
      minLength: 8,
    });
  });
});
