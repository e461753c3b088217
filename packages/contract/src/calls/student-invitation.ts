import { z } from '../zod';
import { newPasswordSchema, VALIDATION_MESSAGES } from '../fields';
import { safeString } from '../primitives';

/**
 * The student's side of a set-password link (issue 28, ADR 052): a student the school added or
 * imported opens `/welcome#<token>`, is greeted by name and chooses a password. Apart from the
 * staff calls that make the link (`staff-student-import.ts`), so that the student app's
 * endpoints do not bring the console's schemas into its bundle.
 */

/** A used, replaced or expired link, as the server says it (and the app, for a link without one). */
export const STUDENT_INVITATION_INVALID =
  'الرابط غير صالح أو انتهت صلاحيته؛ اطلب من المدرسة رابطًا جديدًا';

const invitationToken = safeString(STUDENT_INVITATION_INVALID)
  .min(16, { error: STUDENT_INVITATION_INVALID })
  .max(200, { error: STUDENT_INVITATION_INVALID });
/** The token of a student's set-password link (after `#` in the address). */
export const studentInvitationTokenBodySchema = z.object({ token: invitationToken });
const acceptFields = z.object({
  token: invitationToken,
  password: newPasswordSchema,
  password_confirmation: safeString(VALIDATION_MESSAGES.passwordConfirmation),
});
/** The new password, twice (as at sign-up). */
export const studentInvitationAcceptBodySchema = acceptFields.refine(
  (body) => body.password === body.password_confirmation,
  { error: VALIDATION_MESSAGES.passwordConfirmation, path: ['password_confirmation'] },
);
export const studentInvitationCheckResponseSchema = z.object({
  data: z.object({ name: z.string(), phone: z.string(), expires_at: z.string() }),
});
