import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AnswerAttempt,
  ExamAnswerInput,
  ExamAttempts,
  ExamDetails,
  ExamEventInput,
  ExamResult,
  GetExamSessionResponse,
} from '@dars/contract';
import {
  attemptFixture,
  examDetailsFixture,
  resultFixture,
  sessionFixture,
} from '../../../test/exam-fixtures';
import { userFixture } from '../../../test/fixtures';
import { calledUrls, mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { onDesktop } from '../../../test/screen-size';
import { outboxKey } from '../lib/answer-outbox';
import { ExamEntryPage } from './exam-entry-page';
import { ExamSessionPage } from './exam-session-page';

const TOKEN = 'tok-1';
const SESSION_PATH = `/exams/session?sessionToken=${TOKEN}&course_id=5`;

/**
 * A server holding one session: it saves answers (keeping the highest seq per question, as
 * ADR 016 says), can be taken offline, can end the session, and records the order of calls.
 */
function sessionServer(initial: GetExamSessionResponse = sessionFixture()) {
  const data = structuredClone(initial);
  const log: string[] = [];
  const answerCalls: ExamAnswerInput[][] = [];
  const eventCalls: ExamEventInput[][] = [];
  const submitCalls: ExamAnswerInput[][] = [];
  const state = {
    offline: false,
    ended: false,
    submitFails: false,
    answersFail: false,
    remaining: initial.session.remaining_seconds,
    result: resultFixture() as ExamResult | null,
    /** While set, an answers call waits for it before the server reads it. */
    hold: null as Promise<void> | null,
  };
  const seqs = new Map<number, number>();

  const save = (answers: ExamAnswerInput[]) => {
    for (const a of answers) {
      if ((seqs.get(a.question_id) ?? -1) >= (a.seq ?? 0)) continue;
      seqs.set(a.question_id, a.seq ?? 0);
      const others = data.answer_attempts.filter((x) => x.question_id !== a.question_id);
      const attempt: AnswerAttempt = attemptFixture({
        question_id: a.question_id,
        answer_id: a.chosen_answer ?? null,
        answer_text: a.answer_text ?? null,
      });
      data.answer_attempts = a.answer_text === '' ? others : [...others, attempt];
    }
  };
  const down = () => {
    if (state.offline) throw new TypeError('Failed to fetch');
  };

  const api = mockApi({
    'GET /api/v1/exams/session': () => {
      down();
      log.push('get');
      return {
        body: { ...data, session: { ...data.session, remaining_seconds: state.remaining } },
      };
    },
    'POST /api/v1/exams/session/answers': async (_url, init) => {
      await state.hold;
      down();
      log.push('answers');
      if (state.answersFail) return { status: 503, body: { message: 'x' } };
      if (state.ended) {
        data.session.active = false;
        return { status: 409, body: { message: 'x', code: 'SESSION_ENDED' } };
      }
      const { answers } = JSON.parse(String(init?.body)) as { answers: ExamAnswerInput[] };
      answerCalls.push(answers);
      save(answers);
      return {
        body: { remaining_seconds: state.remaining, answer_attempts: data.answer_attempts },
      };
    },
    'POST /api/v1/exams/session/events': (_url, init) => {
      down();
      const { events } = JSON.parse(String(init?.body)) as { events: ExamEventInput[] };
      eventCalls.push(events);
      return { body: { recorded: events.length } };
    },
    'POST /api/v1/exams/session/submit': (_url, init) => {
      down();
      log.push('submit');
      const { answers } = JSON.parse(String(init?.body)) as { answers: ExamAnswerInput[] };
      submitCalls.push(answers);
      if (state.submitFails) return { status: 500, body: { message: 'x' } };
      save(answers);
      data.session.active = false;
      data.result = state.result;
      return {
        body: {
          result: state.result,
          answer_attempts: data.answer_attempts,
          questions: data.questions,
        },
      };
    },
  });
  return { api, data, log, answerCalls, eventCalls, submitCalls, state };
}

function renderSession(path = SESSION_PATH) {
  return renderRoutes(
    [
      { path: '/exams', element: <ExamEntryPage /> },
      { path: '/exams/session', element: <ExamSessionPage /> },
      { path: '/courses/:id', element: <h1>course page</h1> },
    ],
    { path, user: userFixture() },
  );
}

const storedOutbox = () => JSON.parse(window.localStorage.getItem(outboxKey(TOKEN)) ?? 'null');
async function dismissWelcome() {
  await userEvent.click(await screen.findByRole('button', { name: 'متابعة الامتحان' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('ExamSessionPage: the integrity record (ADR 044)', () => {
  it('reports leaving the page and coming back, and the network going and coming back', async () => {
    const server = sessionServer();
    renderSession();
    await dismissWelcome();
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    visibility.mockRestore();
    await waitFor(() =>
      expect(server.eventCalls.flat().map((e) => e.kind)).toEqual(['hidden', 'visible']),
    );
    act(() => void window.dispatchEvent(new Event('offline')));
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() =>
      expect(server.eventCalls.flat().map((e) => e.kind)).toEqual([
        'hidden',
        'visible',
        'offline',
        'online',
      ]),
    );
    const ids = server.eventCalls.flat().map((e) => e.id);
    expect(new Set(ids).size).toBe(4);
  });
});

describe('ExamSessionPage: answering', () => {
  it('shows the question, its place and the countdown, and sends a choice at once', async () => {
    const server = sessionServer();
    renderSession();
    await dismissWelcome();
    expect(screen.getByText('السؤال 1 من 3')).toBeVisible();
    expect(screen.getByRole('timer')).toHaveAccessibleName(/^الوقت المتبقي (20:00|19:5\d)$/);
    expect(screen.getByText('ما ناتج 2 + 3؟')).toBeVisible();

    await userEvent.click(screen.getByRole('radio', { name: '5' }));
    await waitFor(() => expect(server.answerCalls).toHaveLength(1));
    expect(server.answerCalls[0]).toEqual([
      { question_id: 101, chosen_answer: 1012, seq: expect.any(Number) },
    ]);
    expect(await screen.findByText('تم الحفظ')).toBeVisible();
    expect(storedOutbox().answers).toEqual([]);

    // The same choice again sends nothing.
    await userEvent.click(screen.getByRole('radio', { name: '5' }));
    await userEvent.click(screen.getByRole('radio', { name: '6' }));
    await waitFor(() => expect(server.answerCalls).toHaveLength(2));
    expect(server.answerCalls[1]![0]!.seq).toBeGreaterThan(server.answerCalls[0]![0]!.seq!);
  });

  it("offers true/false as 'صواب' and 'خطأ', with the question's image in a viewer", async () => {
    sessionServer();
    renderSession();
    await dismissWelcome();
    await userEvent.click(screen.getByRole('button', { name: 'السؤال التالي' }));
    expect(screen.getByText('السؤال 2 من 3')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'صواب' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'خطأ' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /عرض الصورة كاملة/ }));
    const viewer = screen.getByRole('dialog', { name: 'الصورة كاملة' });
    expect(within(viewer).getByRole('img', { name: 'صورة السؤال' })).toHaveAttribute(
      'src',
      '/uploads/q102.png',
    );
  });

  it('sends an essay after a 1 s pause in typing, not on every key', async () => {
    const server = sessionServer();
    renderSession();
    await dismissWelcome();
    await userEvent.click(screen.getByRole('button', { name: 'عرض قائمة الأسئلة' }));
    await userEvent.click(await screen.findByRole('button', { name: /السؤال 3،/ }));
    await waitFor(() => expect(screen.queryByRole('presentation')).not.toBeInTheDocument());
    const essay = screen.getByRole('textbox', { name: 'إجابتك' });
    expect(essay).toHaveAttribute('rows', '6');
    await userEvent.type(essay, 'يوزَّع الضرب');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.answerCalls).toHaveLength(0);
    await waitFor(() => expect(server.answerCalls).toHaveLength(1), { timeout: 2000 });
    expect(server.answerCalls[0]).toEqual([
      { question_id: 103, answer_text: 'يوزَّع الضرب', seq: expect.any(Number) },
    ]);
  });

  it('says an essay is not saved from its first key, saving while it is sent, then saved', async () => {
    const server = sessionServer();
    let release = () => {};
    server.state.hold = new Promise<void>((resolve) => (release = resolve));
    renderSession();
    await dismissWelcome();
    await userEvent.click(screen.getByRole('button', { name: 'عرض قائمة الأسئلة' }));
    await userEvent.click(await screen.findByRole('button', { name: /السؤال 3،/ }));
    await waitFor(() => expect(screen.queryByRole('presentation')).not.toBeInTheDocument());
    const status = within(screen.getByRole('region', { name: 'السؤال 3' })).getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent(/^$/);
    // The first key: not saved yet, at once, long before the 1 s pause has passed. On a busy
    // machine typing itself can take longer than the pause (seen in two full runs at load 14):
    // the "not yet" state is only checked when the keys took less than the pause.
    const typed = performance.now();
    await userEvent.type(screen.getByRole('textbox', { name: 'إجابتك' }), 'ي');
    if (performance.now() - typed < 800) expect(status).toHaveTextContent(/^لم يُحفظ بعد$/);
    const more = performance.now();
    await userEvent.type(screen.getByRole('textbox', { name: 'إجابتك' }), 'وزَّع');
    const done = performance.now();
    if (done - more < 800) expect(status).toHaveTextContent(/^لم يُحفظ بعد$/);
    // Both keys within the pause: one call. Slower, the first key's own call may go first.
    const oneCall = done - typed < 800;
    // The pause passed: the call is on its way (held by the server).
    await waitFor(() => expect(status).toHaveTextContent(/^جارٍ الحفظ…$/), { timeout: 2000 });
    expect(server.answerCalls).toHaveLength(0);
    release();
    await waitFor(() => expect(status).toHaveTextContent(/^تم الحفظ$/));
    const last = [{ question_id: 103, answer_text: 'يوزَّع', seq: expect.any(Number) }];
    if (oneCall) expect(server.answerCalls).toEqual([last]);
    else expect(server.answerCalls.at(-1)).toEqual(last);
  });

  it('numbers its answers above the seq of an answer another device saved', async () => {
    // Seconds since 2025 on a device whose clock is a year ahead of this one's.
    const ahead = Math.floor((Date.now() - Date.UTC(2025, 0, 1)) / 1000) + 365 * 86_400;
    const server = sessionServer(
      sessionFixture({
        answer_attempts: [attemptFixture({ question_id: 102, answer_id: 1021, seq: ahead })],
      }),
    );
    renderSession();
    await dismissWelcome();
    await userEvent.click(screen.getByRole('radio', { name: '5' }));
    await waitFor(() => expect(server.answerCalls).toHaveLength(1));
    expect(server.answerCalls[0]![0]!.seq).toBe(ahead + 1);
  });

  it('marks solved questions in the question list, a drawer on phones', async () => {
    sessionServer(
      sessionFixture({ answer_attempts: [attemptFixture({ question_id: 102, answer_id: 1021 })] }),
    );
    renderSession();
    await dismissWelcome();
    expect(screen.queryByRole('navigation', { name: 'قائمة الأسئلة' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'عرض قائمة الأسئلة' }));
    expect(await screen.findByRole('dialog', { name: 'قائمة الأسئلة' })).toBeVisible();
    const list = screen.getByRole('navigation', { name: 'قائمة الأسئلة' });
    expect(within(list).getByRole('button', { name: 'السؤال 2، تمت الإجابة' })).toBeVisible();
    expect(within(list).getByRole('button', { name: 'السؤال 1، لم تتم الإجابة' })).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it('keeps the question list beside the question on desktop', async () => {
    onDesktop();
    sessionServer();
    renderSession();
    await dismissWelcome();
    expect(screen.getByRole('navigation', { name: 'قائمة الأسئلة' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'عرض قائمة الأسئلة' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /^السؤال 2،/ }));
    expect(screen.getByText('السؤال 2 من 3')).toBeVisible();
  });

  it('asks the browser to confirm leaving while the exam runs', async () => {
    sessionServer();
    renderSession();
    await dismissWelcome();
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });
});

describe('ExamSessionPage: never losing an answer', () => {
  it('keeps answers on the device while offline, says so calmly, and sends them when back', async () => {
    const server = sessionServer();
    renderSession();
    await dismissWelcome();
    server.state.offline = true;
    await userEvent.click(screen.getByRole('radio', { name: '5' }));
    expect(await screen.findByText(/أنت غير متصل بالإنترنت الآن/)).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Looked up and checked in one go: each retry of the outbox (1, 2, 4, 8 s) shows «جارٍ
    // الحفظ…» and then a new «بانتظار الإرسال» line, so a line found earlier may be gone.
    await waitFor(() => expect(screen.getByText('بانتظار الإرسال')).toBeVisible());
    expect(storedOutbox().answers).toEqual([
      { question_id: 101, chosen_answer: 1012, seq: expect.any(Number) },
    ]);

    server.state.offline = false;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(server.answerCalls).toHaveLength(1));
    expect(await screen.findByText('تم الحفظ')).toBeVisible();
    expect(screen.queryByText(/أنت غير متصل بالإنترنت الآن/)).not.toBeInTheDocument();
    expect(storedOutbox().answers).toEqual([]);
  });

  it('replays what a closed page left before reading the session, then welcomes back', async () => {
    window.localStorage.setItem(
      outboxKey(TOKEN),
      JSON.stringify({
        lastSeq: 50,
        answers: [
          { question_id: 101, chosen_answer: 1012, seq: 49 },
          { question_id: 103, answer_text: 'نص محفوظ', seq: 50 },
        ],
      }),
    );
    const server = sessionServer();
    renderSession();
    const dialog = await screen.findByRole('dialog', { name: 'مرحباً بعودتك' });
    expect(server.log.slice(0, 2)).toEqual(['answers', 'get']);
    expect(server.answerCalls[0]!.map((a) => a.seq)).toEqual([49, 50]);
    // Two of three answered, one left.
    expect(within(dialog).getByText('أسئلة أجبت عنها').previousSibling).toHaveTextContent('2');
    expect(within(dialog).getByText('أسئلة متبقية').previousSibling).toHaveTextContent('1');
    expect(storedOutbox().answers).toEqual([]);
  });

  it('keeps retrying what a reopened page could not send, with the network up', async () => {
    window.localStorage.setItem(
      outboxKey(TOKEN),
      JSON.stringify({
        lastSeq: 50,
        answers: [{ question_id: 101, chosen_answer: 1012, seq: 50 }],
      }),
    );
    const server = sessionServer();
    server.state.answersFail = true; // the replay before the session is read gets a 503
    renderSession();
    await dismissWelcome();
    // Looked up and checked in one go: each retry of the outbox (1, 2, 4, 8 s) shows «جارٍ
    // الحفظ…» and then a new «بانتظار الإرسال» line, so a line found earlier may be gone.
    await waitFor(() => expect(screen.getByText('بانتظار الإرسال')).toBeVisible());
    expect(server.answerCalls).toEqual([]);

    server.state.answersFail = false;
    // The outbox's own retry (1, 2, 4, 8 s), with no online event and no new answer to wake it.
    await waitFor(() => expect(server.answerCalls).toHaveLength(1), { timeout: 9000 });
    expect(await screen.findByText('تم الحفظ')).toBeVisible();
    expect(storedOutbox().answers).toEqual([]);
  });

  it('does not welcome back a session this click just started', async () => {
    const server = sessionServer();
    mockApi({
      'GET /api/v1/exams/details': () => ({ body: { data: examDetailsFixture() } }),
      'POST /api/v1/exams/session': () => ({ body: { data: { token: TOKEN } } }),
      'GET /api/v1/exams/session': () => ({ body: server.data }),
    });
    renderSession('/exams?exam_code=G1001&course_id=5');
    await userEvent.click(await screen.findByRole('button', { name: 'ابدأ الامتحان' }));
    expect(await screen.findByText('السؤال 1 من 3')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the submitted screen and drops the outbox when the server says time is over', async () => {
    const server = sessionServer();
    renderSession();
    await dismissWelcome();
    server.state.ended = true;
    server.state.result = null;
    await userEvent.click(screen.getByRole('radio', { name: '4' }));
    expect(await screen.findByRole('heading', { name: 'تم تسليم اﻹجابات بنجاح' })).toBeVisible();
    expect(window.localStorage.getItem(outboxKey(TOKEN))).toBeNull();
  });
});

describe('ExamSessionPage: the clock', () => {
  it('turns the chip orange under 600 s and red under 180 s', async () => {
    const server = sessionServer(
      sessionFixture({ session: { token: TOKEN, active: true, remaining_seconds: 599 } }),
    );
    const { unmount } = renderSession();
    await dismissWelcome();
    expect(screen.getByRole('timer')).toHaveAttribute('data-tone', 'warning');
    unmount();
    server.state.remaining = 179;
    renderSession();
    await dismissWelcome();
    expect(screen.getByRole('timer')).toHaveAttribute('data-tone', 'error');
  });

  it("takes the server's time when an answer shows it differs by more than 2 s", async () => {
    // The device's clock stands still: only the server's answers move the countdown.
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.UTC(2026, 10, 23, 9));
    try {
      const server = sessionServer();
      renderSession();
      await dismissWelcome();
      const timer = screen.getByRole('timer');
      expect(timer).toHaveAccessibleName('الوقت المتبقي 20:00');
      server.state.remaining = 1202; // 2 s apart: the local countdown stays
      await userEvent.click(screen.getByRole('radio', { name: '5' }));
      await screen.findByText('تم الحفظ');
      expect(timer).toHaveAccessibleName('الوقت المتبقي 20:00');
      server.state.remaining = 1197; // 3 s apart: the server's time wins
      await userEvent.click(screen.getByRole('radio', { name: '6' }));
      await waitFor(() => expect(timer).toHaveAccessibleName('الوقت المتبقي 19:57'));
    } finally {
      clock.mockRestore();
    }
  });

  it('submits by itself at 0 with what the outbox holds, retries once, then shows submitted', async () => {
    window.localStorage.setItem(
      outboxKey(TOKEN),
      JSON.stringify({ lastSeq: 7, answers: [{ question_id: 101, chosen_answer: 1011, seq: 7 }] }),
    );
    const server = sessionServer(
      sessionFixture({ session: { token: TOKEN, active: true, remaining_seconds: 1 } }),
    );
    // The answer cannot be saved on its own, and the submit fails too.
    server.state.answersFail = true;
    server.state.submitFails = true;
    renderSession();
    expect(
      await screen.findByRole('heading', { name: 'تم تسليم اﻹجابات بنجاح' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(server.submitCalls).toEqual([
      [{ question_id: 101, chosen_answer: 1011, seq: 7 }],
      [{ question_id: 101, chosen_answer: 1011, seq: 7 }],
    ]);
    expect(screen.getByText(/تعذر الاتصال بالخادم لتأكيد التسليم/)).toBeVisible();
  });

  it('says the time ended the exam when the screen submitted by itself and the server took it', async () => {
    sessionServer(
      sessionFixture({ session: { token: TOKEN, active: true, remaining_seconds: 1 } }),
    );
    renderSession();
    expect(
      await screen.findByRole('heading', { name: 'تم تسليم اﻹجابات بنجاح' }, { timeout: 4000 }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'انتهى وقت الامتحان فسُلِّمت إجاباتك المحفوظة تلقائياً. وصلت إجاباتك ولا يمكن تعديلها بعد الآن.',
      ),
    ).toBeVisible();
  });
});

describe('ExamSessionPage: after submission', () => {
  it('submits after confirming, then shows the result and the review', async () => {
    const server = sessionServer(
      sessionFixture({ answer_attempts: [attemptFixture({ question_id: 101, answer_id: 1012 })] }),
    );
    renderSession();
    await dismissWelcome();
    await userEvent.click(screen.getByRole('button', { name: 'تسليم الإجابات' }));
    const confirm = screen.getByRole('dialog', { name: 'تسليم الإجابات' });
    expect(confirm).toHaveTextContent('أجبت عن 1 من 3');
    await userEvent.click(within(confirm).getByRole('button', { name: 'تسليم' }));
    expect(await screen.findByRole('heading', { name: 'تم تسليم اﻹجابات بنجاح' })).toBeVisible();
    expect(server.submitCalls).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'العودة إلى الدورة' })).toHaveAttribute(
      'href',
      '/courses/5',
    );

    await userEvent.click(screen.getByRole('button', { name: 'عرض النتيجة' }));
    expect(screen.getByRole('heading', { name: 'نتيجة الامتحان' })).toBeVisible();
    expect(screen.getByText('ناجح')).toBeVisible();
    expect(screen.getByText('66.67%')).toBeVisible();
    expect(screen.getByText('4 من 6')).toBeVisible();
    expect(screen.getByText('12 دقيقة و34 ثانية')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'مراجعة الإجابات' }));
    expect(screen.getByRole('heading', { level: 1, name: 'مراجعة الإجابات' })).toBeVisible();
  });

  it('keeps the exam open and says so when a submit does not reach the server', async () => {
    const server = sessionServer();
    renderSession();
    await dismissWelcome();
    server.state.submitFails = true;
    await userEvent.click(screen.getByRole('button', { name: 'تسليم الإجابات' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'تسليم الإجابات' })).getByRole('button', {
        name: 'تسليم',
      }),
    );
    expect(await screen.findByText('حدثت مشكلة أثناء تسليم الإجابات')).toBeVisible();
    expect(server.submitCalls).toHaveLength(1);
    expect(screen.getByText('السؤال 1 من 3')).toBeVisible();
  });

  it('opens a submitted session on the submitted screen, saying a hidden result is hidden', async () => {
    sessionServer(
      sessionFixture({
        session: { token: TOKEN, active: false, remaining_seconds: 0 },
        exam: examDetailsFixture({
          has_session: true,
          show_result: false,
          show_detailed_result: false,
        }),
      }),
    );
    renderSession();
    expect(await screen.findByRole('heading', { name: 'تم تسليم اﻹجابات بنجاح' })).toBeVisible();
    expect(screen.getByText('لا تُعرض نتيجة هذا الامتحان')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'عرض النتيجة' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'مراجعة الإجابات' })).not.toBeInTheDocument();
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });

  it('names a session that is not the student’s', async () => {
    mockApi({
      'POST /api/v1/exams/session/answers': () => ({
        body: { remaining_seconds: 1, answer_attempts: [] },
      }),
      'GET /api/v1/exams/session': () => ({
        status: 404,
        body: { message: 'x', code: 'SESSION_NOT_FOUND' },
      }),
    });
    renderSession();
    expect(await screen.findByRole('heading', { name: 'الجلسة غير موجودة' })).toBeVisible();
  });

  it('opens straight on the result when the entry asked to view it', async () => {
    const server = sessionServer();
    server.data.session.active = false;
    server.data.result = resultFixture({ succeeded: false });
    mockApi({
      'GET /api/v1/exams/details': () => ({
        body: { data: examDetailsFixture({ has_session: true }) },
      }),
      'POST /api/v1/exams/session': () => ({ body: { data: { token: TOKEN } } }),
      'GET /api/v1/exams/session': () => ({ body: server.data }),
    });
    renderSession('/exams?exam_code=G1001');
    await userEvent.click(await screen.findByRole('button', { name: 'عرض النتيجة' }));
    expect(await screen.findByRole('heading', { name: 'نتيجة الامتحان' })).toBeVisible();
    expect(screen.getByText('لم تنجح')).toBeVisible();
    fireEvent.click(screen.getByRole('link', { name: 'العودة إلى الامتحانات' }));
  });

  it('says not corrected instead of pass or fail while an essay waits for marks', async () => {
    const server = sessionServer();
    server.data.session.active = false;
    server.data.result = resultFixture({ succeeded: true, corrected: false });
    mockApi({
      'GET /api/v1/exams/details': () => ({
        body: { data: examDetailsFixture({ has_session: true }) },
      }),
      'POST /api/v1/exams/session': () => ({ body: { data: { token: TOKEN } } }),
      'GET /api/v1/exams/session': () => ({ body: server.data }),
    });
    renderSession('/exams?exam_code=G1001');
    await userEvent.click(await screen.findByRole('button', { name: 'عرض النتيجة' }));
    expect(await screen.findByRole('heading', { name: 'نتيجة الامتحان' })).toBeVisible();
    expect(screen.getByText('لم يتم التصحيح')).toBeVisible();
    expect(screen.queryByText('ناجح')).toBeNull();
  });
});

describe('ExamSessionPage: the next attempt (ADR 047)', () => {
  const submitted = () => {
    const server = sessionServer();
    server.data.session.active = false;
    server.data.result = resultFixture();
    return server;
  };
  const withDetails = (server: ReturnType<typeof sessionServer>, details: ExamDetails) =>
    mockApi({
      'GET /api/v1/exams/details': () => ({ body: { data: details } }),
      'GET /api/v1/exams/session': () => ({ body: server.data }),
    });
  const attempts = (over: Partial<ExamAttempts>): ExamAttempts => ({
    current: 1,
    allowed: 2,
    rule: 'best',
    can_start: true,
    next_at: null,
    ...over,
  });

  it('links the submitted and result screens to the exam’s page for the next attempt', async () => {
    withDetails(submitted(), examDetailsFixture({ has_session: true, attempts: attempts({}) }));
    renderSession(`${SESSION_PATH}&exam_code=G1001`);
    const next = await screen.findByRole('link', { name: 'إلى المحاولة 2' });
    expect(next).toHaveAttribute('href', '/exams?exam_code=G1001&course_id=5');
    await userEvent.click(screen.getByRole('button', { name: 'عرض النتيجة' }));
    expect(screen.getByRole('heading', { name: 'نتيجة الامتحان' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'إلى المحاولة 2' })).toBeVisible();
  });

  it('says when the next attempt opens while the student must wait', async () => {
    withDetails(
      submitted(),
      examDetailsFixture({
        has_session: true,
        attempts: attempts({ can_start: false, next_at: '2026-12-01T08:00:00.000Z' }),
      }),
    );
    renderSession(`${SESSION_PATH}&exam_code=G1001`);
    // 08:00 UTC is 10:00 in Cairo (UTC+2 in December).
    expect(
      await screen.findByText('تُتاح المحاولة 2 ابتداءً من 1 ديسمبر 2026 في 10:00 ص'),
    ).toBeVisible();
    expect(screen.queryByRole('link', { name: /المحاولة/ })).not.toBeInTheDocument();
  });

  it('offers nothing when every attempt is used, or without the exam’s code', async () => {
    const api = withDetails(
      submitted(),
      examDetailsFixture({
        has_session: true,
        attempts: attempts({ current: 2, can_start: false }),
      }),
    );
    const { unmount } = renderSession(`${SESSION_PATH}&exam_code=G1001`);
    await screen.findByRole('heading', { name: 'تم تسليم اﻹجابات بنجاح' });
    await waitFor(() => expect(calledUrls(api)).toContain('/api/v1/exams/details?exam_code=G1001'));
    expect(screen.queryByText(/المحاولة/)).not.toBeInTheDocument();
    unmount();

    const older = withDetails(submitted(), examDetailsFixture({ has_session: true }));
    renderSession();
    await screen.findByRole('heading', { name: 'تم تسليم اﻹجابات بنجاح' });
    expect(calledUrls(older).some((url) => url.includes('/exams/details'))).toBe(false);
  });
});
