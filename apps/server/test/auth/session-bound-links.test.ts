import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@dars/contract';
import { hashToken } from '../../src/lib/tokens';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeLecture } from '../factories/courses';
import { makeStudent, type TestStudent } from '../factories/students';
import { makeExam } from '../factories/exams';
import { studentClient } from '../denial-client';
import { examClient } from '../exams/exam-client';
import { tokenForUser } from '../sign-in';

/**
 * Video and exam links stay bound to the session that asked for them (issue 28, ADR 051). A
 * video link (the player page, its stream, the view count) works while the sign-in that asked
 * for it lasts, on any device it is opened (it carries no bearer token); once that session is
 * signed out it is refused. A running exam session answers only the sign-in that opened it:
 * another sign-in of the same student is refused until it opens the exam again from the exam's
 * page (which moves the session to it), and after the first sign-in ends nothing of it works.
 * A finished session's result opens from any sign-in.
 */

const SIGNED_OUT_VIDEO =
  'سُجّل الخروج من الجهاز الذي فُتح منه هذا الفيديو؛ سجّل الدخول وافتحه مرة أخرى من المحاضرة';
const ELSEWHERE = 'هذا الامتحان مفتوح من جهاز آخر؛ ادخل إليه من جديد بكود الامتحان لتكمله من هنا';

let server: TestServer;
let as: ReturnType<typeof studentClient>;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  as = studentClient(server);
}, 120_000);
afterAll(() => server?.close());

const post = (url: string, token: string, payload?: object) =>
  server.app.inject({
    method: 'POST',
    url: API_BASE + url,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });

async function sessionIdOf(token: string): Promise<number> {
  return (
    await server.db
      .selectFrom('auth_tokens')
      .select('id')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow()
  ).id;
}

/** A student who holds a lecture with a video, signed in on two devices. */
async function watcher() {
  const student = await makeStudent(server.db);
  const lecture = await makeLecture(server, { price: 10 });
  await as.topUp(student.userId, 50);
  expect((await as.buyLecture(lecture.id, student.token)).statusCode).toBe(200);
  const video = await as.firstVideo(lecture.id);
  return { student, video, other: await tokenForUser(server.db, student.userId) };
}

async function linkWorks(videoId: number, vt: string) {
  const player = await server.app.inject({
    url: `/player/${videoId}?vt=${encodeURIComponent(vt)}`,
  });
  const stream = await server.app.inject({
    url: `${API_BASE}/video/stream/${videoId}?vt=${encodeURIComponent(vt)}`,
    headers: { range: 'bytes=0-99' },
  });
  const view = await as.countView(vt);
  return { player, stream, view };
}

function expectRefused(replies: Awaited<ReturnType<typeof linkWorks>>) {
  for (const res of Object.values(replies)) {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toBe(SIGNED_OUT_VIDEO);
  }
}

describe('a video link', () => {
  it('works while the session that asked for it lasts, and not once it is signed out from another device', async () => {
    const { student, video, other } = await watcher();
    const { vt } = await as.openVideo(video.id, student.token);
    const { vt: otherVt } = await as.openVideo(video.id, other);
    const live = await linkWorks(video.id, vt!);
    expect([live.player.statusCode, live.stream.statusCode, live.view.statusCode]).toEqual([
      200, 206, 200,
    ]);
    const out = await post('/profile/devices/sign-out', other, {
      session_id: await sessionIdOf(student.token),
    });
    expect(out.statusCode, out.body).toBe(200);
    expectRefused(await linkWorks(video.id, vt!));
    // The link the other session asked for still plays.
    const still = await linkWorks(video.id, otherVt!);
    expect(still.player.statusCode).toBe(200);
    expect(still.stream.statusCode).toBe(206);
  });

  it('stops when its session signs out on its own device', async () => {
    const { student, video } = await watcher();
    const { vt } = await as.openVideo(video.id, student.token);
    expect((await post('/logout', student.token)).statusCode).toBe(200);
    expectRefused(await linkWorks(video.id, vt!));
  });
});

describe('a running exam session', () => {
  async function examOnTwoDevices() {
    const exam = await makeExam(server.db, {
      questions: [{ type: 'choices' }, { type: 'truefalse' }],
    });
    const student: TestStudent = await makeStudent(server.db);
    const first = examClient(server.app, student.token);
    const otherToken = await tokenForUser(server.db, student.userId);
    const second = examClient(server.app, otherToken);
    const session = await first.tokenFor(exam.id);
    const q = exam.questions[0]!;
    return {
      exam,
      student,
      first,
      second,
      otherToken,
      session,
      answer: { question_id: q.id, chosen_answer: q.right },
    };
  }

  it('answers the sign-in that opened it only; another one is refused and changes nothing', async () => {
    const { first, second, session, answer } = await examOnTwoDevices();
    expect((await first.session(session)).statusCode).toBe(200);
    for (const res of [
      await second.session(session),
      await second.answer(session, [answer]),
      await second.submit(session, [answer]),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ code: 'SESSION_NOT_FOUND', message: ELSEWHERE });
    }
    const seen = await first.session(session);
    expect(seen.json().session.active).toBe(true);
    expect(seen.json().answer_attempts).toEqual([]);
    expect((await first.answer(session, [answer])).statusCode).toBe(200);
  });

  it('moves to another sign-in that opens the exam again; the first one is then refused', async () => {
    const { exam, first, second, session, answer } = await examOnTwoDevices();
    // Opening the exam again from the other device resumes the same session there.
    expect(await second.tokenFor(exam.id)).toBe(session);
    expect((await second.answer(session, [answer])).statusCode).toBe(200);
    const refused = await first.answer(session, [answer]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(ELSEWHERE);
    const done = await second.submit(session);
    expect(done.statusCode, done.body).toBe(200);
    // Finished, its result opens from any sign-in of the student.
    const result = await first.session(session);
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().session.active).toBe(false);
  });

  it('refuses every sign-in once the one that opened it is signed out, until the exam is opened again', async () => {
    const { exam, student, session, answer } = await examOnTwoDevices();
    expect((await post('/logout', student.token)).statusCode).toBe(200);
    const again = examClient(server.app, await tokenForUser(server.db, student.userId));
    const refused = await again.answer(session, [answer]);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(ELSEWHERE);
    expect(await again.tokenFor(exam.id)).toBe(session);
    expect((await again.answer(session, [answer])).statusCode).toBe(200);
  });

  it('answers any sign-in of the student when it was started before sign-ins were recorded', async () => {
    const { first, second, session, answer } = await examOnTwoDevices();
    // A session from before migration 027 has no sign-in (ADR 051).
    await server.db
      .updateTable('exam_sessions')
      .set({ auth_token_id: null })
      .where('token', '=', session)
      .execute();
    expect((await second.session(session)).statusCode).toBe(200);
    expect((await second.answer(session, [answer])).statusCode).toBe(200);
    expect((await first.answer(session, [answer])).statusCode).toBe(200);
    const done = await first.submit(session);
    expect(done.statusCode, done.body).toBe(200);
  });
});
