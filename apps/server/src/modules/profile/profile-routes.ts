import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { UPLOAD_MAX_BYTES, VALIDATION_MESSAGES, endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { bearerToken } from '../../plugins/auth';
import { serve } from '../../plugins/endpoint';
import { AppError, fieldError } from '../../lib/app-error';
import { readUploadedFile } from '../../lib/multipart';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { revokeAllTokens } from '../auth/session-tokens';
import { findUserRow, userView } from '../users/user-view';
import { removeAvatar, saveAvatar, sniffImage } from './avatar-storage';

export const profileRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;
    const publicRoot = path.join(ctx.config.dataDir, 'storage', 'public');

    serve(app, endpoints.getProfile, async (request) => ({
      user: await userView(db, await request.requireUser()),
    }));

    serve(app, endpoints.updateProfile, async (request) => {
      const row = await request.requireUser();
      const { name, grade_id } = request.body;
      if (grade_id !== undefined) {
        const grade = await db
          .selectFrom('grades')
          .select('id')
          .where('id', '=', grade_id)
          .executeTakeFirst();
        if (!grade) throw fieldError('grade_id', VALIDATION_MESSAGES.grade);
      }
      await db
        .updateTable('users')
        .set({
          ...(name !== undefined ? { name } : {}),
          ...(grade_id !== undefined ? { grade_id } : {}),
          updated_at: nowIso(),
        })
        .where('id', '=', row.id)
        .execute();
      return { user: await userView(db, await findUserRow(db, row.id)) };
    });

    serve(app, endpoints.updateAvatar, async (request) => {
      const row = await request.requireUser();
      await enforce(db, `avatar:account:${row.id}`, { limit: 30, windowMs: HOUR });
      const bytes = await readUploadedFile(request, 'avatar', UPLOAD_MAX_BYTES);
      const extension = await sniffImage(bytes);
      if (!extension) throw fieldError('avatar', VALIDATION_MESSAGES.image);
      const relative = saveAvatar(publicRoot, row.id, bytes, extension);
      await db
        .updateTable('users')
        .set({ avatar_path: relative, updated_at: nowIso() })
        .where('id', '=', row.id)
        .execute();
      removeAvatar(publicRoot, row.avatar_path);
      return { user: await userView(db, await findUserRow(db, row.id)) };
    });

    serve(app, endpoints.changePassword, async (request) => {
      const row = await request.requireUser();
      await enforce(db, `password-change:account:${row.id}`, { limit: 20, windowMs: HOUR });
      if (!(await verifyPassword(row.password_hash, request.body.current_password))) {
        throw new AppError('WRONG_OLD_PASSWORD', undefined, {
          current_password: ['كلمة المرور الحالية غير صحيحة'],
        });
      }
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(request.body.password), updated_at: nowIso() })
        .where('id', '=', row.id)
        .execute();
      await revokeAllTokens(db, row.id, bearerToken(request));
      return { message: 'تم تغيير كلمة المرور بنجاح' };
    });
  };
