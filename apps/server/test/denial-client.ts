import { getVideoResponseSchema } from '@dars/contract';
import { loadAppSecret } from '../src/lib/app-secret';
import { signToken } from '../src/lib/signed-token';
import { decryptVideoUrl } from '../src/modules/videos/video-url';
import { credit } from '../src/modules/wallet/ledger';
import { apiGet, WEB_HEADERS, type TestServer } from './helpers';

/**
 * What the denial tests do as a student would, through real HTTP, plus the few facts they read
 * back from the database (balance, ledger, purchases, views) to prove a refusal changed nothing.
 * @example const as = studentClient(server); (await as.get(`/lectures/${id}/contents`, token)).statusCode
 */
export function studentClient(server: TestServer) {
  const { app, db } = server;
  const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  const secret = loadAppSecret(server.config.dataDir, server.config.appSecret);

  const get = (url: string, token?: string) => apiGet(app, url, token);
  const post = (url: string, token?: string, payload: object = {}) =>
    app.inject({
      method: 'POST',
      url: `/api/v1${url}`,
      payload,
      headers: { ...WEB_HEADERS, ...auth(token) },
    });

  return {
    get,
    post,
    /** Buys a lecture; the body defaults to the wallet. */
    buyLecture: (lectureId: number, token: string, body: object = { pay_by: 'wallet' }) =>
      post(`/lectures/${lectureId}/purchase`, token, body),
    contents: (lectureId: number, token?: string) => get(`/lectures/${lectureId}/contents`, token),
    /** Asks for a video link and returns the player's token, or the refusal. */
    async openVideo(videoId: number, token?: string) {
      const res = await get(`/video/apps/${videoId}`, token);
      if (res.statusCode !== 200) return { res, vt: null };
      const url = new URL(decryptVideoUrl(getVideoResponseSchema.parse(res.json()).u));
      return { res, vt: url.searchParams.get('vt') };
    },
    /** The player's "playback started" call. */
    countView: (vt: string) =>
      app.inject({ method: 'POST', url: '/api/v1/video/views', payload: { vt } }),
    download: (url: string) => app.inject({ method: 'GET', url }),
    /** A correctly signed link, as if the server had handed it out (it must still refuse). */
    signedDownloadUrl: (attachmentId: number, userId: number) =>
      `/api/v1/attachments/${attachmentId}/download?at=${signToken(secret, { u: userId, a: attachmentId }, 60_000)}`,
    signedVideoToken: (videoId: number, userId: number) =>
      signToken(secret, { u: userId, v: videoId, n: `t${Date.now()}` }, 60_000),

    async topUp(userId: number, pounds: number) {
      await db
        .transaction()
        .execute((trx) =>
          credit(trx, userId, pounds * 100, { type: 'admin_balance_update', comment: 'test' }),
        );
    },
    async balance(userId: number) {
      const row = await db
        .selectFrom('users')
        .select('balance')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return row.balance;
    },
    ledger: (userId: number) =>
      db
        .selectFrom('wallet_transactions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    purchases: (userId: number, lectureId: number) =>
      db
        .selectFrom('lecture_purchases')
        .selectAll()
        .where('user_id', '=', userId)
        .where('lecture_id', '=', lectureId)
        .orderBy('id')
        .execute(),
    async joined(userId: number, courseId: number) {
      const row = await db
        .selectFrom('enrollments')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId)
        .executeTakeFirst();
      return row !== undefined;
    },
    async views(userId: number, videoId: number) {
      const rows = await db
        .selectFrom('video_views')
        .select('id')
        .where('user_id', '=', userId)
        .where('video_id', '=', videoId)
        .execute();
      return rows.length;
    },
    async cardUsedBy(code: string) {
      const { hashPaycardCode } = await import('../src/modules/paycards/paycard-code');
      const row = await db
        .selectFrom('paycards')
        .select('used_by')
        .where('code_hash', '=', hashPaycardCode(code))
        .executeTakeFirstOrThrow();
      return row.used_by;
    },
    /** Moves the student's latest purchase of the lecture into the past: its expiry has come. */
    async expirePurchase(userId: number, lectureId: number) {
      await db
        .updateTable('lecture_purchases')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('user_id', '=', userId)
        .where('lecture_id', '=', lectureId)
        .execute();
    },
    async firstVideo(lectureId: number, limited = false) {
      let q = db.selectFrom('videos').selectAll().where('lecture_id', '=', lectureId);
      if (limited) q = q.where('views_limit', 'is not', null);
      return q.orderBy('position').orderBy('id').executeTakeFirstOrThrow();
    },
    firstAttachment: (lectureId: number) =>
      db
        .selectFrom('attachments')
        .selectAll()
        .where('lecture_id', '=', lectureId)
        .orderBy('position')
        .executeTakeFirstOrThrow(),
  };
}
