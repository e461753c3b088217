import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminContext, type Identifier } from 'react-admin';
import { staffEndpoints as e, type StaffVideo } from '@dars/contract';
import { i18nProvider } from '../i18n/ar';
import { dataProvider } from '../data/data-provider';
import { answer, fakeStaffApi } from '../test/fake-api';
import { TranscodeChip, TranscodeDetails, useLiveTranscode } from './video-transcode';

type Transcode = StaffVideo['transcode'];

const transcode = (over: Partial<Transcode>): Transcode => ({
  state: 'none',
  progress: 0,
  error: null,
  renditions: [],
  ...over,
});

/** The chip and what is under it, as the video's page shows them. */
function showState(state: Transcode) {
  return render(
    <AdminContext i18nProvider={i18nProvider}>
      <TranscodeChip transcode={state} />
      <TranscodeDetails transcode={state} label="تقدم تحويل شرح الدرس" />
    </AdminContext>,
  );
}

const MEANWHILE = 'يشاهد الطلاب الملف الأصلي كما رُفع حتى يكتمل التحويل';

describe("a video's transcoding, shown", () => {
  it('waiting: says so, and that students get the original file meanwhile', async () => {
    showState(transcode({ state: 'waiting' }));
    expect(await screen.findByText('بانتظار التحويل')).toBeInTheDocument();
    expect(screen.getByText(MEANWHILE)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("waiting again after a failed attempt: the server's words that it will retry", async () => {
    showState(
      transcode({
        state: 'waiting',
        error: 'تعثّر التحويل وستُعاد المحاولة تلقائيًا بعد قليل',
      }),
    );
    expect(await screen.findByText('بانتظار التحويل')).toBeInTheDocument();
    expect(screen.getByText('تعثّر التحويل وستُعاد المحاولة تلقائيًا بعد قليل')).toBeInTheDocument();
    expect(screen.getByText(MEANWHILE)).toBeInTheDocument();
  });

  it('running: its percentage in Western digits and a progressbar at that value', async () => {
    showState(transcode({ state: 'running', progress: 45 }));
    expect(await screen.findByText('جارٍ التحويل 45٪')).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'تقدم تحويل شرح الدرس' });
    expect(bar).toHaveAttribute('aria-valuenow', '45');
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText(MEANWHILE)).toBeInTheDocument();
  });

  it('ready: its qualities from the lowest, each isolated left to right', async () => {
    showState(transcode({ state: 'ready', renditions: [480, 240, 360] }));
    const chip = await screen.findByText(/^جاهز/);
    expect(chip).toHaveTextContent(/^جاهز: 240p، 360p، 480p$/);
    const qualities = chip.querySelectorAll('bdi');
    expect([...qualities].map((q) => [q.textContent, q.getAttribute('dir')])).toEqual([
      ['240p', 'ltr'],
      ['360p', 'ltr'],
      ['480p', 'ltr'],
    ]);
    expect(screen.queryByText(MEANWHILE)).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("failed: says so with the server's reason, in the console's error colour", async () => {
    showState(
      transcode({
        state: 'failed',
        error: 'تعذّر قراءة الفيديو: الملف لا يحوي صورة، أو هو تالف. ارفعه مرة أخرى',
      }),
    );
    const chip = await screen.findByText('تعذّر التحويل');
    expect(chip.closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(
      screen.getByText('تعذّر قراءة الفيديو: الملف لا يحوي صورة، أو هو تالف. ارفعه مرة أخرى'),
    ).toBeInTheDocument();
    expect(screen.queryByText(MEANWHILE)).toBeNull();
  });

  it('none (no file, or transcoding off on this server): nothing', () => {
    const { container } = showState(transcode({ state: 'none' }));
    expect(container).toBeEmptyDOMElement();
  });
});

type VideoItem = StaffVideo & { id: Identifier };

const video = (state: Transcode): VideoItem => ({
  id: 11,
  lecture_id: 5,
  name: 'شرح الدرس',
  position: 1,
  views_limit: null,
  hide_attendance_chips: false,
  attendance_required: false,
  attendance_chip_text: null,
  has_file: true,
  duration_seconds: 60,
  transcode: state,
});

function Live({ seed }: { seed: VideoItem }) {
  return <TranscodeChip transcode={useLiveTranscode(seed).transcode} />;
}

/**
 * The video's page's ladder, seeded with `seed`, over the console's data provider and a staff
 * API that answers `answers` one after the other (the last again); answers the calls made.
 */
function watch(seed: VideoItem, answers: Transcode[]) {
  let asked = 0;
  const api = fakeStaffApi([
    answer(e.staffGetVideo, () => {
      asked++;
      return { data: video(answers[Math.min(asked, answers.length) - 1]!) };
    }),
  ]);
  const view = render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <Live seed={seed} />
    </AdminContext>,
  );
  return { asked: () => api.callsTo(e.staffGetVideo, { id: 11 }).length, view };
}

/** Moves the (fake) clock `n` seconds on. */
const seconds = (n: number) => act(() => vi.advanceTimersByTimeAsync(n * 1000));

/**
 * A fake clock for the timers the polling uses, moved on by `seconds`; it also follows real
 * time (`shouldAdvanceTime`), which React and the fake API's answers need to arrive.
 */
const fakeClock = () =>
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });

describe("a video's transcoding, followed", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks again every 5 seconds while waiting or running, and no more once ready', async () => {
    fakeClock();
    const { asked } = watch(video(transcode({ state: 'waiting' })), [
      transcode({ state: 'running', progress: 10 }),
      transcode({ state: 'running', progress: 70 }),
      transcode({ state: 'ready', renditions: [240, 360] }),
    ]);
    // The page's record is the first answer: not asked again on arrival.
    expect(await screen.findByText('بانتظار التحويل')).toBeInTheDocument();
    await seconds(4);
    expect(asked()).toBe(0);

    await seconds(1);
    expect(await screen.findByText('جارٍ التحويل 10٪')).toBeInTheDocument();
    expect(asked()).toBe(1);
    await seconds(5);
    expect(await screen.findByText('جارٍ التحويل 70٪')).toBeInTheDocument();
    await seconds(5);
    expect(await screen.findByText(/^جاهز/)).toHaveTextContent('جاهز: 240p، 360p');
    expect(asked()).toBe(3);

    await seconds(60);
    expect(asked()).toBe(3);
  });

  it('stops at a failure too', async () => {
    fakeClock();
    const { asked } = watch(video(transcode({ state: 'running', progress: 95 })), [
      transcode({ state: 'failed', error: 'تعذّر تحويل الفيديو' }),
    ]);
    expect(await screen.findByText('جارٍ التحويل 95٪')).toBeInTheDocument();
    await seconds(5);
    expect(await screen.findByText('تعذّر التحويل')).toBeInTheDocument();
    await seconds(60);
    expect(asked()).toBe(1);
  });

  it('never asks for a video that is ready', async () => {
    fakeClock();
    const { asked } = watch(video(transcode({ state: 'ready', renditions: [240] })), [
      transcode({ state: 'ready', renditions: [240] }),
    ]);
    expect(await screen.findByText(/^جاهز/)).toHaveTextContent('جاهز: 240p');
    await seconds(60);
    expect(asked()).toBe(0);
  });

  it('stops asking when the page is left', async () => {
    fakeClock();
    const { asked, view } = watch(video(transcode({ state: 'running', progress: 5 })), [
      transcode({ state: 'running', progress: 20 }),
    ]);
    await seconds(5);
    expect(await screen.findByText('جارٍ التحويل 20٪')).toBeInTheDocument();
    expect(asked()).toBe(1);
    view.unmount();
    await seconds(60);
    expect(asked()).toBe(1);
  });
});

/** The video page's ladder with its retry: the chip and what is under it, followed live. */
function LiveWithRetry({ seed }: { seed: VideoItem }) {
  const { transcode, refetch } = useLiveTranscode(seed);
  return (
    <>
      <TranscodeChip transcode={transcode} />
      <TranscodeDetails
        transcode={transcode}
        label="تقدم تحويل شرح الدرس"
        retry={{ videoId: seed.id, onRetried: refetch }}
      />
    </>
  );
}

describe("a failed video's transcoding, retried", () => {
  const FAILED = transcode({
    state: 'failed',
    error:
      'تعذّر تحويل الفيديو إلى جودات متعددة؛ يُعرض كما رُفع. أعد المحاولة، أو ارفع الملف مرة أخرى',
  });

  it.for([
    transcode({ state: 'none' }),
    transcode({ state: 'waiting', error: 'تعثّر التحويل وستُعاد المحاولة تلقائيًا بعد قليل' }),
    transcode({ state: 'running', progress: 40 }),
    transcode({ state: 'ready', renditions: [240, 360] }),
  ])('offers no retry when it is $state', async (state) => {
    const api = fakeStaffApi([answer(e.staffGetVideo, () => ({ data: video(state) }))]);
    const { container } = render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <LiveWithRetry seed={video(state)} />
      </AdminContext>,
    );
    if (state.state !== 'none') await waitFor(() => expect(container).not.toBeEmptyDOMElement());
    expect(screen.queryByRole('button')).toBeNull();
    expect(api.callsTo(e.staffRetryVideoTranscode)).toHaveLength(0);
  });

  it('offers «إعادة المحاولة» beside the reason, asks the server once, and follows the job again', async () => {
    let stored = video(FAILED);
    const api = fakeStaffApi([
      answer(e.staffRetryVideoTranscode, () => {
        stored = video(transcode({ state: 'waiting' }));
        return { data: stored };
      }),
      answer(e.staffGetVideo, () => ({ data: stored })),
    ]);
    const user = userEvent.setup();
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <LiveWithRetry seed={video(FAILED)} />
      </AdminContext>,
    );
    expect(await screen.findByText('تعذّر التحويل')).toBeInTheDocument();
    const reason = screen.getByText(FAILED.error!);
    const button = screen.getByRole('button', { name: 'إعادة المحاولة' });
    // Beside the reason, in the same line.
    expect(reason.parentElement).toContainElement(button);

    await user.click(button);
    expect(await screen.findByText('بانتظار التحويل')).toBeInTheDocument();
    expect(api.callsTo(e.staffRetryVideoTranscode, { id: 11 })).toHaveLength(1);
    expect(api.callsTo(e.staffRetryVideoTranscode)).toHaveLength(1);
    expect(screen.queryByText(FAILED.error!)).toBeNull();
    expect(screen.queryByRole('button', { name: 'إعادة المحاولة' })).toBeNull();
  });

  it('offers it on a failure the server gave no reason for, too', async () => {
    fakeStaffApi([
      answer(e.staffGetVideo, () => ({ data: video(transcode({ state: 'failed' })) })),
    ]);
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <LiveWithRetry seed={video(transcode({ state: 'failed' }))} />
      </AdminContext>,
    );
    expect(await screen.findByRole('button', { name: 'إعادة المحاولة' })).toBeEnabled();
  });

  it('keeps the failure and its button when the server refuses', async () => {
    const api = fakeStaffApi([
      answer(
        e.staffRetryVideoTranscode,
        { message: 'تحويل الفيديوهات إلى جودات متعددة متوقف على هذا الخادم', code: 'CONFLICT' },
        { status: 409 },
      ),
      answer(e.staffGetVideo, () => ({ data: video(FAILED) })),
    ]);
    const user = userEvent.setup();
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <LiveWithRetry seed={video(FAILED)} />
      </AdminContext>,
    );
    await user.click(await screen.findByRole('button', { name: 'إعادة المحاولة' }));
    await waitFor(() => expect(api.callsTo(e.staffRetryVideoTranscode)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'إعادة المحاولة' })).toBeEnabled();
    expect(screen.getByText('تعذّر التحويل')).toBeInTheDocument();
  });
});
