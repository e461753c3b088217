import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@dars/contract';
import type { AppContext } from '../../app-context';
import { bearerToken } from '../../plugins/auth';
import { signInFrom } from '../../plugins/client-headers';
import { serve } from '../../plugins/endpoint';
import { userView } from '../users/user-view';
import { checkLogin } from './auth-service';
import { acceptStudentInvitation, checkStudentInvitation } from './student-invitations';
import { resendVerification, verifyEmail } from './email-verification';
import { requestPasswordReset, resetPassword, validatePasswordReset } from './password-reset';
import { register, setFirstPassword } from './registration';
import { issueToken, revokeAllTokens, revokeToken } from './session-tokens';

const RESET_MAILED = 'إذا كان البريد الإلكتروني مسجلاً لدينا فستصلك رسالة برمز الاستعادة خلال دقائق';

export const authRoutes =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const { db } = ctx;
    serve(app, endpoints.register, async (request) =>
      register(ctx, request.body, signInFrom(request)),
    );

    serve(app, endpoints.login, async (request) => {
      const row = await checkLogin(db, request.body.login, request.body.password, request.ip);
      return {
        token: await issueToken(db, row.id, signInFrom(request)),
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
      await requestPasswordReset(ctx, request.body.email, request.ip);
      return { message: RESET_MAILED };
    });

    serve(app, endpoints.validatePasswordReset, async (request) => ({
      url: await validatePasswordReset(ctx, request.body, request.ip),
    }));

    serve(app, endpoints.resetPassword, async (request) => {
      await resetPassword(ctx, request.params.token, request.body.password);
      return { message: 'تم تغيير كلمة المرور بنجاح، سجّل الدخول بكلمة المرور الجديدة' };
    });

    serve(app, endpoints.sendVerification, async (request) => ({
      message: await resendVerification(ctx, await request.requireUser(), request.ip),
    }));

    serve(app, endpoints.verifyEmail, async (request) => ({
      user: await verifyEmail(ctx, await request.requireUser(), request.body.code),
    }));

    // A student the school added sets a password from its link (ADR 052).
    serve(app, endpoints.checkStudentInvitation, async (request) => ({
      data: await checkStudentInvitation(ctx, request.body.token, request.ip),
    }));
    serve(app, endpoints.acceptStudentInvitation, async (request) =>
      acceptStudentInvitation(ctx, request.body.token, request.body.password, signInFrom(request)),
    );

    serve(app, endpoints.setPassword, async (request) =>
      setFirstPassword(
        ctx,
        await request.requireUser(),
        request.body.password,
        signInFrom(request),
      ),
    );
  };
