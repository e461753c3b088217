import { describe, expect, it } from 'vitest';
import { ID_MAX, idField, idSchema, safeString } from './primitives';
import { VALIDATION_MESSAGES } from './validation-messages';
import { idParamsSchema } from './calls/courses';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('idSchema and idField', () => {
  it('accept 1 to 2^31-1, the range of an integer column', () => {
    expect(idSchema().parse(1)).toBe(1);
    expect(idSchema().parse(ID_MAX)).toBe(2_147_483_647);
    expect(idField().parse(String(ID_MAX))).toBe(ID_MAX);
    expect(idParamsSchema.parse({ id: '7' })).toEqual({ id: 7 });
  });

  it('refuse 2^31, larger, zero, negative, fractional and infinite ids with the given message', () => {
    for (const bad of [ID_MAX + 1, 99_999_999_999, 0, -1, 1.5, Infinity, NaN]) {
      expect(firstMessage(idSchema('رسالة').safeParse(bad))).toBe('رسالة');
      expect(firstMessage(idField('رسالة').safeParse(String(bad)))).toBe('رسالة');
    }
    expect(idParamsSchema.safeParse({ id: '2147483648' }).success).toBe(false);
  });

  it('speak of a choice when no message is given', () => {
    expect(firstMessage(idSchema().safeParse('1'))).toBe(VALIDATION_MESSAGES.choice);
  });
});

describe('safeString', () => {
  it('refuses U+0000 anywhere with the Arabic message', () => {
    for (const bad of ['\u0000', 'a\u0000', '\u0000b', 'أحمد\u0000محمود']) {
      expect(firstMessage(safeString().safeParse(bad))).toBe(
        VALIDATION_MESSAGES.forbiddenCharacter,
      );
    }
  });

  it('keeps every other text, Arabic and control characters included', () => {
    expect(safeString().parse('أحمد\tمحمود\n')).toBe('أحمد\tمحمود\n');
    expect(safeString().trim().min(1).parse('  سؤال ')).toBe('سؤال');
  });

  it('answers a value that is not text with the given message', () => {
    expect(firstMessage(safeString('أدخل الاسم').safeParse(5))).toBe('أدخل الاسم');
  });
});
