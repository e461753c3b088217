import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { REQUIRED_MESSAGE } from './arabic-error-map';
import { endpoints } from './calls/endpoints';
import { VALIDATION_MESSAGES } from './validation-messages';

/** Three Latin letters in a row: an English word a student would read. */
const LATIN_WORD = /[A-Za-z]{3,}/;

const messagesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

describe('the Arabic error map', () => {
  it('replaces zod English defaults for types, options, sizes and formats', () => {
    const cases: [z.ZodType, unknown, string][] = [
      [z.object({ a: z.string() }), 'x', 'البيانات المُرسلة غير صحيحة'],
      [z.string(), undefined, REQUIRED_MESSAGE],
      [z.number(), 'x', 'أدخل رقماً'],
      [z.enum(['wallet', 'paycard']), 'bitcoin', 'اختر قيمة من الخيارات المتاحة'],
      [z.string().max(3), 'أطول', VALIDATION_MESSAGES.tooLong],
      [z.string().min(1), '', REQUIRED_MESSAGE],
      [z.array(z.number()).max(1), [1, 2], 'عدد العناصر أكبر من المسموح'],
      [z.number().max(10), 11, 'القيمة أكبر من المسموح'],
      [z.email(), 'x', VALIDATION_MESSAGES.email],
      [z.string().regex(/^\d+$/), 'x', 'صيغة القيمة غير صحيحة'],
      [z.union([z.number(), z.boolean()]), 'x', 'القيمة المُدخلة غير صحيحة'],
    ];
    for (const [schema, value, message] of cases) {
      expect(messagesOf(schema, value)).toEqual([message]);
    }
  });

  it('leaves a message the schema words itself', () => {
    expect(messagesOf(z.string({ error: 'أدخل الاسم' }), 5)).toEqual(['أدخل الاسم']);
  });

  it('leaves no English in any body, query or params schema of the endpoint list', () => {
    const junk: unknown[] = ['x', 5, null, [], {}, { a: 1 }, 'a\u0000b', 2 ** 31];
    for (const [name, def] of Object.entries(endpoints)) {
      for (const key of ['params', 'query', 'body'] as const) {
        const schema = (def as Partial<Record<typeof key, z.ZodType>>)[key];
        if (!schema) continue;
        const shape = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
        for (const value of junk) {
          const bodies = [value, Object.fromEntries(shape.map((f) => [f, value]))];
          for (const body of bodies) {
            for (const message of messagesOf(schema, body)) {
              expect(message, `${name}.${key} with ${JSON.stringify(body)}`).not.toMatch(
                LATIN_WORD,
              );
            }
          }
        }
      }
    }
  });
});
