import { z } from '../zod';
import { userSchema } from '../entities/user';
import {
  VALIDATION_MESSAGES,
  egyptianMobileSchema,
  emailSchema,
  newPasswordSchema,
  requiredText,
  verificationCodeSchema,
} from '../fields';
import { toLatinDigits } from '../normalize-input';
import { idField, safeString } from '../primitives';
import { messageResponseSchema } from './message';

/** POST /auth/user (no body) → `{ user }`: who the stored token belongs to. */
export const getAuthUserResponseSchema = z.object({ user: userSchema });
export type GetAuthUserResponse = z.infer<typeof getAuthUserResponseSchema>;

const registerFieldsSchema = z.object({
  name: requiredText(VALIDATION_MESSAGES.name, 100),
  email: emailSchema,
  phone: egyptianMobileSchema,
  password: newPasswordSchema,
  password_confirmation: safeString(VALIDATION_MESSAGES.passwordConfirmation),
  grade_id: idField(VALIDATION_MESSAGES.grade),
});

/**
 * POST /register. The confirmation is checked as soon as both password fields are valid,
 * even if another field is wrong, so the form shows every problem at once.
 */
export const registerBodySchema = registerFieldsSchema.refine(
  (body) => body.password === body.password_confirmation,
  {
    error: VALIDATION_MESSAGES.passwordConfirmation,
    path: ['password_confirmation'],
    when: (payload) =>
      registerFieldsSchema
        .pick({ password: true, password_confirmation: true })
        .safeParse(payload.value).success,
  },
);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/**
 * 'SENT': a code was mailed, go to /confirm. 'NOT_REQUIRED': e-mail verification is off.
 * 'FAILED': mailing failed; the user can ask again from /confirm.
 */
export const VERIFICATION_STATUSES = ['SENT', 'NOT_REQUIRED', 'FAILED'] as const;
export const verificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** → `{ token, user, verification, message }`; without a token the client goes to login. */
export const registerResponseSchema = z.object({
  token: z.string().nullable(),
  user: userSchema.nullable(),
  verification: verificationStatusSchema,
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST /login. `login` is the e-mail or the phone in one field (ADR 000: Login). */
export const loginBodySchema = z.object({
  login: requiredText(VALIDATION_MESSAGES.fieldsRequired, 254).transform(toLatinDigits),
  password: safeString(VALIDATION_MESSAGES.fieldsRequired)
    .min(1, { error: VALIDATION_MESSAGES.fieldsRequired })
    .max(128, { error: VALIDATION_MESSAGES.tooLong }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** → `{ token, user }` */
export const loginResponseSchema = z.object({ token: z.string(), user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /logout (no body) → `{ message }` (not shown in the spec); revokes the token used. */
export const logoutResponseSchema = messageResponseSchema;
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/**
 * POST /logout/all (no body) → `{ message }`: our own call, not in the spec. Ends every
 * session of the student, this one included, and unbinds their push devices.
 */
export const logoutAllResponseSchema = messageResponseSchema;
export type LogoutAllResponse = z.infer<typeof logoutAllResponseSchema>;

/** POST /password/reset: step 1 of 3, mails a 6-digit code. */
export const requestPasswordResetBodySchema = z.object({ email: emailSchema });
export type RequestPasswordResetBody = z.infer<typeof requestPasswordResetBodySchema>;

/**
 * → `{ message }` (not shown in the spec). The same answer whether or not the address has
 * an account, so the form cannot be used to find out who is registered.
 */
export const requestPasswordResetResponseSchema = messageResponseSchema;
export type RequestPasswordResetResponse = z.infer<typeof requestPasswordResetResponseSchema>;

/** POST /password/reset/validate: step 2 of 3. */
export const validatePasswordResetBodySchema = z.object({
  email: emailSchema,
  code: verificationCodeSchema,
});
export type ValidatePasswordResetBody = z.infer<typeof validatePasswordResetBodySchema>;

/**
 * → `{ url }` (not shown in the spec): the absolute path of step 3, carrying a one-time
 * token, e.g. `/api/v1/password/reset/confirm/5f0c…` (ADR 000: Password reset).
 */
export const validatePasswordResetResponseSchema = z.object({ url: z.string().startsWith('/') });
export type ValidatePasswordResetResponse = z.infer<typeof validatePasswordResetResponseSchema>;

/** POST {url from step 2}: step 3 of 3, the new password. */
export const resetPasswordBodySchema = z.object({ password: newPasswordSchema });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

export const resetPasswordParamsSchema = z.object({ token: safeString().min(1).max(200) });

/**
 * → `{ message }` (not shown in the spec); the student then logs in with the new password,
 * and every older token is revoked.
 */
export const resetPasswordResponseSchema = messageResponseSchema;
export type ResetPasswordResponse = z.infer<typeof resetPasswordResponseSchema>;

/** POST /verify: confirms the e-mail with the mailed code. */
export const verifyEmailBodySchema = z.object({ code: verificationCodeSchema });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/** → `{ user }`, now with email_verified_at set. */
export const verifyEmailResponseSchema = z.object({ user: userSchema });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** POST /verify/send (no body) → `{ message }` (not shown in the spec): mails a new code. */
export const sendVerificationResponseSchema = messageResponseSchema;
export type SendVerificationResponse = z.infer<typeof sendVerificationResponseSchema>;

/**
 * POST /password: sets the first password of an account created by staff, without a current
 * one. The server allows it only while profile_not_completed is set; a normal change goes
 * through POST /profile/password.
 */
export const setPasswordBodySchema = z.object({ password: newPasswordSchema });
export type SetPasswordBody = z.infer<typeof setPasswordBodySchema>;

/** → `{ user, token }`: a fresh token, since every older one is revoked. */
export const setPasswordResponseSchema = z.object({ user: userSchema, token: z.string() });
export type SetPasswordResponse = z.infer<typeof setPasswordResponseSchema>;
