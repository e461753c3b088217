import type { z } from 'zod';
import { VALIDATION_MESSAGES } from './validation-messages';

/** What a value should have been, in the student's words (zod's `expected`). */
const EXPECTED: Record<string, string> = {
  string: 'أدخل نصاً',
  number: 'أدخل رقماً',
  int: 'أدخل رقماً صحيحاً',
  boolean: 'اختر نعم أو لا',
  array: 'أرسل قائمة من القيم',
  object: 'البيانات المُرسلة غير صحيحة',
  file: 'اختر ملفاً',
};

/** Fallback for anything without a more precise text; also the answer to a custom check. */
export const INVALID_VALUE_MESSAGE = 'القيمة المُدخلة غير صحيحة';
export const REQUIRED_MESSAGE = 'هذا الحقل مطلوب';

function tooBig(origin: string): string {
  if (origin === 'string') return VALIDATION_MESSAGES.tooLong;
  if (origin === 'file') return VALIDATION_MESSAGES.fileTooLarge;
  if (origin === 'array' || origin === 'set') return 'عدد العناصر أكبر من المسموح';
  return 'القيمة أكبر من المسموح';
}

function tooSmall(origin: string, minimum: number | bigint): string {
  if (origin === 'string') return Number(minimum) <= 1 ? REQUIRED_MESSAGE : 'النص أقصر من المطلوب';
  if (origin === 'array' || origin === 'set') return 'عدد العناصر أقل من المطلوب';
  if (origin === 'file') return 'الملف فارغ';
  return 'القيمة أصغر من المسموح';
}

/**
 * The Arabic text of every zod issue that its schema does not word itself, so neither the
 * server's 422 nor a web form ever shows zod's English defaults ('Invalid input: expected
 * object, received string'). No text names a type or echoes the input: a student reads them.
 * @example arabicErrorMap({ code: 'invalid_type', expected: 'object', input: 'x' }) // 'البيانات المُرسلة غير صحيحة'
 */
export const arabicErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? REQUIRED_MESSAGE
        : (EXPECTED[issue.expected] ?? INVALID_VALUE_MESSAGE);
    case 'invalid_value':
      return 'اختر قيمة من الخيارات المتاحة';
    case 'too_big':
      return tooBig(issue.origin);
    case 'too_small':
      return tooSmall(issue.origin, issue.minimum);
    case 'invalid_format':
      return issue.format === 'email' ? VALIDATION_MESSAGES.email : 'صيغة القيمة غير صحيحة';
    case 'unrecognized_keys':
      return 'البيانات تحتوي على حقول غير معروفة';
    default:
      return INVALID_VALUE_MESSAGE;
  }
};
