import { z } from './zod';
import './arabic-error-map';
import { VALIDATION_MESSAGES } from './validation-messages';

/**
 * The largest id the API accepts: PostgreSQL's `integer`, which every id column is. A larger
 * number can name nothing, and PostgreSQL refuses to even compare it with an `integer` column.
 */
export const ID_MAX = 2_147_483_647;

/**
 * Every id the API reads, in a path, a query or a body: a positive integer ≤ ID_MAX.
 * @example idSchema(VALIDATION_MESSAGES.choice).safeParse(2 ** 31).success // false
 */
export function idSchema(message: string = VALIDATION_MESSAGES.choice) {
  return z
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(ID_MAX, { error: message });
}

/**
 * An id sent as text (a path, a form field, a select's value) or as a JSON number, coerced
 * then held to idSchema.
 * @example idField(VALIDATION_MESSAGES.grade).parse('3') // 3
 */
export function idField(message: string = VALIDATION_MESSAGES.choice) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(ID_MAX, { error: message });
}

/** Refuses U+0000 before anything else looks at the text. */
function hasNoNul(text: string): boolean {
  return !text.includes('\u0000');
}

/**
 * The base of every string the API accepts. It refuses U+0000 (NUL) with an Arabic message:
 * PostgreSQL cannot store or even compare it, SQLite would store it silently, and no keyboard
 * types it. `error` is the message for a value that is not a string at all.
 * @example safeString().safeParse('a\u0000b').error?.issues[0]?.message // 'النص يحتوي على رمز غير مسموح به'
 */
export function safeString(error?: string) {
  return z
    .string(error === undefined ? undefined : { error })
    .refine(hasNoNul, { error: VALIDATION_MESSAGES.forbiddenCharacter, abort: true });
}
