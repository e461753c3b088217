import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLectureContentsResponseSchema, getVideoResponseSchema } from '@dars/contract';
import { decryptVideoUrl } from '../../src/modules/videos/video-url';
import { insertEnrollments } from '../../src/db/seed/enrollments';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeCourse, makeLecture } from '../factories/courses';
import { makePaycard } from '../factories/paycards';
import { makeStudent } from '../factories/students';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: 'GET',
    url,
    headers: { ...WEB_HEADERS, ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
const post = (url: string, token: string, payload: object = {}) =>
  server.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
  });

async function contents(lectureId: number, token: string) {
  const res = await get(`/api/v1/lectures/${lectureId}/contents`, token);
  return {
    status: res.statusCode,
    body: res.statusCode === 200 ? getLectureContentsResponseSchema.parse(res.json()) : res.json(),
  };
}

/** Opens a video as a client would: fetch u, decrypt, load the player, start playback. */
async function play(videoId: number, token: string) {
  const res = await get(`/api/v1/video/apps/${videoId}`, token);
  if (res.statusCode !== 200) return { status: res.statusCode, body: res.json() };
  const data = getVideoResponseSchema.parse(res.json());
  const url = new URL(decryptVideoUrl(data.u));
  const vt = url.searchParams.get('vt')!;
  const page = await server.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  const counted = await server.app.inject({
    method: 'POST',
    url: '/api/v1/video/views',
    payload: { vt },
  });
  return { status: 200, data, page, vt, counted: counted.json() };
}

describe('who may open a lecture (contents, video, attachments)', () => {
  it('a guest gets 401 everywhere', async () => {
    const preview = await makeLecture(server, { preview: true }, { price: 350, showPreview: true });
    expect((await get(`/api/v1/lectures/${preview.id}/contents`)).statusCode).toBe(401);
    const video = await server.db
      .selectFrom('videos')
      .select('id')
      .where('lecture_id', '=', preview.id)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/v1/video/apps/${video.id}`)).statusCode).toBe(401);
  });

  it('an unknown lecture is 404 with its Arabic message', async () => {
    const stranger = await makeStudent(server.db);
    const res = await get('/api/v1/lectures/987654/contents', stranger.token);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'المحاضرة غير موجودة' });
  });

  it('a student without access gets 403 for a locked lecture, its video and a forged attachment link', async () => {
    const stranger = await makeStudent(server.db);
    const locked = await makeLecture(server, {}, { price: 350 });
    const res = await contents(locked.id, stranger.token);
    expect(res.status).toBe(403);
    const video = await server.db
      .selectFrom('videos')
      .select('id')
      .where('lecture_id', '=', locked.id)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/v1/video/apps/${video.id}`, stranger.token)).statusCode).toBe(403);
    const attachment = await server.db
      .selectFrom('attachments')
      .select('id')
      .where('lecture_id', '=', locked.id)
      .executeTakeFirstOrThrow();
    expect((await get(`/api/v1/attachments/${attachment.id}/download`)).statusCode).toBe(403);
    expect((await get(`/api/v1/attachments/${attachment.id}/download?at=abc.def`)).statusCode).toBe(
      403,
    );
  });

  it('a student sees a preview lecture of a whole-course course before buying', async () => {
    const stranger = await makeStudent(server.db);
    const preview = await makeLecture(
      server,
      { preview: true, exam: 'quiz' },
      { price: 350, showPreview: true },
    );
    const res = await contents(preview.id, stranger.token);
    expect(res.status).toBe(200);
    expect(res.body.videos.length).toBeGreaterThan(0);
    expect(res.body.videos[0].viewable).toBe(true);
    expect(res.body.exams[0]).toMatchObject({ must_pass: false, must_take: false });
  });

  it('a buyer downloads attachments through signed links; another student cannot reuse the link', async () => {
    const ahmed = await makeStudent(server.db, { balance: 40 });
    const bought = await makeLecture(server, { price: 40, attachments: 2 });
    expect(
      (await post(`/lectures/${bought.id}/purchase`, ahmed.token, { pay_by: 'wallet' })).statusCode,
    ).toBe(200);
    const res = await contents(bought.id, ahmed.token);
    expect(res.status).toBe(200);
    const [pdf] = res.body.attachments;
    expect(pdf.meta.extension).toBe('pdf');
    const file = await server.app.inject({ method: 'GET', url: pdf.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.headers['content-disposition']).toContain("filename*=UTF-8''");
    // A signed link is its own credential: the native apps' pages may embed it (ADR 021).
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The link is bound to Ahmed: tampering with the id breaks the signature.
    const other = pdf.url.replace(`/attachments/${pdf.id}/`, `/attachments/${pdf.id + 1}/`);
    expect((await server.app.inject({ method: 'GET', url: other })).statusCode).toBe(403);
  });

  it('keeps videos closed while a mandatory exam waits, and says so', async () => {
    const ahmed = await makeStudent(server.db);
    const grammar = await makeCourse(server, { lectures: [{}, { exam: 'homework' }] }); // free
    await insertEnrollments(server.db, [
      { userId: ahmed.userId, courseId: grammar.id, at: new Date().toISOString() },
    ]);
    const withHomework = grammar.lectures[1]!;
    const res = await contents(withHomework.id, ahmed.token);
    expect(res.status).toBe(200);
    expect(res.body.videos.every((v: { viewable: boolean }) => !v.viewable)).toBe(true);
    expect(res.body.exams[0]).toMatchObject({ must_take: true, needs_attention: true });
    const video = await get(`/api/v1/video/apps/${res.body.videos[0].id}`, ahmed.token);
    expect(video.statusCode).toBe(403);
  });
});

describe('watching a video', () => {
  it('plays through our player: encrypted url, watermark, range streaming, one view per opening', async () => {
    const student = await makeStudent(server.db);
    const free = await makeLecture(server, { free: true, videos: [3] });
    expect((await post(`/lectures/${free.id}/purchase`, student.token)).statusCode).toBe(200);
    const before = await contents(free.id, student.token);
    const limited =
      before.body.videos.find((v: { views_limit: number | null }) => v.views_limit !== null) ??
      before.body.videos[0];

    const opened = await play(limited.id, student.token);
    expect(opened.status).toBe(200);
    // The school's name (ADR 049; «دَرس» here), the student's number and phone.
    const { phone } = await server.db
      .selectFrom('users')
      .select('phone')
      .where('id', '=', student.userId)
      .executeTakeFirstOrThrow();
    expect(opened.data!.watermark_id).toBe(`دَرس · ${student.userId} · ${phone}`);
    expect(opened.page!.statusCode).toBe(200);
    expect(opened.page!.body).toContain('<video');
    expect(opened.page!.body).toContain(opened.data!.watermark_id);
    // The lecture's one video may be watched 3 times: one counted, 2 left.
    expect(opened.counted).toEqual({
      counted: true,
      views_limit: 3,
      counted_views: 1,
      remaining_views: 2,
    });
    // A replay in the same opening does not count again.
    const replay = await server.app.inject({
      method: 'POST',
      url: '/api/v1/video/views',
      payload: { vt: opened.vt },
    });
    expect(replay.json()).toEqual({ ...opened.counted, counted: false });

    const stream = await server.app.inject({
      method: 'GET',
      url: `/api/v1/video/stream/${limited.id}?vt=${encodeURIComponent(opened.vt!)}`,
      headers: { range: 'bytes=0-1023' },
    });
    expect(stream.statusCode).toBe(206);
    expect(stream.headers['content-range']).toMatch(/^bytes 0-1023\/\d+$/);
    expect(stream.rawPayload.length).toBe(1024);
    expect(stream.rawPayload.subarray(4, 8).toString()).toBe('ftyp');
    const wrongVideo = await server.app.inject({
      method: 'GET',
      url: `/api/v1/video/stream/${limited.id + 1}?vt=${encodeURIComponent(opened.vt!)}`,
    });
    expect(wrongVideo.statusCode).toBe(403);

    const after = await contents(free.id, student.token);
    const same = after.body.videos.find((v: { id: number }) => v.id === limited.id);
    expect(same).toMatchObject({ counted_views: 1, seen: true });
  });

  it('stops at the views limit; a repurchase restarts the views', async () => {
    const student = await makeStudent(server.db, { balance: 200 });
    const repurchasable = await makeLecture(server, {
      price: 30,
      repurchasable: true,
      repurchasePrice: 20,
      videos: [null, 3],
    });
    expect(
      (await post(`/lectures/${repurchasable.id}/purchase`, student.token, { pay_by: 'wallet' }))
        .statusCode,
    ).toBe(200);
    // Not spent yet: buying again would be a double charge.
    expect(
      (
        await post(`/lectures/${repurchasable.id}/purchase`, student.token, { pay_by: 'wallet' })
      ).json().code,
    ).toBe('ALREADY_PURCHASED');
    const listed = await contents(repurchasable.id, student.token);
    const limited = listed.body.videos.find(
      (v: { views_limit: number | null }) => v.views_limit !== null,
    )!;
    for (let i = 0; i < limited.views_limit; i++)
      expect((await play(limited.id, student.token)).counted).toMatchObject({
        counted: true,
        counted_views: i + 1,
        remaining_views: limited.views_limit - i - 1,
      });
    const spent = await contents(repurchasable.id, student.token);
    expect(spent.body.videos.find((v: { id: number }) => v.id === limited.id)).toMatchObject({
      viewable: false,
      counted_views: limited.views_limit,
    });
    const refused = await play(limited.id, student.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/استنفدت/);

    const balance = async () =>
      (
        await server.db
          .selectFrom('users')
          .select('balance')
          .where('id', '=', student.userId)
          .executeTakeFirstOrThrow()
      ).balance;
    const before = await balance();
    expect(
      (await post(`/lectures/${repurchasable.id}/purchase`, student.token, { pay_by: 'wallet' }))
        .statusCode,
    ).toBe(200);
    expect(await balance()).toBe(before - repurchasable.repurchase_price!);
    const fresh = await contents(repurchasable.id, student.token);
    expect(fresh.body.videos.find((v: { id: number }) => v.id === limited.id)).toMatchObject({
      viewable: true,
      counted_views: 0,
      seen: true,
    });
  });

  it('closes a lecture after its expiry days', async () => {
    const student = await makeStudent(server.db);
    const expiring = await makeLecture(server, { price: 50, expiryDays: 30 });
    const code = await makePaycard(server.db, { value: 100 });
    expect(
      (await post(`/lectures/${expiring.id}/purchase`, student.token, { pay_by: 'paycard', code }))
        .statusCode,
    ).toBe(200);
    expect((await contents(expiring.id, student.token)).status).toBe(200);
    await server.db
      .updateTable('lecture_purchases')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', student.userId)
      .execute();
    const expired = await contents(expiring.id, student.token);
    expect(expired.status).toBe(403);
    expect(expired.body.message).toBe('انتهت صلاحية المحاضرة');
    const course = await get(`/api/v1/courses/${expiring.course_id}`, student.token);
    expect(
      course.json().data.lectures.find((l: { id: number }) => l.id === expiring.id),
    ).toMatchObject({ purchased: true, expired: true });
  });
});
