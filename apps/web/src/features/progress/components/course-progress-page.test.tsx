import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CourseProgress, LectureProgress } from '@dars/contract';
import { routes } from '../../../app/router';
import { userFixture } from '../../../test/fixtures';
import { calledUrls, mockApi } from '../../../test/mock-api';
import { renderRoutes, renderWithApp } from '../../../test/render';
import { CourseProgressPage } from './course-progress-page';

type VideoRow = LectureProgress['videos'][number];
type ExamRow = LectureProgress['exams'][number];

function video(id: number, name: string, percent: number, last: string | null = null): VideoRow {
  return {
    id,
    name,
    duration_seconds: 600,
    watched_seconds: percent * 6,
    position_seconds: percent * 6,
    percent,
    watched: percent >= 90,
    plays: percent > 0 ? 1 : 0,
    first_watched_at: last,
    last_watched_at: last,
  };
}

function exam(id: number, name: string, overrides: Partial<ExamRow> = {}): ExamRow {
  return {
    id,
    name,
    kind: 'exam',
    taken: false,
    score_percent: null,
    waiting_mark: false,
    passed: null,
    finished_at: null,
    ...overrides,
  };
}

/**
 * Course 5: two open lectures and a locked one. In the open ones, 1 of 3 videos watched (one at
 * 40 %, one not started), 1 of 2 attachments opened, 2 of 3 exams and homework taken (one
 * scored 85.5 % and passed, one waiting for its mark): 4 of 8 done in the open lectures. The
 * locked lecture adds a video and an exam to the totals: 1 of 4 videos, 2 of 4 exams, 40 %.
 */
const progress: CourseProgress = {
  course: { id: 5, name: 'الفيزياء للصف الثالث' },
  summary: {
    videos: { done: 1, total: 4 },
    attachments: { done: 1, total: 2 },
    exams: { done: 2, total: 4 },
    percent: 40,
  },
  lectures: [
    {
      id: 31,
      name: 'الحركة',
      open: true,
      videos: [
        video(71, 'مقدمة الحركة', 100, '2026-03-02T08:30:00Z'),
        video(72, 'الحركة في خط مستقيم', 40, '2026-03-03T08:30:00Z'),
      ],
      attachments: [{ id: 81, name: 'ملخص الحركة', opened_at: '2026-03-01T10:05:00Z' }],
      exams: [
        exam(91, 'امتحان الحركة', {
          taken: true,
          score_percent: 85.5,
          passed: true,
          finished_at: '2026-03-04T09:00:00Z',
        }),
        exam(92, 'واجب الحركة', {
          kind: 'homework',
          taken: true,
          waiting_mark: true,
          finished_at: '2026-03-04T10:00:00Z',
        }),
      ],
    },
    {
      id: 32,
      name: 'القوى',
      open: true,
      videos: [video(73, 'قوانين نيوتن', 0)],
      attachments: [{ id: 82, name: 'تمارين القوى', opened_at: null }],
      exams: [exam(93, 'واجب القوى', { kind: 'homework' })],
    },
    {
      id: 33,
      name: 'الطاقة',
      open: false,
      videos: [video(74, 'الطاقة الحركية', 0)],
      attachments: [],
      exams: [exam(94, 'امتحان الطاقة')],
    },
  ],
};

function progressApi(body: CourseProgress | null, status = 200) {
  return mockApi({
    'GET /api/v1/courses/5/progress': () =>
      body ? { body: { data: body } } : { status, body: { message: 'الدورة غير موجودة' } },
  });
}

function renderPage() {
  return renderWithApp(<CourseProgressPage courseId={5} notFound={<p>غير موجودة</p>} />, {
    user: userFixture(),
  });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('CourseProgressPage', () => {
  it('sums up the course: the bar, the percent and the done of each kind', async () => {
    const api = progressApi(progress);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'تقدّمي في الدورة' })).toBeVisible();
    expect(await screen.findByText('الفيزياء للصف الثالث')).toBeVisible();
    expect(calledUrls(api)).toEqual(['/api/v1/courses/5/progress']);

    const summary = section('ملخص تقدّمك');
    const bar = within(summary).getByRole('progressbar', { name: 'نسبة ما أنجزته من الدورة' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '40٪');
    expect(within(summary).getByText('أنجزت 40٪')).toBeVisible();
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['شاهدت 1 من 4 فيديوهات', 'فتحت 1 من ملفين', 'أديت 2 من 4 امتحانات وواجبات']);
    expect(screen.getByRole('link', { name: 'العودة إلى الدورة' })).toHaveAttribute(
      'href',
      '/courses/5',
    );
  });

  it("lists exactly what is left in the open lectures, each linking to its lecture's tab", async () => {
    progressApi(progress);
    renderPage();
    const left = await screen.findByRole('list', { name: 'ما بقي عليك في المحاضرات المتاحة لك' });
    expect(within(section('المتبقي عليك')).getByRole('list')).toBe(left);
    const links = within(left).getAllByRole('link');
    expect(
      links.map((link) => [link.querySelector('p')?.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['الحركة في خط مستقيم', '/courses/5?lecture=31&tab=videos'],
      ['قوانين نيوتن', '/courses/5?lecture=32&tab=videos'],
      ['تمارين القوى', '/courses/5?lecture=32&tab=attachments'],
      ['واجب القوى', '/courses/5?lecture=32&tab=exams'],
    ]);
    expect(links[0]).toHaveTextContent('فيديو · الحركة');
    expect(links[0]).toHaveTextContent('شاهدت 40٪');
    expect(links[1]).toHaveTextContent('لم تشاهده بعد');
    expect(links[2]).toHaveTextContent('لم تفتحه بعد');
    expect(links[3]).toHaveTextContent('واجب · القوى');
    expect(links[3]).toHaveTextContent('لم تؤدّه بعد');
    // Done items and the locked lecture's are not left.
    expect(within(left).queryByText(/مقدمة الحركة|ملخص الحركة|امتحان الحركة|واجب الحركة/)).toBe(
      null,
    );
    expect(within(left).queryByText(/الطاقة/)).toBe(null);
  });

  it('says a video was started, not «not yet», once anything played of it, under 1 %', async () => {
    // 4 s of a 600 s video: 0 % whole, but played.
    const started = { ...video(73, 'قوانين نيوتن', 0), watched_seconds: 4, plays: 1 };
    const [first, second, ...rest] = progress.lectures;
    progressApi({
      ...progress,
      lectures: [
        first!,
        { ...second!, videos: second!.videos.map((v) => (v.id === 73 ? started : v)) },
        ...rest,
      ],
    });
    renderPage();
    const left = await screen.findByRole('list', { name: 'ما بقي عليك في المحاضرات المتاحة لك' });
    const links = within(left).getAllByRole('link');
    expect(links[1]).toHaveTextContent('قوانين نيوتن');
    expect(links[1]).toHaveTextContent('شاهدت أقل من 1٪');
    expect(links[1]).not.toHaveTextContent('لم تشاهده بعد');
  });

  it("shows each lecture's items with their state, and a locked lecture's way to get it", async () => {
    progressApi(progress);
    renderPage();
    await screen.findByText('أنجزت 40٪');
    const lectures = section('المحاضرات');
    const first = within(lectures).getByRole('region', { name: 'الحركة' });
    expect(within(first).getByText('أنجزت 4 من 5')).toBeVisible();
    const [intro, straight, summary, examRow, homework] = within(first).getAllByRole('listitem');
    expect(intro).toHaveTextContent('مقدمة الحركة');
    expect(intro).toHaveTextContent('تمت المشاهدة');
    expect(intro).toHaveTextContent('آخر مشاهدة: 2 مارس 2026 في 10:30 ص');
    expect(straight).toHaveTextContent('شاهدت 40٪');
    // Opened in Cairo's time (UTC+2 in March).
    expect(summary).toHaveTextContent('ملخص الحركة');
    expect(summary).toHaveTextContent('فتحته يوم 1 مارس 2026 في 12:05 م');
    expect(
      within(summary!)
        .getByText(/فتحته يوم/)
        .closest('time'),
    ).toHaveAttribute('dateTime', '2026-03-01T10:05:00Z');
    expect(examRow).toHaveTextContent('امتحان');
    expect(within(examRow!).getByText('الدرجة 85.5٪')).toBeVisible();
    expect(within(examRow!).getByText('ناجح')).toBeVisible();
    expect(homework).toHaveTextContent('واجب');
    expect(within(homework!).getByText('في انتظار التصحيح')).toBeVisible();
    expect(within(homework!).queryByText(/الدرجة|ناجح|لم تنجح/)).toBe(null);

    const second = within(lectures).getByRole('region', { name: 'القوى' });
    expect(within(second).getByText('أنجزت 0 من 3')).toBeVisible();
    expect(within(second).getByText('لم تشاهده بعد')).toBeVisible();
    expect(within(second).getByText('لم تفتحه بعد')).toBeVisible();
    expect(within(second).getByText('لم تؤدّه بعد')).toBeVisible();

    const locked = within(lectures).getByRole('region', { name: 'الطاقة' });
    expect(within(locked).getByText('غير متاحة لك بعد')).toBeVisible();
    expect(
      within(locked).getByRole('link', { name: 'احصل على المحاضرة', description: 'الطاقة' }),
    ).toHaveAttribute('href', '/courses/5?lecture=33');
    expect(within(locked).queryByText('الطاقة الحركية')).toBe(null);
  });

  it('congratulates a student who did everything', async () => {
    const done: CourseProgress = {
      course: { id: 5, name: 'الفيزياء للصف الثالث' },
      summary: {
        videos: { done: 1, total: 1 },
        attachments: { done: 0, total: 0 },
        exams: { done: 1, total: 1 },
        percent: 100,
      },
      lectures: [
        {
          ...progress.lectures[0]!,
          videos: [video(71, 'مقدمة الحركة', 100)],
          attachments: [],
          exams: [exam(91, 'امتحان الحركة', { taken: true, score_percent: 40, passed: false })],
        },
      ],
    };
    progressApi(done);
    renderPage();
    expect(await screen.findByText(/أحسنت! أنجزت كل ما في هذه الدورة/)).toBeVisible();
    expect(screen.queryByRole('list', { name: /ما بقي عليك/ })).toBe(null);
    expect(screen.getByText('أنجزت 100٪')).toBeVisible();
    // A kind the course has none of has no line.
    expect(screen.queryByText(/فتحت/)).toBe(null);
    expect(screen.getByText('لم تنجح')).toBeVisible();
  });

  it('says what is open is done while lectures are still locked', async () => {
    progressApi({
      ...progress,
      lectures: [
        {
          ...progress.lectures[1]!,
          videos: [video(73, 'قوانين نيوتن', 95)],
          attachments: [],
          exams: [],
        },
        progress.lectures[2]!,
      ],
    });
    renderPage();
    expect(await screen.findByText(/أنجزت كل ما في المحاضرات المتاحة لك/)).toBeVisible();
  });

  it('says so when the course has no lectures', async () => {
    progressApi({ ...progress, lectures: [] });
    renderPage();
    expect(await screen.findByText('لا توجد محاضرات في هذه الدورة بعد')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'المتبقي عليك' })).toBe(null);
  });

  it('offers to try again when the progress cannot load', async () => {
    let calls = 0;
    mockApi({
      'GET /api/v1/courses/5/progress': () =>
        ++calls === 1 ? { status: 500, body: { message: 'error' } } : { body: { data: progress } },
    });
    renderPage();
    expect(await screen.findByText('حدثت مشكلة أثناء تحميل تقدّمك في الدورة')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('أنجزت 40٪')).toBeVisible();
  });

  it('shows a loading state while the progress loads', () => {
    mockApi({ 'GET /api/v1/courses/5/progress': () => new Promise(() => undefined) });
    renderPage();
    expect(screen.getByRole('status', { name: 'جارٍ تحميل تقدّمك' })).toBeInTheDocument();
  });
});

describe('/courses/:id/progress', () => {
  it('opens for a signed-in student, lazily, from the route table', async () => {
    progressApi(progress);
    const { router } = renderRoutes(routes, { path: '/courses/5/progress', user: userFixture() });
    expect(await screen.findByText('أنجزت 40٪')).toBeVisible();
    expect(router.state.location.pathname).toBe('/courses/5/progress');
    await waitFor(() => expect(document.title).toMatch(/^تقدّمي في الدورة \| /));
  });

  it("is the app's not-found page for a course that is not the student's (404)", async () => {
    progressApi(null, 404);
    renderRoutes(routes, { path: '/courses/5/progress', user: userFixture() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }),
    ).toBeVisible();
    expect(screen.queryByText('تقدّمي في الدورة', { selector: 'h1' })).toBe(null);
  });

  it('sends a guest to login', async () => {
    const api = progressApi(progress);
    const { router } = renderRoutes(routes, { path: '/courses/5/progress' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calledUrls(api)).not.toContain('/api/v1/courses/5/progress');
  });
});
