import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RECHARGE_METHODS } from '../entities/settings';
import { PAYMENT_ORDER_ENDPOINTS, endpoints, type EndpointDef } from './endpoints';
import { fillPath } from './route';

const all = Object.entries(endpoints) as [string, EndpointDef][];

describe('endpoints', () => {
  it('covers every call of spec §7', () => {
    // Copied from the spec by hand; the gateway paths are our names for its {provider}/{variant}.
    const spec = [
      'GET /app',
      'GET /home',
      'GET /welcome',
      'POST /auth/user',
      'POST /register',
      'POST /login',
      'POST /logout',
      'POST /logout/all', // ours: sign out everywhere (ADR 007)
      'POST /invitation/check', // ours: a student the school added opens its link (ADR 052)
      'POST /invitation/accept', // ours: and sets a password with it (ADR 052)
      'POST /password/reset',
      'POST /password/reset/validate',
      'POST /password/reset/confirm/:token',
      'POST /verify',
      'POST /verify/send',
      'POST /password',
      'POST /notifications/create',
      'POST /notifications/read',
      'GET /courses',
      'GET /courses/:id',
      'GET /courses/:id/progress', // ours: what's left in a course (ADR 054)
      'POST /courses/:id/join',
      'POST /courses/:id/purchase',
      'POST /lectures/:id/purchase',
      'GET /lectures/:id/contents',
      'GET /video/apps/:id',
      'GET /teachers',
      'GET /teachers/:id',
      'GET /exams/details',
      'POST /exams/session',
      'GET /exams/session',
      'POST /exams/session/answers',
      'POST /exams/session/answers/image',
      'POST /exams/session/submit',
      'POST /exams/session/events', // ours: the exam page's integrity reports (ADR 044)
      'GET /exams/results',
      'GET /exams/homeworks/results',
      'GET /exams/answers/:id/image', // ours: an essay answer's image by signed link (ADR 016)
      'GET /wallet',
      'POST /wallet/transfer',
      'POST /wallet/transfer/lookup', // ours: who receives, before confirming (ADR 038)
      'POST /wallet/recharge/mobile-wallet',
      'POST /wallet/recharge/recharge-card',
      'POST /wallet/paymob/order/card',
      'POST /wallet/paymob/order/wallet',
      'POST /wallet/paymob/order/kiosk',
      'POST /wallet/paymob/order/installment',
      'POST /wallet/fawry/order',
      'POST /wallet/fawry/order/staging',
      'POST /wallet/kashier/order',
      'GET /profile',
      'POST /profile/avatar',
      'PUT /profile',
      'POST /profile/password',
      // ours: the student's devices and sessions (ADR 051)
      'GET /profile/devices',
      'POST /profile/devices/sign-out',
      'POST /profile/devices/sign-out-others',
      'POST /support-tickets',
      // ours: the conversation of a ticket, for the student and by a guest's link (ADR 039)
      'GET /support-tickets',
      'GET /support-tickets/:id',
      'POST /support-tickets/:id/messages',
      'POST /support-tickets/:id/read',
      'GET /support/follow/:token',
      'POST /support/follow/:token/messages',
      // ours: what the player page and a lecture's links open by themselves
      'POST /video/views',
      'POST /video/progress', // what the player saw play (ADR 054)
      'GET /video/stream/:id',
      'GET /video/hls/:id/master.m3u8', // the HLS ladder (ADR 055)
      'GET /video/hls/:id/:variant/index.m3u8',
      'GET /video/hls/:id/:variant/:segment',
      'GET /video/hls/:id/key',
      'GET /video/hls/:id/images/:image',
      'GET /attachments/:id/download',
    ];
    // The staff console's calls are ours alone (staff-endpoints.ts, ADR 022).
    const student = all.filter(([, def]) => !def.path.startsWith('/staff/'));
    expect(student.map(([, def]) => `${def.method} ${def.path}`).sort()).toEqual(spec.sort());
  });

  it('gives every endpoint a JSON response schema or a file type, never both', () => {
    for (const [name, def] of all) {
      if (def.file) expect(def.response, name).toBeUndefined();
      else expect(def.response, name).toBeInstanceOf(z.ZodType);
    }
    const files = all.filter(([, def]) => def.file).map(([name]) => name);
    expect(files.sort()).toEqual([
      'downloadAttachment',
      'getAnswerImage',
      'hlsImage',
      'hlsKey',
      'hlsMaster',
      'hlsSegment',
      'hlsVariant',
      'staffExportCourseProgress',
      'staffExportCourses',
      'staffExportExamResults',
      'staffExportItemAnalysis',
      'staffExportPaymentOrders',
      'staffExportPurchases',
      'staffExportStudents',
      'staffExportTeacherStatement',
      'staffExportTeacherStudents',
      'staffExportTransactions',
      'staffGetMobilePaymentReceipt',
      'streamVideo',
    ]);
  });

  it('lets only links a browser opens by itself go without a bearer token', () => {
    const signedLinks = all.filter(([, def]) => def.auth === 'signed-link').map(([name]) => name);
    expect(signedLinks.sort()).toEqual([
      'countVideoView',
      'downloadAttachment',
      'getAnswerImage',
      'hlsImage',
      'hlsKey',
      'hlsMaster',
      'hlsSegment',
      'hlsVariant',
      'recordVideoProgress',
      'streamVideo',
    ]);
  });

  it('has one endpoint per method and path', () => {
    const keys = all.map(([, def]) => `${def.method} ${def.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('declares a params schema exactly when the path has params', () => {
    for (const [name, def] of all) {
      const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      if (names.length === 0) {
        expect(def.params, name).toBeUndefined();
        continue;
      }
      expect(def.params, name).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((def.params as z.ZodObject).shape).sort(), name).toEqual(names.sort());
    }
  });

  it('sends no body with a GET and no query with a POST', () => {
    for (const [name, def] of all) {
      if (def.method === 'GET') expect(def.body, name).toBeUndefined();
      else expect(def.query, name).toBeUndefined();
    }
  });

  it('marks as multipart exactly the calls that upload a file', () => {
    const multipart = all.filter(([, def]) => def.multipart).map(([name]) => name);
    expect(multipart.sort()).toEqual([
      'rechargeMobileWallet',
      'saveExamImageAnswer',
      'staffCreateAttachment',
      'staffImportStudents',
      'staffUploadBrandImage',
      'staffUploadCourseImage',
      'staffUploadHeaderImage',
      'staffUploadQuestionExplainImage',
      'staffUploadQuestionImage',
      'staffUploadTeacherAvatar',
      'staffUploadTeacherBanner',
      'updateAvatar',
    ]);
  });

  it('gives each multipart call its file field and limit, and no other call one', () => {
    const image = 5 * 1024 * 1024;
    const uploads = Object.fromEntries(
      all.filter(([, def]) => def.upload).map(([name, def]) => [name, def.upload]),
    );
    expect(uploads).toEqual({
      rechargeMobileWallet: { field: 'attachment', maxBytes: image },
      saveExamImageAnswer: { field: 'answer_image', maxBytes: image },
      staffCreateAttachment: { field: 'file', maxBytes: 50 * 1024 * 1024 },
      staffImportStudents: { field: 'file', maxBytes: 8 * 1024 * 1024 },
      staffUploadCourseImage: { field: 'file', maxBytes: image },
      staffUploadHeaderImage: { field: 'file', maxBytes: image },
      staffUploadBrandImage: { field: 'file', maxBytes: image },
      staffUploadQuestionExplainImage: { field: 'file', maxBytes: image },
      staffUploadQuestionImage: { field: 'file', maxBytes: image },
      staffUploadTeacherAvatar: { field: 'file', maxBytes: image },
      staffUploadTeacherBanner: { field: 'file', maxBytes: image },
      updateAvatar: { field: 'avatar', maxBytes: image },
    });
  });

  it('role-checks every staff call but the login and the invitation link, and no student call', () => {
    // Signing in, and setting a password with an invitation's link (ADR 048): no one yet.
    const OPEN = ['staffLogin', 'staffCheckInvitation', 'staffAcceptInvitation'];
    for (const [name, def] of all) {
      const isStaff = def.path.startsWith('/staff/');
      const open = OPEN.includes(name);
      expect(def.staff !== undefined, name).toBe(isStaff && !open);
      if (isStaff && !open) expect(def.auth, name).toBe('required');
    }
  });

  it('keeps paths relative to API_BASE', () => {
    for (const [name, def] of all) expect(def.path, name).not.toMatch(/^\/api\//);
  });

  it('has a gateway order call for every online recharge method', () => {
    const online = RECHARGE_METHODS.filter((m) => m !== 'recharge_card' && m !== 'mobile_wallets');
    expect(Object.keys(PAYMENT_ORDER_ENDPOINTS).sort()).toEqual([...online].sort());
    for (const name of Object.values(PAYMENT_ORDER_ENDPOINTS))
      expect(endpoints[name].method).toBe('POST');
  });

  it('lists the spec error codes of the paying calls', () => {
    expect(endpoints.purchaseLecture.errors).toContain('PAYCARD_MAX_PRICE_EXCEEDED');
    expect(endpoints.transferBalance.errors).toContain('CANNOT_TRANSFER_TO_YOURSELF');
    expect(endpoints.changePassword.errors).toEqual(['WRONG_OLD_PASSWORD']);
  });

  it('lets every call that signs a student in answer the device limit (ADR 051)', () => {
    for (const name of ['login', 'register', 'setPassword'] as const)
      expect(endpoints[name].errors, name).toContain('DEVICE_LIMIT_REACHED');
    expect(endpoints.staffLogin.errors).not.toContain('DEVICE_LIMIT_REACHED');
  });
});

describe('fillPath', () => {
  it('fills and encodes params', () => {
    expect(fillPath(endpoints.getCourse.path, { id: 7 })).toBe('/courses/7');
    expect(fillPath(endpoints.resetPassword.path, { token: 'a/b' })).toBe(
      '/password/reset/confirm/a%2Fb',
    );
  });

  it('refuses a missing param rather than calling a wrong url', () => {
    expect(() => fillPath(endpoints.getCourse.path, {})).toThrow(/id/);
  });
});
