import {
  VALIDATION_MESSAGES,
  endpoints,
  type ChangePasswordBody,
  type UpdateProfileBody,
  type User,
} from '@dars/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context';
import type { UserRow } from '../../plugins/auth';
import { AppError, fieldError } from '../../lib/app-error';
import { readUploadedFile } from '../../lib/multipart';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { revokeAllTokens } from '../auth/session-tokens';
import { findUserRow, userView } from '../users/user-view';
import { sniffImage } from '../../lib/image-type';
import { removeAvatar, saveAvatar } from './avatar-storage';

/** PUT /profile: the name and the grade (which must exist); answers the student as now. */
export async function updateProfile(
  ctx: AppContext,
  row: UserRow,
  { name, grade_id }: UpdateProfileBody,
): Promise<User> {
  if (grade_id !== undefined) {
    const grade = await ctx.db
      .selectFrom('grades')
      .select('id')
      .where('id', '=', grade_id)
      .executeTakeFirst();
    if (!grade) throw fieldError('grade_id', VALIDATION_MESSAGES.grade);
  }
  await ctx.db
    .updateTable('users')
    .set({
      ...(name !== undefined ? { name } : {}),
      ...(grade_id !== undefined ? { grade_id } : {}),
      updated_at: nowIso(),
    })
    .where('id', '=', row.id)
    .execute();
  return userView(ctx.db, await findUserRow(ctx.db, row.id));
}

/**
 * POST /profile/avatar: an image checked by its bytes (not its name), stored publicly; the
 * old one is removed. Rate-limited per account.
 */
export async function changeAvatar(
  ctx: AppContext,
  row: UserRow,
  request: FastifyRequest,
): Promise<User> {
  await enforce(ctx.db, `avatar:account:${row.id}`, { limit: 30, windowMs: HOUR });
  const bytes = await readUploadedFile(request, endpoints.updateAvatar.upload);
  const extension = await sniffImage(bytes);
  if (!extension) throw fieldError('avatar', VALIDATION_MESSAGES.image);
  const relative = await saveAvatar(ctx.storage, row.id, bytes, extension);
  await ctx.db
    .updateTable('users')
    .set({ avatar_path: relative, updated_at: nowIso() })
    .where('id', '=', row.id)
    .execute();
  await removeAvatar(ctx.storage, row.avatar_path);
  return userView(ctx.db, await findUserRow(ctx.db, row.id));
}

/**
 * POST /profile/password: needs the current password; every other device is signed out,
 * the one in use (`keepToken`) stays signed in.
 */
export async function changePassword(
  ctx: AppContext,
  row: UserRow,
  body: ChangePasswordBody,
  keepToken: string | null,
): Promise<void> {
  await enforce(ctx.db, `password-change:account:${row.id}`, { limit: 20, windowMs: HOUR });
  if (!(await verifyPassword(row.password_hash, body.current_password))) {
    throw new AppError('WRONG_OLD_PASSWORD', undefined, {
      current_password: ['كلمة المرور الحالية غير صحيحة'],
    });
  }
  await ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(body.password), updated_at: nowIso() })
    .where('id', '=', row.id)
    .execute();
  await revokeAllTokens(ctx.db, row.id, keepToken);
}
