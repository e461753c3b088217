import { act, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  staffEndpoints as e,
  type StaffAttachment,
  type StaffExam,
  type StaffLecture,
  type StaffLectureExam,
  type StaffVideo,
} from '@dars/contract';
import {
  ADMIN,
  answer,
  isCall,
  fakeStaffApi,
  list,
  staffBasics,
  type Call,
  type Handler,
  type StaffEntry,
} from '../test/fake-api';
import { staffCourse, staffExam } from '../test/fixtures';
import { loadScreensFirst, openConsole } from '../test/console';

/** What the console handed to tus-js-client (the upload itself is video-upload.test's). */
const uploads = vi.hoisted(() => [] as { file: File; metadata: Record<string, string> }[]);
vi.mock('tus-js-client', () => ({
  Upload: class {
    constructor(
      private file: File,
      private options: {
        metadata: Record<string, string>;
        onProgress: (sent: number, total: number) => void;
        onSuccess: () => void;
      },
    ) {}
    findPreviousUploads() {
      return Promise.resolve([]);
    }
    start() {
      uploads.push({ file: this.file, metadata: this.options.metadata });
      this.options.onProgress(this.file.size, this.file.size);
      this.options.onSuccess();
    }
    abort() {
      return Promise.resolve();
    }
  },
}));

const LECTURE: StaffLecture = {
  id: 5,
  course_id: 7,
  name: 'المحاضرة الأولى',
  position: 1,
  free: false,
  price: 50,
  preview: false,
  expiry_days: null,
  repurchasable: false,
  repurchase_price: null,
  paycard_disabled: false,
  videos_count: 2,
  attachments_count: 1,
  exams_count: 1,
  created_at: '2026-11-01T00:00:00.000Z',
};

const video = (over: Partial<StaffVideo> & Pick<StaffVideo, 'id' | 'name'>): StaffVideo => ({
  lecture_id: 5,
  position: over.id,
  views_limit: null,
  hide_attendance_chips: false,
  attendance_required: false,
  attendance_chip_text: null,
  has_file: false,
  duration_seconds: null,
  transcode: { state: 'none', progress: 0, error: null, renditions: [] },
  ...over,
});

const exam = (over: Partial<StaffExam> & Pick<StaffExam, 'id' | 'name'>): StaffExam =>
  staffExam({
    duration_minutes: 30,
    questions_count: 3,
    total_mark: 3,
    created_at: '2026-11-01T00:00:00.000Z',
    ...over,
  });

const EXAMS = [
  exam({ id: 5, name: 'امتحان الوحدة الأولى' }),
  exam({ id: 6, name: 'امتحان بديل' }),
  exam({ id: 9, name: 'واجب الحركة', exam_code: 'HW-9', kind: 'homework' }),
];

/** A get call (`:id`) answered from `rows`. */
function one(entry: StaffEntry, rows: { id: number }[]): Handler {
  return answer(entry, (c: Call) => {
    const found = rows.find((r) => r.id === Number(c.params.id));
    return found && { data: found };
  });
}

/** The update and delete calls of `rows`: the row as stored with the change, or its id. */
function writes(update: StaffEntry, remove: StaffEntry, rows: { id: number }[]): Handler[] {
  return [
    answer(update, (c: Call) => {
      const found = rows.find((r) => r.id === Number(c.params.id));
      return found && { data: { ...found, ...(c.body as object) } };
    }),
    answer(remove, (c: Call) => ({ data: { id: Number(c.params.id) } })),
  ];
}

/** The lecture and its course. */
function lectureApi(): Handler[] {
  return [
    ...staffBasics(ADMIN),
    one(e.staffGetLecture, [LECTURE]),
    list(e.staffListLectures, [LECTURE]),
    answer(
      e.staffGetCourse,
      { data: staffCourse({ id: 7, name: 'فيزياء الصف الثالث' }) },
      { params: { id: 7 } },
    ),
  ];
}

/** Opens the console at `path` already signed in as an admin. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

const bodies = (calls: Call[]) => calls.map((c) => c.body);

/**
 * A screen test signs in, loads react-admin's pages and fills a form in jsdom: on the shared
 * 2-core machine under load that has taken 30 s (the project's default), so each gets 90.
 */
const SCREEN_TIMEOUT = 90_000;
loadScreensFirst(
  () => import('./lecture-contents'),
  () => import('./lectures'),
);

describe("a lecture's videos", { timeout: SCREEN_TIMEOUT }, () => {
  it('lists them in order with their file, views and chip, moves one up and deletes one', async () => {
    const videos = [
      video({ id: 11, name: 'شرح الدرس', has_file: true, views_limit: 3, duration_seconds: 3872 }),
      video({
        id: 12,
        name: 'حل التمارين',
        attendance_required: true,
        attendance_chip_text: 'مهم',
      }),
    ];
    const api = fakeStaffApi([
      ...lectureApi(),
      list(e.staffListVideos, videos),
      ...writes(e.staffUpdateVideo, e.staffDeleteVideo, videos),
    ]);
    const user = openConsole('/lectures/5');

    const rows = within(await screen.findByTestId('videos-list')).getAllByRole('listitem');
    expect(screen.getByRole('tab', { name: 'الفيديوهات' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(rows[0]).toHaveTextContent('1. شرح الدرس');
    expect(rows[0]).toHaveTextContent('ملف الفيديو مرفوع');
    expect(rows[0]).toHaveTextContent('المشاهدات المسموحة: 3');
    expect(rows[0]).toHaveTextContent('المدة 1:04:32');
    expect(rows[1]).toHaveTextContent('2. حل التمارين');
    expect(rows[1]).not.toHaveTextContent('المدة');
    expect(rows[1]).toHaveTextContent('لم يُرفع ملف الفيديو بعد');
    expect(rows[1]).toHaveTextContent('بلا حد للمشاهدات');
    expect(rows[1]).toHaveTextContent('مهم');
    expect(screen.getByRole('button', { name: 'نقل شرح الدرس لأعلى' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'نقل حل التمارين لأعلى' }));
    await screen.findByText('تم حفظ الترتيب');
    expect(bodies(api.callsTo(e.staffUpdateVideo, { id: 12 }))).toEqual([{ position: 1 }]);
    expect(bodies(api.callsTo(e.staffUpdateVideo, { id: 11 }))).toEqual([{ position: 2 }]);

    await user.click(screen.getByRole('button', { name: 'حذف شرح الدرس' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('حذف شرح الدرس؟');
    await user.click(within(dialog).getByRole('button', { name: 'تأكيد' }));
    await waitFor(() =>
      expect(bodies(api.callsTo(e.staffDeleteVideo, { id: 11 }))).toHaveLength(1),
    );
  });

  it('makes a video with its fields, sends the picked file for it, then goes back to the lecture', async () => {
    uploads.length = 0;
    const created = video({ id: 30, name: 'مراجعة', views_limit: 2 });
    const api = fakeStaffApi([
      ...lectureApi(),
      list(e.staffListVideos, [created]),
      answer(e.staffCreateVideo, { data: created }),
    ]);
    const user = openConsole('/videos/create?lecture_id=5');
    await fill(user, await screen.findByLabelText(/^الاسم/), 'مراجعة');
    await fill(user, screen.getByLabelText(/^عدد المشاهدات المسموح/), '2');
    await fill(user, screen.getByLabelText(/^نص شارة الحضور/), 'مراجعة مهمة');
    await user.click(screen.getByLabelText('الحضور مطلوب'));
    const file = new File(['not really a video'], 'lesson.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText('ملف الفيديو (MP4 حتى 2 جيجابايت)'), file);
    expect(screen.getByText(/^الملف المختار: lesson\.mp4/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حفظ' }));

    await screen.findByRole('tab', { name: 'الفيديوهات', selected: true });
    expect(bodies(api.callsTo(e.staffCreateVideo))).toEqual([
      {
        lecture_id: 5,
        name: 'مراجعة',
        views_limit: 2,
        attendance_chip_text: 'مراجعة مهمة',
        attendance_required: true,
        hide_attendance_chips: false,
      },
    ]);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.file.name).toBe('lesson.mp4');
    expect(uploads[0]!.metadata.video_id).toBe('30');
    expect(window.location.pathname + window.location.search).toBe('/staff/lectures/5?tab=videos');
  });

  it('refuses a video file over 2 GB as soon as it is picked', async () => {
    const api = fakeStaffApi([...lectureApi()]);
    const user = openConsole('/videos/create?lecture_id=5');
    const big = new File(['x'], 'whole-term.mp4', { type: 'video/mp4' });
    Object.defineProperty(big, 'size', { value: 2 * 1024 * 1024 * 1024 + 1 });
    await user.upload(await screen.findByLabelText('ملف الفيديو (MP4 حتى 2 جيجابايت)'), big);
    expect(await screen.findByRole('alert')).toHaveTextContent('حجم الفيديو أكبر من 2 جيجابايت');
    expect(screen.getByText('لم يُختر ملف')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it("edits a video's fields and offers its file to replace", async () => {
    const saved = video({ id: 11, name: 'شرح الدرس', has_file: true, views_limit: 3 });
    const api = fakeStaffApi([
      ...lectureApi(),
      one(e.staffGetVideo, [saved]),
      list(e.staffListVideos, [saved]),
      ...writes(e.staffUpdateVideo, e.staffDeleteVideo, [saved]),
    ]);
    const user = openConsole('/videos/11');
    const views = await screen.findByLabelText(/^عدد المشاهدات المسموح/);
    expect(screen.getByText('ملف الفيديو مرفوع')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'استبدال ملف الفيديو' })).toBeInTheDocument();
    await user.clear(views);
    await user.paste('5');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByRole('tab', { name: 'الفيديوهات', selected: true });
    expect(bodies(api.callsTo(e.staffUpdateVideo, { id: 11 }))).toEqual([{ views_limit: 5 }]);
  });
});

/**
 * A fake clock for the timers a page polls with, moved on by `seconds`; it also follows real
 * time (`shouldAdvanceTime`), which the console's loading and the fake API's answers need.
 */
const fakeClock = () =>
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
const seconds = (n: number) => act(() => vi.advanceTimersByTimeAsync(n * 1000));

type Transcode = StaffVideo['transcode'];
const MEANWHILE = 'يشاهد الطلاب الملف الأصلي كما رُفع حتى يكتمل التحويل';

describe("a lecture's videos being transcoded", { timeout: SCREEN_TIMEOUT }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows each state in the list, and reads the list again until none is being made', async () => {
    fakeClock();
    const ready = (renditions: number[]): Transcode => ({
      state: 'ready',
      progress: 100,
      error: null,
      renditions,
    });
    const first = [
      video({
        id: 11,
        name: 'شرح الدرس',
        has_file: true,
        transcode: { state: 'running', progress: 45, error: null, renditions: [] },
      }),
      video({
        id: 12,
        name: 'حل التمارين',
        has_file: true,
        transcode: {
          state: 'waiting',
          progress: 0,
          error: 'تعثّر التحويل وستُعاد المحاولة تلقائيًا بعد قليل',
          renditions: [],
        },
      }),
      video({
        id: 13,
        name: 'مراجعة',
        has_file: true,
        transcode: {
          state: 'failed',
          progress: 0,
          error: 'تعذّر تحويل الفيديو إلى جودات متعددة؛ يُعرض كما رُفع. ارفع الملف مرة أخرى',
          renditions: [],
        },
      }),
      video({ id: 14, name: 'ملخص', has_file: true, transcode: ready([240, 360, 480]) }),
    ];
    const later = [
      { ...first[0]!, transcode: ready([240, 360, 480, 720]) },
      { ...first[1]!, transcode: ready([240]) },
      first[2]!,
      first[3]!,
    ];
    let lists = 0;
    const api = fakeStaffApi([
      ...lectureApi(),
      answer(e.staffListVideos, () => {
        lists++;
        const rows = lists === 1 ? first : later;
        return { data: rows, meta: { total: rows.length } };
      }),
    ]);
    openConsole('/lectures/5?tab=videos');

    const list = await screen.findByTestId('videos-list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('جارٍ التحويل 45٪');
    expect(rows[0]).toHaveTextContent(MEANWHILE);
    expect(
      within(rows[0]!).getByRole('progressbar', { name: 'تقدم تحويل شرح الدرس' }),
    ).toHaveAttribute('aria-valuenow', '45');
    expect(rows[1]).toHaveTextContent('بانتظار التحويل');
    expect(rows[1]).toHaveTextContent('تعثّر التحويل وستُعاد المحاولة تلقائيًا بعد قليل');
    expect(rows[1]).toHaveTextContent(MEANWHILE);
    expect(within(rows[1]!).queryByRole('progressbar')).toBeNull();
    expect(rows[2]).toHaveTextContent('تعذّر التحويل');
    expect(rows[2]).toHaveTextContent(
      'تعذّر تحويل الفيديو إلى جودات متعددة؛ يُعرض كما رُفع. ارفع الملف مرة أخرى',
    );
    expect(rows[2]).not.toHaveTextContent(MEANWHILE);
    // Only the failed one can be retried, its button named by the video.
    expect(within(list).getAllByRole('button', { name: /^إعادة المحاولة/ })).toEqual([
      within(rows[2]!).getByRole('button', { name: 'إعادة المحاولة: تحويل «مراجعة»' }),
    ]);
    expect(rows[3]).toHaveTextContent('جاهز: 240p، 360p، 480p');
    expect(rows[3]).not.toHaveTextContent(MEANWHILE);

    await seconds(5);
    await within(list).findByText(
      (_text, node) =>
        node?.textContent === 'جاهز: 240p، 360p، 480p، 720p' && node.tagName === 'SPAN',
    );
    const now = within(list).getAllByRole('listitem');
    expect(now[1]).toHaveTextContent('جاهز: 240p');
    expect(now[0]).not.toHaveTextContent(MEANWHILE);
    expect(screen.queryByRole('progressbar', { name: 'تقدم تحويل شرح الدرس' })).toBeNull();
    const asked = api.callsTo(e.staffListVideos).length;
    expect(asked).toBe(2);

    await seconds(60);
    expect(api.callsTo(e.staffListVideos)).toHaveLength(asked);
  });

  it('shows «بانتظار التحويل» once an upload ends, follows the job, and keeps what is typed', async () => {
    fakeClock();
    uploads.length = 0;
    const none: Transcode = { state: 'none', progress: 0, error: null, renditions: [] };
    let stored = video({ id: 11, name: 'شرح الدرس', transcode: none });
    const api = fakeStaffApi([
      ...lectureApi(),
      answer(e.staffGetVideo, () => ({ data: stored }), { params: { id: 11 } }),
      list(e.staffListVideos, [stored]),
    ]);
    const user = openConsole('/videos/11');
    await screen.findByLabelText(/^الاسم/);
    expect(screen.getByText('لم يُرفع ملف الفيديو بعد')).toBeInTheDocument();
    expect(screen.queryByText('بانتظار التحويل')).toBeNull();

    // The server queues the ladder when the upload ends.
    stored = {
      ...stored,
      has_file: true,
      duration_seconds: 90,
      transcode: { ...none, state: 'waiting' },
    };
    const file = new File(['not really a video'], 'lesson.mp4', { type: 'video/mp4' });
    await user.upload(screen.getByLabelText('ملف الفيديو (MP4 حتى 2 جيجابايت)'), file);
    expect(await screen.findByText('بانتظار التحويل')).toBeInTheDocument();
    expect(screen.getByText(MEANWHILE)).toBeInTheDocument();
    expect(screen.getByText('ملف الفيديو مرفوع')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);

    // Typed while the page asks again: a poll does not reset the form.
    await user.clear(screen.getByLabelText(/^الاسم/));
    await user.paste('شرح الدرس كاملاً');
    stored = { ...stored, transcode: { ...none, state: 'running', progress: 30 } };
    await seconds(5);
    expect(await screen.findByText('جارٍ التحويل 30٪')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'تقدم تحويل الفيديو إلى جودات متعددة' }),
    ).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByLabelText(/^الاسم/)).toHaveValue('شرح الدرس كاملاً');

    stored = {
      ...stored,
      transcode: { ...none, state: 'ready', progress: 100, renditions: [240, 360] },
    };
    await seconds(5);
    expect(await screen.findByText(/^جاهز/)).toHaveTextContent('جاهز: 240p، 360p');
    expect(screen.queryByText(MEANWHILE)).toBeNull();
    const asked = api.callsTo(e.staffGetVideo, { id: 11 }).length;
    await seconds(60);
    expect(api.callsTo(e.staffGetVideo, { id: 11 })).toHaveLength(asked);
    expect(screen.getByLabelText(/^الاسم/)).toHaveValue('شرح الدرس كاملاً');
  });
});

describe("a lecture's attachments", { timeout: SCREEN_TIMEOUT }, () => {
  const pdf: StaffAttachment = {
    id: 21,
    lecture_id: 5,
    name: 'ملخص الدرس',
    position: 1,
    size: 1536,
    extension: 'pdf',
  };

  it('shows name, extension and size, and uploads a new one with its name (422 under the file)', async () => {
    let posts = 0;
    const api = fakeStaffApi([
      ...lectureApi(),
      list(e.staffListAttachments, [pdf]),
      (c) => {
        if (!isCall(c, e.staffCreateAttachment)) return undefined;
        posts++;
        return posts === 1
          ? {
              status: 422,
              body: { message: 'البيانات غير صحيحة', errors: { file: ['نوع الملف غير مسموح'] } },
            }
          : { body: { data: { ...pdf, id: 22, name: 'تمارين' } } };
      },
    ]);
    const user = openConsole('/lectures/5?tab=attachments');
    const rows = within(await screen.findByTestId('attachments-list')).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('1. ملخص الدرس');
    expect(rows[0]).toHaveTextContent('PDF');
    expect(rows[0]).toHaveTextContent('1.5 كيلوبايت');

    await user.click(screen.getByRole('link', { name: 'إضافة مرفق' }));
    await fill(user, await screen.findByLabelText(/^الاسم/), 'تمارين');
    const file = new File(['%PDF-1.4 تمارين'], 'exercises.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(/^الملف \(PDF/), file);
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('نوع الملف غير مسموح')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByRole('tab', { name: 'المرفقات', selected: true });
    const forms = bodies(api.callsTo(e.staffCreateAttachment)) as FormData[];
    expect(forms).toHaveLength(2);
    expect(forms[1]!.get('lecture_id')).toBe('5');
    expect(forms[1]!.get('name')).toBe('تمارين');
    expect((forms[1]!.get('file') as File).name).toBe('exercises.pdf');
  });

  it('renames one, showing its stored extension and size', async () => {
    const api = fakeStaffApi([
      ...lectureApi(),
      one(e.staffGetAttachment, [pdf]),
      list(e.staffListAttachments, [pdf]),
      ...writes(e.staffUpdateAttachment, e.staffDeleteAttachment, [pdf]),
    ]);
    const user = openConsole('/attachments/21');
    expect(await screen.findByText('PDF، 1.5 كيلوبايت')).toBeInTheDocument();
    const name = screen.getByLabelText(/^الاسم/);
    await user.clear(name);
    await user.paste('ملخص الوحدة');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByRole('tab', { name: 'المرفقات', selected: true });
    expect(bodies(api.callsTo(e.staffUpdateAttachment, { id: 21 }))).toEqual([
      { name: 'ملخص الوحدة' },
    ]);
  });
});

describe("a lecture's exams", { timeout: SCREEN_TIMEOUT }, () => {
  const link: StaffLectureExam = {
    id: 3,
    lecture_id: 5,
    exam_id: 5,
    position: 1,
    must_pass: true,
    must_take: false,
    alternative_exam_id: 6,
    navigate_to_alternative: false,
  };
  const examApi: Handler[] = [
    one(e.staffGetExam, EXAMS),
    answer(e.staffListExams, (c: Call) => {
      const rows = EXAMS.filter((x) => !c.query.kind || x.kind === c.query.kind);
      return { data: rows, meta: { total: rows.length } };
    }),
    // The student's preview under the rules lists the lecture's videos.
    list(e.staffListVideos, []),
  ];

  it('shows each attached exam with its kind, rules and alternative, and detaches one', async () => {
    const api = fakeStaffApi([
      ...lectureApi(),
      ...examApi,
      list(e.staffListLectureExams, [link]),
      ...writes(e.staffUpdateLectureExam, e.staffDeleteLectureExam, [link]),
    ]);
    const user = openConsole('/lectures/5?tab=exams');
    const rows = within(await screen.findByTestId('lecture-exams-list')).getAllByRole('listitem');
    await waitFor(() => expect(rows[0]).toHaveTextContent('1. امتحان الوحدة الأولى'));
    expect(rows[0]).toHaveTextContent('امتحان');
    expect(rows[0]).toHaveTextContent('يجب النجاح فيه');
    expect(rows[0]).not.toHaveTextContent('يجب دخوله');
    await waitFor(() => expect(rows[0]).toHaveTextContent('بديله: امتحان بديل'));

    await user.click(screen.getByRole('button', { name: 'حذف امتحان الوحدة الأولى' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'تأكيد' }),
    );
    await waitFor(() =>
      expect(bodies(api.callsTo(e.staffDeleteLectureExam, { id: 3 }))).toHaveLength(1),
    );
  });

  it('attaches a homework as must-take, choosing among homework only', async () => {
    const api = fakeStaffApi([
      ...lectureApi(),
      ...examApi,
      list(e.staffListLectureExams, []),
      answer(e.staffCreateLectureExam, { data: { ...link, id: 4, exam_id: 9 } }),
    ]);
    const user = openConsole('/lecture-exams/create?lecture_id=5');
    await user.click(await screen.findByRole('radio', { name: 'واجب' }));
    await user.click(screen.getByLabelText(/^الامتحان\s*\*?$/));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['واجب الحركة (HW-9)']);
    await user.click(options[0]!);
    await user.click(screen.getByLabelText('يجب دخوله'));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));

    await screen.findByRole('tab', { name: 'الامتحانات', selected: true });
    expect(bodies(api.callsTo(e.staffCreateLectureExam))).toEqual([
      {
        lecture_id: 5,
        exam_id: 9,
        must_pass: false,
        must_take: true,
        alternative_exam_id: null,
        navigate_to_alternative: false,
      },
    ]);
  });

  it('says when the videos open and previews the lecture as a student who has not passed', async () => {
    const videos = [video({ id: 11, name: 'شرح الدرس' }), video({ id: 12, name: 'حل التمارين' })];
    fakeStaffApi([
      list(e.staffListVideos, videos),
      ...lectureApi(),
      ...examApi,
      one(e.staffGetLectureExam, [link]),
      list(e.staffListLectureExams, [link]),
    ]);
    const user = openConsole('/lecture-exams/3');
    const notice = await screen.findByTestId('lecture-exam-lock-notice');
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        'متى تُفتح فيديوهات المحاضرة للطالب؟' +
          'تبقى فيديوهات المحاضرة مغلقة حتى ينجح الطالب في هذا الامتحان: يسلّمه، وتُصحَّح إجاباته كلها (المقالية يصححها فريق العمل)، وتبلغ درجته نسبة النجاح.' +
          ' ويكفي بدلاً منه أن ينجح في الامتحان البديل «امتحان بديل».' +
          ' إذا رُبط بالمحاضرة أكثر من امتحان إلزامي فلا تُفتح الفيديوهات إلا بعد استيفائها كلها.',
      ),
    );
    const preview = screen.getByRole('region', {
      name: 'معاينة: ما يراه الطالب قبل أن ينجح في الامتحان',
    });
    // The student app's own words (apps/web lectureDialog), over two videos that cannot play.
    expect(
      within(preview).getByText(
        'الفيديوهات مغلقة حتى تؤدي الامتحانات المطلوبة، انتقل إلى تبويب الامتحانات أولاً.',
      ),
    ).toBeInTheDocument();
    await within(preview).findByText('حل التمارين');
    expect(within(preview).getAllByText('لا يمكنك مشاهدة الفيديو')).toHaveLength(2);
    for (const play of within(preview).getAllByRole('button', { name: 'تشغيل' }))
      expect(play).toHaveAttribute('aria-disabled', 'true');
    await within(preview).findByText('امتحان الوحدة الأولى');
    for (const text of ['يجب اجتياز الامتحان', 'يحتاج انتباهك', '3 أسئلة', 'فتح الامتحان'])
      expect(within(preview).getByText(text)).toBeInTheDocument();

    // Sending to the alternative after a failure is said too.
    await user.click(screen.getByLabelText('الانتقال إلى البديل'));
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        'إذا رسب الطالب في هذا الامتحان بعد تصحيحه، يفتح له زرُّه الامتحانَ البديل بدلاً منه.',
      ),
    );

    // Neither rule: nothing is locked.
    await user.click(screen.getByLabelText('يجب النجاح فيه'));
    await waitFor(() =>
      expect(notice).toHaveTextContent(
        'هذا الامتحان لا يغلق فيديوهات المحاضرة: يشاهدها الطالب ويؤدي الامتحان متى شاء.',
      ),
    );
    const open_ = screen.getByRole('region', { name: 'معاينة: ما يراه الطالب' });
    expect(within(open_).queryByText('لا يمكنك مشاهدة الفيديو')).not.toBeInTheDocument();
    expect(within(open_).queryByText('يحتاج انتباهك')).not.toBeInTheDocument();
    for (const play of within(open_).getAllByRole('button', { name: 'تشغيل' }))
      expect(play).not.toHaveAttribute('aria-disabled');
  });

  it('says a must-take exam opens the videos once handed in, whatever the mark', async () => {
    fakeStaffApi([
      list(e.staffListVideos, [video({ id: 11, name: 'شرح الدرس' })]),
      ...lectureApi(),
      ...examApi,
      list(e.staffListLectureExams, []),
    ]);
    const user = openConsole('/lecture-exams/create?lecture_id=5');
    await user.click(await screen.findByLabelText('يجب دخوله'));
    expect(await screen.findByTestId('lecture-exam-lock-notice')).toHaveTextContent(
      'تبقى فيديوهات المحاضرة مغلقة حتى يسلّم الطالب هذا الامتحان، أياً كانت درجته.',
    );
    const preview = screen.getByRole('region', {
      name: 'معاينة: ما يراه الطالب قبل أن يؤدي الامتحان',
    });
    expect(within(preview).getByText('اختر الامتحان لترى ما يراه الطالب')).toBeInTheDocument();
    expect(await within(preview).findByText('لا يمكنك مشاهدة الفيديو')).toBeInTheDocument();
  });

  it("changes an attached exam's rules", async () => {
    const api = fakeStaffApi([
      ...lectureApi(),
      ...examApi,
      one(e.staffGetLectureExam, [link]),
      list(e.staffListLectureExams, [link]),
      ...writes(e.staffUpdateLectureExam, e.staffDeleteLectureExam, [link]),
    ]);
    const user = openConsole('/lecture-exams/3');
    await user.click(await screen.findByLabelText('يجب النجاح فيه'));
    await user.click(screen.getByLabelText('يجب دخوله'));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    await screen.findByRole('tab', { name: 'الامتحانات', selected: true });
    expect(bodies(api.callsTo(e.staffUpdateLectureExam, { id: 3 }))).toEqual([
      { must_pass: false, must_take: true },
    ]);
  });
});
