import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, getLectureContentsResponseSchema } from '@dars/contract';
import { startTestServer, type TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent } from '../factories/students';
import { studentClient } from '../denial-client';

// Issue 24: a view is counted when playback has started (the player page's call at its first
// `playing`), never when the player opens; the call answers what is left, which the page
// passes on to the app at once.

let server: TestServer;
let as: ReturnType<typeof studentClient>;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  as = studentClient(server);
});
afterAll(() => server.close());

/** A student who has got a free lecture with one video limited to 3 views and one unlimited. */
async function studentWithVideos() {
  const student = await makeStudent(server.db);
  const lecture = await makeLecture(server, { free: true, videos: [3, null] });
  expect((await as.buyLecture(lecture.id, student.token, {})).statusCode).toBe(200);
  return {
    student,
    lecture,
    limited: await as.firstVideo(lecture.id, true),
    unlimited: await server.db
      .selectFrom('videos')
      .selectAll()
      .where('lecture_id', '=', lecture.id)
      .where('views_limit', 'is', null)
      .executeTakeFirstOrThrow(),
  };
}

/** The contents' figures of one video, as the lecture's videos tab reads them. */
async function listed(lectureId: number, videoId: number, token: string) {
  const res = await as.contents(lectureId, token);
  const video = getLectureContentsResponseSchema
    .parse(res.json())
    .videos.find((v) => v.id === videoId)!;
  return { counted_views: video.counted_views, viewable: video.viewable, seen: video.seen };
}

describe('counting a view when playback starts', () => {
  it('counts nothing for opening the player: the link, the page and the stream', async () => {
    const { student, lecture, limited } = await studentWithVideos();
    const { res, vt } = await as.openVideo(limited.id, student.token);
    expect(res.statusCode).toBe(200);
    const page = await server.app.inject({ url: `/player/${limited.id}?vt=${vt}` });
    expect(page.statusCode).toBe(200);
    const stream = await server.app.inject({
      url: `${API_BASE}/video/stream/${limited.id}?vt=${encodeURIComponent(vt!)}`,
      headers: { range: 'bytes=0-65535' },
    });
    expect(stream.statusCode).toBe(206);
    // Opened twice more, still nothing.
    await as.openVideo(limited.id, student.token);
    await as.openVideo(limited.id, student.token);
    expect(await as.views(student.userId, limited.id)).toBe(0);
    expect(await listed(lecture.id, limited.id, student.token)).toEqual({
      counted_views: 0,
      viewable: true,
      seen: false,
    });
  });

  it('counts once per start and answers the views left; a replay of the same opening counts nothing', async () => {
    const { student, lecture, limited } = await studentWithVideos();
    const first = (await as.openVideo(limited.id, student.token)).vt!;
    expect((await as.countView(first)).json()).toEqual({
      counted: true,
      views_limit: 3,
      counted_views: 1,
      remaining_views: 2,
    });
    // Paused and played again, or the page reloaded: the same opening.
    const replay = await as.countView(first);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({
      counted: false,
      views_limit: 3,
      counted_views: 1,
      remaining_views: 2,
    });
    expect(await as.views(student.userId, limited.id)).toBe(1);
    expect(await listed(lecture.id, limited.id, student.token)).toEqual({
      counted_views: 1,
      viewable: true,
      seen: true,
    });

    const second = (await as.openVideo(limited.id, student.token)).vt!;
    expect((await as.countView(second)).json()).toEqual({
      counted: true,
      views_limit: 3,
      counted_views: 2,
      remaining_views: 1,
    });
    const third = (await as.openVideo(limited.id, student.token)).vt!;
    expect((await as.countView(third)).json()).toEqual({
      counted: true,
      views_limit: 3,
      counted_views: 3,
      remaining_views: 0,
    });
    // The last view's own replay is still the view already spent, not a refusal.
    expect((await as.countView(third)).json()).toEqual({
      counted: false,
      views_limit: 3,
      counted_views: 3,
      remaining_views: 0,
    });
    expect(await listed(lecture.id, limited.id, student.token)).toEqual({
      counted_views: 3,
      viewable: false,
      seen: true,
    });
  });

  it('answers no limit and nothing remaining-wise for an unlimited video', async () => {
    const { student, unlimited } = await studentWithVideos();
    for (const counted_views of [1, 2]) {
      const vt = (await as.openVideo(unlimited.id, student.token)).vt!;
      expect((await as.countView(vt)).json()).toEqual({
        counted: true,
        views_limit: null,
        counted_views,
        remaining_views: null,
      });
    }
  });

  it('refuses a start over the limit as before, and counts nothing for it', async () => {
    const { student, limited } = await studentWithVideos();
    // Four players opened while three views were left; each started in turn.
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push((await as.openVideo(limited.id, student.token)).vt!);
    const answers = [];
    for (const vt of tokens.slice(0, 3)) answers.push((await as.countView(vt)).json());
    expect(answers.map((a) => [a.counted, a.counted_views, a.remaining_views])).toEqual([
      [true, 1, 2],
      [true, 2, 1],
      [true, 3, 0],
    ]);
    const late = await as.countView(tokens[3]!);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('لقد استنفدت عدد مرات المشاهدة المسموح بها لهذا الفيديو');
    expect(await as.views(student.userId, limited.id)).toBe(3);
    const refused = await as.openVideo(limited.id, student.token);
    expect(refused.res.statusCode).toBe(403);
  });

  it('counts one of two players started at the same moment with one view left', async () => {
    const { student, limited } = await studentWithVideos();
    const tokens: string[] = [];
    for (let i = 0; i < 4; i++) tokens.push((await as.openVideo(limited.id, student.token)).vt!);
    // Two views spent; then two players, opened with one view left, start together.
    for (const vt of tokens.slice(0, 2)) expect((await as.countView(vt)).statusCode).toBe(200);
    const together = await Promise.all(tokens.slice(2).map((vt) => as.countView(vt)));
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(together.find((r) => r.statusCode === 200)!.json()).toEqual({
      counted: true,
      views_limit: 3,
      counted_views: 3,
      remaining_views: 0,
    });
    expect(await as.views(student.userId, limited.id)).toBe(3);
  });

  it('refuses a forged token and counts nothing', async () => {
    const { student, limited } = await studentWithVideos();
    const forged = await as.countView(`${(await as.openVideo(limited.id, student.token)).vt}x`);
    expect(forged.statusCode).toBe(403);
    expect(await as.views(student.userId, limited.id)).toBe(0);
  });
});

describe('the player page', () => {
  it('runs only its own script and style, allowed by their hashes, never inline code at large', async () => {
    const { student, limited } = await studentWithVideos();
    const { vt } = await as.openVideo(limited.id, student.token);
    const page = await server.app.inject({ url: `/player/${limited.id}?vt=${vt}` });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-inline');
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const scripts = [...page.body.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const styles = [...page.body.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    expect(/script-src ([^;]+)/.exec(csp)?.[1]).toBe(hash(scripts[0]!));
    expect(/style-src ([^;]+)/.exec(csp)?.[1]).toBe(hash(styles[0]!));
    // The same hashes for another student's page: what differs is data, not code.
    const other = await makeStudent(server.db);
    await as.buyLecture(limited.lecture_id, other.token, {});
    const otherPage = await server.app.inject({
      url: `/player/${limited.id}?vt=${(await as.openVideo(limited.id, other.token)).vt}`,
    });
    expect(otherPage.headers['content-security-policy']).toBe(csp);
    expect(otherPage.body).not.toBe(page.body);
  });

  it('hands its script the opening as data: the view call, the token, whom to tell', async () => {
    const { student, limited } = await studentWithVideos();
    const { vt } = await as.openVideo(limited.id, student.token);
    const page = await server.app.inject({ url: `/player/${limited.id}?vt=${vt}` });
    const block = /<script type="application\/json" id="cfg">([\s\S]*?)<\/script>/.exec(page.body);
    expect(JSON.parse(block![1]!)).toMatchObject({
      type: 'dars:video-view',
      videoId: limited.id,
      viewUrl: '/api/v1/video/views',
      token: vt,
      origins: ['capacitor://localhost', 'https://localhost'],
    });
    // It starts playing at once and counts at the first frames, not when asked to play.
    expect(page.body).toContain("addEventListener('playing'");
    expect(page.body).toContain('<button id="start" type="button" hidden>');
    expect(page.body).toContain('تشغيل الفيديو');
    expect(page.body).toContain('جارٍ تحميل الفيديو…');
  });

  it('keeps a `<` of a video name or token out of the script block', async () => {
    const { student, limited } = await studentWithVideos();
    await server.db
      .updateTable('videos')
      .set({ name: 'درس </script><script>alert(1)</script>' })
      .where('id', '=', limited.id)
      .execute();
    const { vt } = await as.openVideo(limited.id, student.token);
    const page = await server.app.inject({ url: `/player/${limited.id}?vt=${vt}` });
    expect(page.body).not.toContain('<script>alert(1)');
    expect(page.body.match(/<script/g)).toHaveLength(2);
  });
});

describe('the API documents', () => {
  it('describe the view call’s answer with the views left', async () => {
    const res = await server.app.inject({ url: `${API_BASE}/openapi.json` });
    const doc = res.json();
    const answer =
      doc.paths['/video/views'].post.responses['200'].content['application/json'].schema;
    expect(answer.required).toEqual(
      expect.arrayContaining(['counted', 'views_limit', 'counted_views', 'remaining_views']),
    );
  });
});
