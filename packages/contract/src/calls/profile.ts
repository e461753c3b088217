import { z } from '../zod';
import { userSchema } from '../entities/user';
import { VALIDATION_MESSAGES, imageFileSchema, newPasswordSchema, requiredText } from '../fields';
import { idField, safeString } from '../primitives';
import { messageResponseSchema } from './message';

const userResponseSchema = z.object({ user: userSchema });

/** GET /profile → `{ user }` */
export const getProfileResponseSchema = userResponseSchema;
export type GetProfileResponse = z.infer<typeof getProfileResponseSchema>;

/** POST /profile/avatar (multipart) */
export const updateAvatarBodySchema = z.object({ avatar: imageFileSchema });
export type UpdateAvatarBody = z.infer<typeof updateAvatarBodySchema>;

/** → `{ user }` with the new avatar url. */
export const updateAvatarResponseSchema = userResponseSchema;
export type UpdateAvatarResponse = z.infer<typeof updateAvatarResponseSchema>;

/** PUT /profile with the name, the grade, or both. */
export const updateProfileBodySchema = z
  .object({
    name: requiredText(VALIDATION_MESSAGES.name, 100).optional(),
    grade_id: idField(VALIDATION_MESSAGES.grade).optional(),
  })
  .refine((body) => body.name !== undefined || body.grade_id !== undefined, {
    error: VALIDATION_MESSAGES.fieldsRequired,
  });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** → `{ user }` */
export const updateProfileResponseSchema = userResponseSchema;
export type UpdateProfileResponse = z.infer<typeof updateProfileResponseSchema>;

/** POST /profile/password: both fields required (spec §5), the new one as strong as at sign-up. */
export const changePasswordBodySchema = z.object({
  current_password: safeString(VALIDATION_MESSAGES.fieldsRequired)
    .min(1, { error: VALIDATION_MESSAGES.fieldsRequired })
    .max(128, { error: VALIDATION_MESSAGES.tooLong }),
  password: safeString(VALIDATION_MESSAGES.fieldsRequired)
    .min(1, { error: VALIDATION_MESSAGES.fieldsRequired })
    .pipe(newPasswordSchema),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** → `{ message }` (not shown in the spec); the token in use stays valid, others are revoked. */
export const changePasswordResponseSchema = messageResponseSchema;
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
