import type { FastifyPluginAsync } from 'fastify';
import { API_BASE, endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { bearerToken } from '../../plugins/auth';
import { serve } from '../../plugins/endpoint';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import { HOUR, enforce } from '../../lib/rate-limit';
import { nowIso } from '../../lib/time';
import { getSettings } from '../settings/settings-service';
import { notify } from '../notifications/notification-service';
import { findUserRow, userView } from '../users/user-view';
import {
  CODE_SENDS_PER_ACCOUNT,
  CODE_SENDS_PER_ADDRESS,
  checkLogin,
  createAccount,
  findByLogin,
  limitCodeSends,
  normaliseLogin,
  sendPasswordResetCode,
  sendVerificationCode,
} from './auth-service';
import { consumeCode, consumeResetLink, issueResetLink } from './one-time-codes';
import { issueToken, revokeAllTokens, revokeToken } from './session-tokens';

const RESET_MAILED = 'إذا كان البريد الإلكتروني مسجلاً لدينا فستصلك رسالة برمز الاستعادة خلال دقائق';
const WRONG_CODE = 'الرمز غير صحيح أو انتهت صلاحيته';

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { db, mailer } = ctx;

    serve(app, endpoints.register, async (request) => {
      await enforce(db, `register:address:${request.ip}`, { limit: 20, windowMs: HOUR });
      const row = await createAccount(db, request.body);
      const settings = await getSettings(db);
      const verification = settings.email_verification
        ? await sendVerificationCode(db, mailer, row)
        : 'NOT_REQUIRED';
      const token = await issueToken(db, row.id, request.client.platform);
      return {
        token,
        user: await userView(db, row),
        verification,
        message:
          verification === 'SENT'
            ? 'تم إنشاء حسابك، أرسلنا رمز التأكيد إلى بريدك الإلكتروني'
            : 'تم إنشاء حسابك بنجاح',
      };
    });

    serve(app, endpoints.login, async (request) => {
      const row = await checkLogin(db, request.body.login, request.body.password, request.ip);
      return {
        token: await issueToken(db, row.id, request.client.platform),
        user: await userView(db, row),
      };
    });

    serve(app, endpoints.logout, async (request) => {
      await request.requireUser();
      await revokeToken(db, bearerToken(request)!);
      return { message: 'تم تسجيل الخروج' };
    });

    serve(app, endpoints.logoutAll, async (request) => {
      await revokeAllTokens(db, (await request.requireUser()).id);
      return { message: 'تم تسجيل الخروج من جميع الأجهزة' };
    });

    serve(app, endpoints.getAuthUser, async (request) => ({
      user: await userView(db, await request.requireUser()),
    }));

    serve(app, endpoints.requestPasswordReset, async (request) => {
      // The same limits and the same work for every address, registered or not; the lookup
      // and the mail happen after the answer, so neither the status nor the time tells.
      const email = normaliseLogin(request.body.email);
      await enforce(db, `reset:address:${request.ip}`, { limit: 30, windowMs: HOUR });
      await enforce(db, `codes:address:${request.ip}`, CODE_SENDS_PER_ADDRESS);
      await enforce(db, `codes:email:${email}`, CODE_SENDS_PER_ACCOUNT);
      ctx.background.run('password reset mail', async () => {
        const row = await findByLogin(db, email);
        if (row) await sendPasswordResetCode(db, mailer, row);
      });
      return { message: RESET_MAILED };
    });

    serve(app, endpoints.validatePasswordReset, async (request) => {
      await enforce(db, `reset-validate:address:${request.ip}`, { limit: 60, windowMs: HOUR });
      const row = await findByLogin(db, request.body.email);
      if (!row || !(await consumeCode(db, row.id, 'password_reset', request.body.code))) {
        throw new AppError('INVALID_CODE', WRONG_CODE, { code: [WRONG_CODE] });
      }
      return { url: `${API_BASE}/password/reset/confirm/${await issueResetLink(db, row.id)}` };
    });

    serve(app, endpoints.resetPassword, async (request) => {
      const userId = await consumeResetLink(db, request.params.token);
      if (userId === null)
        throw new AppError('INVALID_CODE', 'انتهت صلاحية رابط الاستعادة، اطلب رمزاً جديداً');
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(request.body.password), updated_at: nowIso() })
        .where('id', '=', userId)
        .execute();
      await revokeAllTokens(db, userId);
      return { message: 'تم تغيير كلمة المرور بنجاح، سجّل الدخول بكلمة المرور الجديدة' };
    });

    serve(app, endpoints.sendVerification, async (request) => {
      const row = await request.requireUser();
      if (row.email_verified_at) return { message: 'بريدك الإلكتروني مؤكد بالفعل' };
      await limitCodeSends(db, row.id, request.ip);
      const status = await sendVerificationCode(db, mailer, row);
      if (status !== 'SENT') throw new AppError('SERVER_ERROR', 'تعذر إرسال الرمز، حاول مرة أخرى');
      return { message: 'أرسلنا رمزاً جديداً إلى بريدك الإلكتروني' };
    });

    serve(app, endpoints.verifyEmail, async (request) => {
      const row = await request.requireUser();
      if (!row.email_verified_at) {
        await enforce(db, `verify:account:${row.id}`, { limit: 30, windowMs: HOUR });
        if (!(await consumeCode(db, row.id, 'verify_email', request.body.code))) {
          throw new AppError('INVALID_CODE', WRONG_CODE, { code: [WRONG_CODE] });
        }
        await db
          .updateTable('users')
          .set({ email_verified_at: nowIso(), updated_at: nowIso() })
          .where('id', '=', row.id)
          .execute();
        await notify(
          db,
          row.id,
          {
            type: 'default',
            title: 'تم تأكيد بريدك الإلكتروني',
            content: 'أصبح حسابك مفعّلاً بالكامل. بالتوفيق في دراستك!',
            to: '/home',
          },
          'verified',
        );
      }
      return { user: await userView(db, await findUserRow(db, row.id)) };
    });

    serve(app, endpoints.setPassword, async (request) => {
      const row = await request.requireUser();
      if (row.grade_id !== null)
        throw new AppError('FORBIDDEN', 'غيّر كلمة المرور من صفحة الملف الشخصي');
      await db
        .updateTable('users')
        .set({ password_hash: await hashPassword(request.body.password), updated_at: nowIso() })
        .where('id', '=', row.id)
        .execute();
      await revokeAllTokens(db, row.id);
      const token = await issueToken(db, row.id, request.client.platform);
      return { user: await userView(db, await findUserRow(db, row.id)), token };
    });
  };
