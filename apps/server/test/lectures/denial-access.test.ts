import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCourseResponseSchema, getLectureContentsResponseSchema } from '@dars/contract';
import { startTestServer, type TestServer } from '../helpers';
import { makeCourse, makeLecture } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { studentClient } from '../denial-client';

// The refusing side of every lecture access rule (spec §2), on every path a student can take
// to a lecture: its contents, a video link, counting a view, an attachment download.

let server: TestServer;
let as: ReturnType<typeof studentClient>;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  as = studentClient(server);
});
afterAll(() => server.close());

const NOT_BOUGHT = 'اشترِ المحاضرة أولاً للوصول إلى محتواها';
const NOT_BOUGHT_VIDEO = 'اشترِ المحاضرة أولاً لمشاهدة الفيديو';
const EXPIRED = 'انتهت صلاحية المحاضرة';

async function lectureState(courseId: number, lectureId: number, token: string) {
  const res = await as.get(`/courses/${courseId}`, token);
  return getCourseResponseSchema.parse(res.json()).data.lectures.find((l) => l.id === lectureId)!;
}

describe('a course sold lecture by lecture', () => {
  it('opens only the lectures the student bought: joining and buying one opens no other', async () => {
    const student = await makeStudent(server.db);
    const {
      id: courseId,
      lectures: [free, preview, expiring, repurchasable],
    } = await makeCourse(server, {
      payType: 'lectures',
      lectures: [
        { free: true },
        { price: 40, preview: true },
        { price: 50, expiryDays: 30 },
        { price: 30, repurchasable: true, repurchasePrice: 20 },
      ],
    });
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(free.id, student.token, {})).statusCode).toBe(200);
    expect((await as.buyLecture(repurchasable.id, student.token)).statusCode).toBe(200);
    expect(await as.joined(student.userId, courseId)).toBe(true);

    // What the student bought is open (so the refusals below are about the rule, not the setup).
    for (const bought of [free, repurchasable]) {
      expect((await as.contents(bought.id, student.token)).statusCode).toBe(200);
      const video = await as.firstVideo(bought.id);
      expect((await as.openVideo(video.id, student.token)).res.statusCode).toBe(200);
    }

    // Every other paid lecture stays shut, whatever its flags (a preview is not open here).
    for (const locked of [preview, expiring]) {
      const contents = await as.contents(locked.id, student.token);
      expect(contents.statusCode).toBe(403);
      expect(contents.json()).toMatchObject({ message: NOT_BOUGHT });

      const video = await as.firstVideo(locked.id);
      const opened = await as.openVideo(video.id, student.token);
      expect(opened.res.statusCode).toBe(403);
      expect(opened.res.json().message).toBe(NOT_BOUGHT_VIDEO);

      // Even a validly signed player token does not count a view without access.
      const counted = await as.countView(as.signedVideoToken(video.id, student.userId));
      expect(counted.statusCode).toBe(403);
      expect(await as.views(student.userId, video.id)).toBe(0);

      // Nor does a validly signed download link fetch the file.
      const attachment = await as.firstAttachment(locked.id);
      const file = await as.download(as.signedDownloadUrl(attachment.id, student.userId));
      expect(file.statusCode).toBe(403);
      expect(file.json().message).toMatch(/[\u0600-\u06FF]/);

      expect(await lectureState(courseId, locked.id, student.token)).toMatchObject({
        purchased: false,
        expired: false,
      });
    }
  });

  it('keeps a preview lecture shut for a student who has not bought it', async () => {
    const stranger = await makeStudent(server.db);
    const preview = await makeLecture(server, { price: 40, preview: true });
    expect((await as.contents(preview.id, stranger.token)).statusCode).toBe(403);
    const video = await as.firstVideo(preview.id);
    expect((await as.openVideo(video.id, stranger.token)).res.statusCode).toBe(403);
  });

  it('shuts an expired lecture on every path: contents, video link, player, stream, view, download', async () => {
    const student = await makeStudent(server.db);
    const expiring = await makeLecture(server, { price: 30, expiryDays: 30 });
    const courseId = expiring.course_id;
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(expiring.id, student.token)).statusCode).toBe(200);
    const [purchase] = await as.purchases(student.userId, expiring.id);
    expect(purchase!.expires_at).not.toBeNull();

    // While it is valid: links are handed out.
    const open = await as.contents(expiring.id, student.token);
    expect(open.statusCode).toBe(200);
    const [pdf] = getLectureContentsResponseSchema.parse(open.json()).attachments;
    const video = await as.firstVideo(expiring.id);
    const { vt } = await as.openVideo(video.id, student.token);
    expect(vt).toBeTruthy();
    expect((await as.download(pdf!.url)).statusCode).toBe(200);
    expect((await server.app.inject({ url: `/player/${video.id}?vt=${vt}` })).statusCode).toBe(200);
    const playing = await server.app.inject({
      url: `/api/v1/video/stream/${video.id}?vt=${vt}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(playing.statusCode).toBe(206);

    await as.expirePurchase(student.userId, expiring.id);

    const contents = await as.contents(expiring.id, student.token);
    expect(contents.statusCode).toBe(403);
    expect(contents.json().message).toBe(EXPIRED);
    const reopened = await as.openVideo(video.id, student.token);
    expect(reopened.res.statusCode).toBe(403);
    expect(reopened.res.json().message).toBe(EXPIRED);
    // The player opened before the expiry cannot start a counted view after it.
    const counted = await as.countView(vt!);
    expect(counted.statusCode).toBe(403);
    expect(await as.views(student.userId, video.id)).toBe(0);
    // A download link handed out before the expiry does not outlive it.
    expect((await as.download(pdf!.url)).statusCode).toBe(403);
    // Nor does the player page or the stream it plays, even with a validly signed token.
    const player = await server.app.inject({ url: `/player/${video.id}?vt=${vt}` });
    expect(player.statusCode).toBe(403);
    expect(player.json().message).toBe(EXPIRED);
    const stream = await server.app.inject({
      url: `/api/v1/video/stream/${video.id}?vt=${vt}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(stream.statusCode).toBe(403);
    expect(await lectureState(courseId, expiring.id, student.token)).toMatchObject({
      purchased: true,
      expired: true,
    });
  });

  it('stays open until the expiry comes', async () => {
    const student = await makeStudent(server.db);
    const expiring = await makeLecture(server, { price: 50, expiryDays: 30 });
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(expiring.id, student.token)).statusCode).toBe(200);
    await server.db
      .updateTable('lecture_purchases')
      .set({ expires_at: new Date(Date.now() + 60_000).toISOString() })
      .where('user_id', '=', student.userId)
      .execute();
    expect((await as.contents(expiring.id, student.token)).statusCode).toBe(200);
    expect(await lectureState(expiring.course_id, expiring.id, student.token)).toMatchObject({
      purchased: true,
      expired: false,
    });
  });
});

describe('a course bought as a whole', () => {
  it('keeps its lectures shut to a student who has not bought it, except the previews', async () => {
    const stranger = await makeStudent(server.db);
    const {
      lectures: [preview, locked],
    } = await makeCourse(server, {
      price: 350,
      showPreview: true,
      lectures: [{ preview: true }, {}],
    });
    expect((await as.contents(preview.id, stranger.token)).statusCode).toBe(200);
    const contents = await as.contents(locked.id, stranger.token);
    expect(contents.statusCode).toBe(403);
    expect(contents.json().message).toBe(NOT_BOUGHT);
    const video = await as.firstVideo(locked.id);
    expect((await as.openVideo(video.id, stranger.token)).res.statusCode).toBe(403);
    expect((await as.countView(as.signedVideoToken(video.id, stranger.userId))).statusCode).toBe(
      403,
    );
    const attachment = await as.firstAttachment(locked.id);
    expect(
      (await as.download(as.signedDownloadUrl(attachment.id, stranger.userId))).statusCode,
    ).toBe(403);
    // Buying a single lecture of it is no way in.
    expect((await as.buyLecture(locked.id, stranger.token)).statusCode).toBe(403);
    expect(await as.purchases(stranger.userId, locked.id)).toHaveLength(0);
  });

  it("counts a lecture's expiry days from joining: shut once they have passed, open before", async () => {
    const student = await makeStudent(server.db);
    const grammar = await makeCourse(server, { lectures: [{}, { expiryDays: 5 }] }); // free, whole
    const [first, last] = grammar.lectures;
    expect((await as.post(`/courses/${grammar.id}/purchase`, student.token)).statusCode).toBe(200);
    await server.db
      .updateTable('enrollments')
      .set({ created_at: new Date(Date.now() - 4 * 86_400_000).toISOString() })
      .where('user_id', '=', student.userId)
      .where('course_id', '=', grammar.id)
      .execute();
    expect((await as.contents(last.id, student.token)).statusCode).toBe(200);

    await server.db
      .updateTable('enrollments')
      .set({ created_at: new Date(Date.now() - 6 * 86_400_000).toISOString() })
      .where('user_id', '=', student.userId)
      .where('course_id', '=', grammar.id)
      .execute();
    const contents = await as.contents(last.id, student.token);
    expect(contents.statusCode).toBe(403);
    expect(contents.json().message).toBe(EXPIRED);
    const video = await as.firstVideo(last.id);
    expect((await as.openVideo(video.id, student.token)).res.statusCode).toBe(403);
    expect(await lectureState(grammar.id, last.id, student.token)).toMatchObject({
      purchased: true,
      expired: true,
    });
    // Another lecture without expiry days stays open.
    expect((await as.contents(first.id, student.token)).statusCode).toBe(200);
  });
});

describe('views', () => {
  it('refuses a view past the limit even from a player opened before the limit was reached', async () => {
    const student = await makeStudent(server.db);
    const repurchasable = await makeLecture(server, {
      price: 30,
      repurchasable: true,
      repurchasePrice: 20,
      videos: [null, 3],
    });
    await as.topUp(student.userId, 100);
    expect((await as.buyLecture(repurchasable.id, student.token)).statusCode).toBe(200);
    const video = await as.firstVideo(repurchasable.id, true);
    const limit = video.views_limit!;
    // Open the player limit + 1 times before starting any of them.
    const tokens: string[] = [];
    for (let i = 0; i <= limit; i++) tokens.push((await as.openVideo(video.id, student.token)).vt!);
    for (const [i, vt] of tokens.slice(0, limit).entries())
      expect((await as.countView(vt)).json()).toEqual({
        counted: true,
        views_limit: limit,
        counted_views: i + 1,
        remaining_views: limit - i - 1,
      });
    const late = await as.countView(tokens[limit]!);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toMatch(/استنفدت/);
    expect(await as.views(student.userId, video.id)).toBe(limit);
    expect((await as.openVideo(video.id, student.token)).res.statusCode).toBe(403);
    // The unlimited video of the same lecture still plays.
    const unlimited = await as.firstVideo(repurchasable.id);
    expect(unlimited.views_limit).toBeNull();
    expect((await as.openVideo(unlimited.id, student.token)).res.statusCode).toBe(200);
  });

  it('refuses a forged, tampered or foreign player token', async () => {
    const student = await makeStudent(server.db);
    const free = await makeLecture(server, { free: true });
    expect((await as.buyLecture(free.id, student.token, {})).statusCode).toBe(200);
    const video = await as.firstVideo(free.id);
    const { vt } = await as.openVideo(video.id, student.token);
    const [body, mac] = vt!.split('.');
    for (const bad of ['abc', `${body}.${mac}x`, `${body}x.${mac}`, `${body}.${mac}.x`]) {
      expect((await as.countView(bad)).statusCode).toBe(403);
    }
    // A stranger's token for the same video is refused too: the view is checked for its owner.
    const stranger = await makeStudent(server.db);
    expect((await as.countView(as.signedVideoToken(video.id, stranger.userId))).statusCode).toBe(
      403,
    );
    expect(await as.views(stranger.userId, video.id)).toBe(0);
    expect(await as.views(student.userId, video.id)).toBe(0);
  });
});

describe('a guest', () => {
  it('gets 401 for contents, a video link and every purchase', async () => {
    const free = await makeLecture(server, { free: true });
    const video = await as.firstVideo(free.id);
    expect((await as.contents(free.id)).statusCode).toBe(401);
    expect((await as.get(`/video/apps/${video.id}`)).statusCode).toBe(401);
    expect((await as.post(`/lectures/${free.id}/purchase`)).statusCode).toBe(401);
    expect((await as.post(`/courses/${free.course_id}/join`)).statusCode).toBe(401);
    const res = await as.post(`/courses/${free.course_id}/purchase`, 'x'.repeat(40));
    expect(res.statusCode).toBe(401);
  });
});
