import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_EVENTS_MAX, staffExamSessionEventSchema } from '@dars/contract';
import { manualClock } from '../../src/lib/clock';
import { startTestServer, WEB_HEADERS, type TestServer } from '../helpers';
import { makeExam, type TestExam } from '../factories/exams';
import { makeStudent, type TestStudent } from '../factories/students';
import { tokenForUser } from '../sign-in';
import { makeStaff } from '../staff/staff-factory';

/**
 * A session's integrity record (issue 26, ADR 044): the page's events kept once each with the
 * server's time, what the server sees itself when the session is opened from another device
 * or address, and what staff read of it (counts, a filter, the timeline, the CSV).
 */

const clock = manualClock();
let server: TestServer;
let staffToken: string;

beforeAll(async () => {
  server = await startTestServer({ seed: false, clock });
  staffToken = (await makeStaff(server.db, 'leader')).token;
});
afterAll(() => server.close());

function call(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  address = '127.0.0.1',
) {
  return server.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...WEB_HEADERS, authorization: `Bearer ${token}` },
    remoteAddress: address,
    ...(payload === undefined ? {} : { payload }),
  });
}

async function started(exam: TestExam, student?: TestStudent) {
  const s = student ?? (await makeStudent(server.db));
  const res = await call(s.token, 'POST', '/exams/session', { exam_id: exam.id });
  expect(res.statusCode, res.body).toBe(200);
  const token = res.json().data.token as string;
  const row = await server.db
    .selectFrom('exam_sessions')
    .select('id')
    .where('token', '=', token)
    .executeTakeFirstOrThrow();
  return { student: s, token, id: row.id };
}

const event = (id: string, kind: string, at = '2026-01-01T10:00:00.000Z') => ({ id, kind, at });

function eventsOf(sessionId: number) {
  return server.db
    .selectFrom('exam_session_events')
    .selectAll()
    .where('session_id', '=', sessionId)
    .orderBy('id')
    .execute();
}

describe('what the exam page reports', () => {
  it('keeps each event once with the server’s time, also when the outbox sends it again', async () => {
    const exam = await makeExam(server.db);
    const { student, token, id } = await started(exam);
    const body = {
      session_token: token,
      events: [
        event('evt-aaaaaaaa', 'hidden', '2026-01-01T10:00:05.000Z'),
        event('evt-bbbbbbbb', 'visible', '2026-01-01T10:00:35.000Z'),
        event('evt-aaaaaaaa', 'hidden', '2026-01-01T10:00:05.000Z'),
      ],
    };
    const first = await call(student.token, 'POST', '/exams/session/events', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ recorded: 2 });
    // The outbox did not hear the answer and sends both again, with a new one.
    clock.advance(60_000);
    const again = await call(student.token, 'POST', '/exams/session/events', {
      ...body,
      events: [...body.events, event('evt-cccccccc', 'offline')],
    });
    expect(again.json()).toEqual({ recorded: 1 });
    const rows = (await eventsOf(id)).filter((r) => r.client_id !== null);
    expect(rows.map((r) => [r.client_id, r.kind, r.client_at])).toEqual([
      ['evt-aaaaaaaa', 'hidden', '2026-01-01T10:00:05.000Z'],
      ['evt-bbbbbbbb', 'visible', '2026-01-01T10:00:35.000Z'],
      ['evt-cccccccc', 'offline', '2026-01-01T10:00:00.000Z'],
    ]);
    // Stamped with the server's clock when they arrived, not the device's.
    const arrivals = rows.map((r) => Date.parse(r.created_at));
    expect(arrivals[2]! - arrivals[0]!).toBe(60_000);
    expect(arrivals[0]).toBe(arrivals[1]);
  });

  it('takes events after the session ended (offline ones arrive late), and only for its owner', async () => {
    const exam = await makeExam(server.db);
    const { student, token, id } = await started(exam);
    expect(
      (
        await call(student.token, 'POST', '/exams/session/submit', {
          session_token: token,
          answers: [],
        })
      ).statusCode,
    ).toBe(200);
    const late = await call(student.token, 'POST', '/exams/session/events', {
      session_token: token,
      events: [event('late-0001', 'online')],
    });
    expect(late.json()).toEqual({ recorded: 1 });
    const other = await makeStudent(server.db);
    const stranger = await call(other.token, 'POST', '/exams/session/events', {
      session_token: token,
      events: [event('forged-01', 'visible')],
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect((await eventsOf(id)).map((r) => r.client_id)).not.toContain('forged-01');
  });

  it('refuses an unknown kind, a malformed id, a server-only kind and more than 100 at once', async () => {
    const exam = await makeExam(server.db);
    const { student, token, id } = await started(exam);
    const bodies = [
      [event('good-id-01', 'cheating')],
      [event('short', 'hidden')],
      [event('has space 1', 'hidden')],
      [event('server-kind-1', 'second_device')],
      [{ id: 'no-time-01', kind: 'hidden' }],
      Array.from({ length: 101 }, (_, i) => event(`many-${String(i).padStart(4, '0')}`, 'hidden')),
    ];
    for (const events of bodies) {
      const res = await call(student.token, 'POST', '/exams/session/events', {
        session_token: token,
        events,
      });
      expect(res.statusCode, JSON.stringify(events[0])).toBe(422);
    }
    expect(await eventsOf(id)).toEqual([]);
  });

  it('keeps at most EXAM_EVENTS_MAX events of a session', async () => {
    const exam = await makeExam(server.db);
    const { student, token, id } = await started(exam);
    const now = new Date().toISOString();
    await server.db
      .insertInto('exam_session_events')
      .values(
        Array.from({ length: EXAM_EVENTS_MAX - 1 }, (_, i) => ({
          session_id: id,
          client_id: `fill-${i}`,
          kind: 'hidden',
          client_at: now,
          detail: null,
          created_at: now,
        })),
      )
      .execute();
    const res = await call(student.token, 'POST', '/exams/session/events', {
      session_token: token,
      events: [event('last-room-1', 'visible'), event('no-room-01', 'hidden')],
    });
    expect(res.json()).toEqual({ recorded: 1 });
    expect(await eventsOf(id)).toHaveLength(EXAM_EVENTS_MAX);
  });
});

describe('what the server sees when the session is opened', () => {
  it('records the first opening, another sign-in and another address, and nothing for the same again', async () => {
    const exam = await makeExam(server.db);
    const { student, token, id } = await started(exam);
    const view = (bearer: string, address: string) =>
      call(bearer, 'GET', `/exams/session?session_token=${token}`, undefined, address);
    expect((await view(student.token, '10.0.0.1')).statusCode).toBe(200);
    await view(student.token, '10.0.0.1'); // a reload: nothing new
    const secondPhone = await tokenForUser(server.db, student.userId);
    await view(secondPhone, '10.0.0.1');
    await view(secondPhone, '10.0.0.9');
    await view(secondPhone, '10.0.0.9');
    const kinds = (await eventsOf(id)).map((r) => [r.kind, JSON.parse(r.detail!).address]);
    expect(kinds).toEqual([
      ['opened', '10.0.0.1'],
      ['second_device', '10.0.0.1'],
      ['new_address', '10.0.0.9'],
    ]);
  });

  it('records nothing for a finished session opened again (its review)', async () => {
    const exam = await makeExam(server.db);
    const { student, token, id } = await started(exam);
    await call(student.token, 'POST', '/exams/session/submit', {
      session_token: token,
      answers: [],
    });
    await call(
      student.token,
      'GET',
      `/exams/session?session_token=${token}`,
      undefined,
      '10.9.9.9',
    );
    expect(await eventsOf(id)).toEqual([]);
  });
});

describe('what staff read', () => {
  it('counts each session’s record, filters the flagged ones, shows the timeline and exports the counts', async () => {
    const exam = await makeExam(server.db);
    const quiet = await started(exam);
    const away = await started(exam);
    await call(away.student.token, 'POST', '/exams/session/events', {
      session_token: away.token,
      events: [
        event('away-0001', 'hidden'),
        event('away-0002', 'visible'),
        event('away-0003', 'hidden'),
        event('away-0004', 'offline'),
      ],
    });
    await call(away.student.token, 'GET', `/exams/session?session_token=${away.token}`);
    const other = await tokenForUser(server.db, away.student.userId);
    await call(other, 'GET', `/exams/session?session_token=${away.token}`, undefined, '10.1.1.1');

    const list = await call(
      staffToken,
      'GET',
      `/staff/exam-sessions?exam_id=${exam.id}&sort=id&order=ASC`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const integrity = new Map(
      (list.json().data as { id: number; integrity: object }[]).map((s) => [s.id, s.integrity]),
    );
    expect(integrity.get(quiet.id)).toEqual({ away: 0, other_devices: 0, other_addresses: 0 });
    // Two times away; another sign-in from another address is one "other device".
    expect(integrity.get(away.id)).toEqual({ away: 2, other_devices: 1, other_addresses: 0 });

    const ids = async (flagged: string) =>
      (await call(staffToken, 'GET', `/staff/exam-sessions?exam_id=${exam.id}&flagged=${flagged}`))
        .json()
        .data.map((s: { id: number }) => s.id);
    expect(await ids('true')).toEqual([away.id]);
    expect(await ids('false')).toEqual([quiet.id]);

    const timeline = await call(staffToken, 'GET', `/staff/exam-sessions/${away.id}/events`);
    expect(timeline.statusCode).toBe(200);
    const events = timeline.json().data.map((e: unknown) => staffExamSessionEventSchema.parse(e));
    expect(
      events.map((e: { kind: string; address: string | null }) => [e.kind, e.address]),
    ).toEqual([
      ['hidden', null],
      ['visible', null],
      ['hidden', null],
      ['offline', null],
      ['opened', '127.0.0.1'],
      ['second_device', '10.1.1.1'],
    ]);
    expect((await call(staffToken, 'GET', '/staff/exam-sessions/999999/events')).statusCode).toBe(
      404,
    );
    // A student cannot read it.
    expect(
      (await call(away.student.token, 'GET', `/staff/exam-sessions/${away.id}/events`)).statusCode,
    ).toBe(403);

    // The results CSV lists submitted sessions.
    for (const s of [quiet, away]) {
      await call(s.student.token, 'POST', '/exams/session/submit', {
        session_token: s.token,
        answers: [],
      });
    }
    const csv = await call(staffToken, 'GET', `/staff/exams/${exam.id}/results.csv`);
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const columns = header!.split(',');
    const at = (name: string) => columns.indexOf(name);
    expect(at('مرات مغادرة صفحة الامتحان')).toBeGreaterThan(-1);
    const row = lines.map((l) => l.split(',')).find((c) => c[0] === String(away.id))!;
    expect(row[at('مرات مغادرة صفحة الامتحان')]).toBe('2');
    expect(row[at('فتح من جهاز آخر')]).toBe('1');
    expect(row[at('فتح من عنوان آخر')]).toBe('0');
  });
});
