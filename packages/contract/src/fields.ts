import { z } from './zod';
import { normalizeCode, toLatinDigits } from './normalize-input';
import {
  ATTACHMENT_MAX_BYTES,
  PASSWORD_MIN_LENGTH,
  UPLOAD_MAX_BYTES,
  VERIFICATION_CODE_LENGTH,
} from './constants';
import { safeString } from './primitives';
import { VALIDATION_MESSAGES } from './validation-messages';

export { VALIDATION_MESSAGES };

/**
 * A required free-text field: trimmed, non-blank, bounded.
 * @example requiredText(VALIDATION_MESSAGES.anyFieldRequired, 200).parse('  سؤال ') // 'سؤال'
 */
export function requiredText(message: string, max: number) {
  return safeString(message)
    .trim()
    .min(1, { error: message })
    .max(max, { error: VALIDATION_MESSAGES.tooLong });
}

/** An e-mail address, trimmed and lower-cased so one mailbox is one account. */
export const emailSchema = safeString(VALIDATION_MESSAGES.email)
  .trim()
  .toLowerCase()
  .pipe(
    z.email({ error: VALIDATION_MESSAGES.email }).max(254, { error: VALIDATION_MESSAGES.email }),
  );

/**
 * An Egyptian mobile number: 11 digits, 010/011/012/015. Arabic-Indic digits, spaces and
 * dashes are accepted as typed and normalised.
 * @example egyptianMobileSchema.parse('٠١٠ ١٢٣٤ ٥٦٧٨') // '01012345678'
 */
export const egyptianMobileSchema = safeString(VALIDATION_MESSAGES.phone)
  .transform((v) => toLatinDigits(v).replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^01[0125]\d{8}$/, { error: VALIDATION_MESSAGES.phone }));

/** A new password: at least PASSWORD_MIN_LENGTH characters; never trimmed (spaces count). */
export const newPasswordSchema = safeString(VALIDATION_MESSAGES.passwordMin)
  .min(PASSWORD_MIN_LENGTH, { error: VALIDATION_MESSAGES.passwordMin })
  .max(128, { error: VALIDATION_MESSAGES.tooLong });

/**
 * A 6-digit code sent by e-mail (verification, password reset).
 * @example verificationCodeSchema.parse(' ١٢٣ ٤٥٦') // '123456'
 */
export const verificationCodeSchema = safeString(VALIDATION_MESSAGES.verificationCode)
  .transform(normalizeCode)
  .pipe(
    z.string().regex(new RegExp(`^\\d{${VERIFICATION_CODE_LENGTH}}$`), {
      error: VALIDATION_MESSAGES.verificationCode,
    }),
  );

/** Generous: real codes are shorter; the bound only stops abuse. */
export const PAY_CARD_CODE_MAX_LENGTH = 64;

/**
 * A pay card or recharge card code: whitespace stripped, then non-empty (spec §5).
 * @example payCardCodeSchema.parse('1234 5678') // '12345678'
 */
export const payCardCodeSchema = safeString(VALIDATION_MESSAGES.payCardCode)
  .transform(normalizeCode)
  .pipe(
    z
      .string()
      .min(1, { error: VALIDATION_MESSAGES.payCardCode })
      .max(PAY_CARD_CODE_MAX_LENGTH, { error: VALIDATION_MESSAGES.payCardCode }),
  );

/**
 * An uploaded image of any image type (spec §5), bounded in size. The server still checks
 * the bytes themselves; the declared type only gives the form an early answer.
 */
export const imageFileSchema = z
  .file({ error: VALIDATION_MESSAGES.image })
  .max(UPLOAD_MAX_BYTES, { error: VALIDATION_MESSAGES.fileTooLarge })
  .refine((file) => file.type.startsWith('image/'), { error: VALIDATION_MESSAGES.image })
  .meta({ contentMediaType: 'image/*' });

/**
 * A lecture's attachment, bounded in size. The server judges its type by its bytes (a PDF or
 * an Office file) and answers which types it takes.
 */
export const attachmentFileSchema = z
  .file({ error: VALIDATION_MESSAGES.fieldRequired })
  .max(ATTACHMENT_MAX_BYTES, { error: VALIDATION_MESSAGES.fileTooLarge });
