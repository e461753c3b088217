import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, type ExamAttempts, type ExamDetails } from '@dars/contract';
import { examDetailsFixture, resultSessionFixture } from '../../../test/exam-fixtures';
import { settingsFixture, userFixture } from '../../../test/fixtures';
import { calledUrls, mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { ExamEntryPage } from './exam-entry-page';

const user = userFixture();

function renderEntry(path: string, { generalExams = true } = {}) {
  return renderRoutes(
    [
      { path: '/exams', element: <ExamEntryPage /> },
      { path: '/exams/session', element: <h1>session screen</h1> },
      { path: '/courses/:id', element: <h1>course page</h1> },
    ],
    { path, user, settings: settingsFixture({ enable_gen_exm: generalExams }) },
  );
}

function examApi(details: ExamDetails | { status: number; code: string }) {
  return mockApi({
    'GET /api/v1/exams/details': () =>
      'status' in details
        ? { status: details.status, body: { message: 'x', code: details.code } }
        : { body: { data: details } },
    'POST /api/v1/exams/session': () => ({ body: { data: { token: 'tok-9' } } }),
  });
}

const codeField = () => screen.getByRole('textbox', { name: 'كود الامتحان' });
const enterButton = () => screen.getByRole('button', { name: 'دخول' });

describe('ExamEntryPage', () => {
  it('keeps the enter button disabled until a code is typed, spaces not counting', async () => {
    const api = examApi(examDetailsFixture());
    renderEntry('/exams');
    expect(enterButton()).toBeDisabled();
    await userEvent.type(codeField(), '   ');
    expect(enterButton()).toBeDisabled();
    await userEvent.type(codeField(), 'G10 01');
    expect(enterButton()).toBeEnabled();
    await userEvent.click(enterButton());
    expect(await screen.findByRole('heading', { name: 'امتحان الجبر الشهري' })).toBeVisible();
    expect(calledUrls(api)).toContain('/api/v1/exams/details?exam_code=G1001');
  });

  it('shows the details with "N minutes", the question count and the start button', async () => {
    examApi(examDetailsFixture({ duration: 30, questions_count: 3 }));
    renderEntry('/exams?exam_code=G1001');
    expect(await screen.findByText('الوحدة الأولى والثانية')).toBeVisible();
    expect(screen.getByText('30 دقيقة')).toBeVisible();
    expect(screen.getByText('3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'ابدأ الامتحان' })).toBeEnabled();
    // An exam given by its link has no code field.
    expect(screen.queryByRole('textbox', { name: 'كود الامتحان' })).not.toBeInTheDocument();
  });

  it("reads an open exam's duration as 'open'", async () => {
    examApi(examDetailsFixture({ duration: null }));
    renderEntry('/exams?exam_code=G1001');
    expect(await screen.findByText('مفتوح')).toBeVisible();
  });

  it('saves the entered code with its time, and offers it again within 180 minutes', async () => {
    examApi(examDetailsFixture());
    const { unmount } = renderEntry('/exams');
    await userEvent.type(codeField(), 'G1001');
    await userEvent.click(enterButton());
    await screen.findByRole('heading', { name: 'امتحان الجبر الشهري' });
    const saved = JSON.parse(window.localStorage.getItem(STORAGE_KEYS.examCode)!);
    expect(saved.code).toBe('G1001');
    expect(Date.now() - saved.savedAt).toBeLessThan(5000);
    unmount();

    renderEntry('/exams');
    expect(codeField()).toHaveValue('G1001');
    expect(await screen.findByRole('heading', { name: 'امتحان الجبر الشهري' })).toBeVisible();
  });

  it('forgets a code saved more than 180 minutes ago', () => {
    const api = examApi(examDetailsFixture());
    window.localStorage.setItem(
      STORAGE_KEYS.examCode,
      JSON.stringify({ code: 'G1001', savedAt: Date.now() - 181 * 60_000 }),
    );
    renderEntry('/exams');
    expect(codeField()).toHaveValue('');
    expect(api).not.toHaveBeenCalled();
  });

  it('sends a course_id without a code back to the course page', async () => {
    mockApi({});
    const { router } = renderEntry('/exams?course_id=5');
    expect(
      screen.getByRole('heading', { level: 1, name: 'ادخل الامتحان من صفحة الدورة' }),
    ).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'رجوع' }));
    expect(router.state.location.pathname).toBe('/courses/5');
  });

  it('offers no code field when there are no general exams', () => {
    mockApi({});
    renderEntry('/exams', { generalExams: false });
    expect(screen.getByRole('heading', { name: 'ادخل الامتحان من صفحة الدورة' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'رجوع' })).toBeVisible();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("opens a lecture's exam from its link even without general exams", async () => {
    examApi(examDetailsFixture());
    renderEntry('/exams?exam_code=L0003&course_id=5', { generalExams: false });
    expect(await screen.findByRole('heading', { name: 'امتحان الجبر الشهري' })).toBeVisible();
  });

  it('names a wrong typed code, and a missing exam opened from a lecture', async () => {
    examApi({ status: 404, code: 'EXAM_NOT_FOUND' });
    const { unmount } = renderEntry('/exams?exam_code=L0003&course_id=5');
    expect(await screen.findByText('الامتحان غير موجود')).toBeVisible();
    unmount();
    renderEntry('/exams');
    await userEvent.type(codeField(), 'NOPE');
    await userEvent.click(enterButton());
    expect(await screen.findByText('الكود الذي أدخلته غير صحيح')).toBeVisible();
    expect(window.localStorage.getItem(STORAGE_KEYS.examCode)).toBeNull();
  });

  it('says when the exam has not started or entry has closed', async () => {
    examApi({ status: 403, code: 'EXAM_NOT_STARTED' });
    const { unmount } = renderEntry('/exams?exam_code=G1');
    expect(await screen.findByText('لم يبدأ الامتحان بعد، انتظر حتى يحين موعده')).toBeVisible();
    unmount();
    examApi({ status: 403, code: 'EXAM_ENDED' });
    renderEntry('/exams?exam_code=G2');
    expect(await screen.findByText('انتهى الوقت المسموح به لدخول الامتحان')).toBeVisible();
  });

  it.each([
    [{ active_session: true, has_session: true }, 'متابعة الامتحان', 'لقد بدأت هذا الامتحان'],
    [{ has_session: true, show_result: true }, 'عرض النتيجة', 'لقد أديت هذا الامتحان من قبل'],
    [{ has_session: true, show_result: false }, 'عرض الجلسة', 'لقد أديت هذا الامتحان من قبل'],
  ])('shows one button for %o: %s', async (flags, button, notice) => {
    examApi(examDetailsFixture(flags));
    renderEntry('/exams?exam_code=G1001');
    expect(await screen.findByRole('button', { name: button })).toBeVisible();
    expect(screen.getByText(new RegExp(notice))).toBeVisible();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('starts the exam and opens its session with the course', async () => {
    const api = examApi(examDetailsFixture());
    const { router } = renderEntry('/exams?exam_code=L0003&course_id=5');
    await userEvent.click(await screen.findByRole('button', { name: 'ابدأ الامتحان' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams/session'));
    expect(router.state.location.search).toBe('?sessionToken=tok-9&course_id=5&exam_code=L0003');
    expect(router.state.location.state).toEqual({ startedNow: true });
    const start = api.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(start?.[1]?.body))).toEqual({ exam_id: 12 });
  });

  it('says when the exam cannot be started now', async () => {
    mockApi({
      'GET /api/v1/exams/details': () => ({ body: { data: examDetailsFixture() } }),
      'POST /api/v1/exams/session': () => ({
        status: 403,
        body: { message: 'x', code: 'EXAM_NOT_ACTIVE' },
      }),
    });
    renderEntry('/exams?exam_code=G1001');
    await userEvent.click(await screen.findByRole('button', { name: 'ابدأ الامتحان' }));
    expect(await screen.findByText('لا يمكنك بدء الامتحان في الوقت الحالي')).toBeVisible();
  });
});

describe('ExamEntryPage: attempts (ADR 047)', () => {
  const attempts = (over: Partial<ExamAttempts>): ExamAttempts => ({
    current: 1,
    allowed: 3,
    rule: 'best',
    can_start: false,
    next_at: null,
    ...over,
  });

  it('says how many attempts the exam allows before the first, and which one counts', async () => {
    examApi(
      examDetailsFixture({ attempts: attempts({ current: 0, allowed: 2, can_start: true }) }),
    );
    renderEntry('/exams?exam_code=G1001');
    expect(await screen.findByText('لك في هذا الامتحان محاولتان')).toBeVisible();
    expect(screen.getByText('تُحتسب أعلى درجة')).toBeVisible();
    expect(screen.getByRole('button', { name: 'ابدأ الامتحان' })).toBeVisible();
  });

  it('starts the next attempt when the last is finished, the earlier results a link away', async () => {
    const api = mockApi({
      'GET /api/v1/exams/details': () => ({
        body: {
          data: examDetailsFixture({
            has_session: true,
            attempts: attempts({ current: 1, rule: 'last', can_start: true }),
          }),
        },
      }),
      'GET /api/v1/exams/results': () => ({ body: { data: [resultSessionFixture()] } }),
      'POST /api/v1/exams/session': () => ({ body: { data: { token: 'tok-10' } } }),
    });
    const { router } = renderEntry('/exams?exam_code=G1001&course_id=5');
    expect(await screen.findByText('المحاولة 1 من 3')).toBeVisible();
    expect(screen.getByText('تُحتسب آخر محاولة')).toBeVisible();
    // Starting a new attempt is recorded like the first: the notice says so again.
    expect(screen.getByText(/يُسجَّل خروجك/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'نتائج محاولاتك' })).toHaveAttribute(
      'href',
      '/my-exams/exams',
    );
    await userEvent.click(screen.getByRole('button', { name: 'ابدأ المحاولة 2' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/exams/session'));
    expect(router.state.location.search).toBe('?sessionToken=tok-10&course_id=5&exam_code=G1001');
    expect(router.state.location.state).toEqual({ startedNow: true });
    expect(calledUrls(api)).toContain('/api/v1/exams/results');
  });

  it('links a homework’s earlier results to the homework results', async () => {
    mockApi({
      'GET /api/v1/exams/details': () => ({
        body: {
          data: examDetailsFixture({
            has_session: true,
            attempts: attempts({ can_start: true }),
          }),
        },
      }),
      'GET /api/v1/exams/results': () => ({ body: { data: [] } }),
    });
    renderEntry('/exams?exam_code=H7');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'نتائج محاولاتك' })).toHaveAttribute(
        'href',
        '/my-exams/homeworks',
      ),
    );
  });

  it('says when the next attempt opens, in Cairo’s time, and shows the last result meanwhile', async () => {
    examApi(
      examDetailsFixture({
        has_session: true,
        attempts: attempts({ current: 1, rule: 'average', next_at: '2026-12-01T08:00:00.000Z' }),
      }),
    );
    renderEntry('/exams?exam_code=G1001');
    expect(await screen.findByText('المحاولة 1 من 3')).toBeVisible();
    expect(screen.getByText('يُحتسب متوسط المحاولات')).toBeVisible();
    expect(screen.getByText('تُتاح المحاولة 2 ابتداءً من 1 ديسمبر 2026 في 10:00 ص')).toBeVisible();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'عرض النتيجة' })).toBeVisible();
  });

  it('says every attempt is used after the last', async () => {
    examApi(examDetailsFixture({ has_session: true, attempts: attempts({ current: 3 }) }));
    renderEntry('/exams?exam_code=G1001');
    expect(await screen.findByText('المحاولة 3 من 3')).toBeVisible();
    expect(screen.getByText('استخدمت كل المحاولات المتاحة')).toBeVisible();
    expect(screen.queryByText('لقد أديت هذا الامتحان من قبل.')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'عرض النتيجة' })).toBeVisible();
  });

  it('says nothing of attempts for an exam of one attempt', async () => {
    examApi(
      examDetailsFixture({ has_session: true, attempts: attempts({ current: 1, allowed: 1 }) }),
    );
    renderEntry('/exams?exam_code=G1001');
    expect(await screen.findByText('لقد أديت هذا الامتحان من قبل.')).toBeVisible();
    expect(screen.queryByText(/المحاولة|محاولة|تُحتسب/)).not.toBeInTheDocument();
  });
});
