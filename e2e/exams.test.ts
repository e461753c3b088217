import { describe, expect } from 'vitest';
import type { Dialog, Locator, Page } from 'playwright-core';
import { API_BASE, type Course } from '@dars/contract';
import { callApi, getApi } from './support/api';
import { screenshot } from './support/browser';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { courseId, it, signIn } from './support/catalog';
import {
  answerKey,
  expectStatus,
  lectureExamCode,
  moveDeadline,
  questionSection,
  serverResults,
  serverSession,
  sessionFinish,
  sessionTokenOf,
  takeExamThroughApi,
  type KeyQuestion,
} from './support/exams';
import { expectNoSidewaysOverflow, pathname, VIEWPORT_NAMES } from './support/screens';

/**
 * The exam journeys of issue 9, on a phone and on a desktop, against the real server and its
 * demo exams (README: Demo exams; apps/server/src/db/seed/demo-exams.ts): a general exam
 * entered by code and taken to its result and corrected review; a reload mid-exam; answers
 * made offline that reach the server once back online; time running out; a lecture's
 * must-pass exam that opens its videos; the results lists. Each journey has its own fresh
 * student, so every session is its first (one session per student and exam, ADR 016).
 */

const EXAM = {
  /** 30 minutes, five questions (two choices, two true/false, an essay), detailed review. */
  physics: { code: 'PHY2026', name: 'امتحان الفيزياء الشامل' },
  /** 45 minutes, the same five kinds, result without review. */
  math: { code: 'MATH2026', name: 'امتحان الرياضيات الشهري' },
  /** The result is hidden. */
  chemistry: { code: 'CHEM2026', name: 'امتحان الكيمياء التجريبي' },
  /** No time limit. */
  open: { code: 'ARAB2026', name: 'تدريب مفتوح في النحو والبلاغة' },
  /** 2 minutes, three questions. */
  quick: { code: 'QUICK2026', name: 'اختبار سريع في دقيقتين' },
  /** Essays: not corrected until a teacher marks them. */
  essay: { code: 'ESSAY2026', name: 'مسائل مقالية مصوّرة: الكهربية وحساب المثلثات' },
} as const;

/** A free whole course (catalog-data.ts) whose third lecture has a must-pass exam. */
const COURSE = 'الفيزياء للصف الأول الثانوي';
const FIRST_LECTURE = 'القياس الفيزيائي';
const GATED_LECTURE = 'قوانين نيوتن للحركة';

/**
 * How long a journey stays offline, as the issue asks. The outbox retries after 1, 2, 4 and
 * 8 s, then every 15 s (ADR 017): 30 s offline sees those retries and a 15 s one fail, and the
 * network return in the middle of a 15 s wait, where the browser's online event has to send
 * what waits.
 */
const OFFLINE_MS = 30_000;

const TEXT = {
  entryTitle: 'دخول الامتحان',
  codeLabel: 'كود الامتحان',
  enter: 'دخول',
  wrongCode: 'الكود الذي أدخلته غير صحيح',
  start: 'ابدأ الامتحان',
  continue: 'متابعة الامتحان',
  viewResult: 'عرض النتيجة',
  startedNotice: 'لقد بدأت هذا الامتحان من قبل، تابعه من حيث توقفت قبل أن ينتهي وقته.',
  submittedNotice: 'لقد أديت هذا الامتحان من قبل.',
  next: 'السؤال التالي',
  questionList: 'قائمة الأسئلة',
  openQuestionList: 'عرض قائمة الأسئلة',
  essay: 'إجابتك',
  saved: 'تم الحفظ',
  notSaved: 'لم يُحفظ بعد',
  saving: 'جارٍ الحفظ…',
  waiting: 'بانتظار الإرسال',
  offline: 'أنت غير متصل بالإنترنت الآن',
  submit: 'تسليم الإجابات',
  submitConfirm: 'تسليم',
  welcomeBack: 'مرحباً بعودتك',
  answered: 'أسئلة أجبت عنها',
  remaining: 'أسئلة متبقية',
  /** spec §8, with the presentation form of 'لإ' the spec writes. */
  submitted: 'تم تسليم ا\uFEF9جابات بنجاح',
  resultTitle: 'نتيجة الامتحان',
  passed: 'ناجح',
  failed: 'لم تنجح',
  review: 'مراجعة الإجابات',
  correct: 'إجابة صحيحة',
  wrong: 'إجابة خاطئة',
  notCorrected: 'لم يتم التصحيح',
  explanation: 'شرح الإجابة',
  backToCourse: 'العودة إلى الدورة',
  lectures: 'قائمة المحاضرات',
  videosDisabled: 'الفيديوهات مغلقة حتى تؤدي الامتحانات المطلوبة',
  goToExams: 'الذهاب إلى الامتحانات',
  mustPass: 'يجب اجتياز الامتحان',
  alternativeExam: 'امتحان بديل',
  openExam: 'فتح الامتحان',
  examResults: 'نتائج الامتحانات',
  homeworkResults: 'نتائج الواجبات',
  resultNotShown: 'النتيجة غير معروضة',
} as const;

const ESSAY_TEXT = 'المقاومة المكافئة لمقاومتين متساويتين على التوازي نصف إحداهما.';

// --- the exam screens ---

/** Waits for the header's 'question n of total'. */
async function expectAtQuestion(page: Page, n: number, total: number): Promise<void> {
  await page.getByText(`السؤال ${n} من ${total}`, { exact: true }).waitFor();
}

/**
 * Answers question `n` (on screen): the key's right or wrong option, or for an essay the
 * given text. Returns the question's section.
 */
async function answer(
  page: Page,
  n: number,
  question: KeyQuestion,
  how: 'right' | 'wrong' | { text: string },
): Promise<Locator> {
  const section = questionSection(page, n);
  await section.getByText(question.text, { exact: true }).waitFor();
  if (typeof how === 'object') {
    await section.getByRole('textbox', { name: TEXT.essay }).fill(how.text);
  } else {
    const option = question[how];
    if (!option) throw new Error(`question ${n} has no ${how} option`);
    await section.getByRole('radio', { name: option.text, exact: true }).check();
  }
  return section;
}

async function nextQuestion(page: Page): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: TEXT.next, exact: true }).click();
}

/**
 * The question list: beside the question on a desktop, in a drawer opened from the header on
 * a phone. Returns the list.
 */
async function openQuestionList(page: Page, viewport: string): Promise<Locator> {
  if (viewport === 'phone')
    await page.getByRole('button', { name: TEXT.openQuestionList, exact: true }).click();
  const list = page.getByRole('navigation', { name: TEXT.questionList, exact: true });
  await list.waitFor();
  return list;
}

/** A question's button in the list, named with its number and whether it is answered. */
function listEntry(list: Locator, n: number, solved: boolean): Locator {
  return list.getByRole('button', {
    name: `السؤال ${n}، ${solved ? 'تمت الإجابة' : 'لم تتم الإجابة'}`,
    exact: true,
  });
}

/** Opens the entry with the exam's code in the link (as a lecture or results list does). */
async function openEntry(page: Page, code: string, name: string): Promise<Locator> {
  await page.goto(`/exams?exam_code=${code}`);
  const details = page.getByRole('main').getByRole('region', { name, exact: true });
  await details.waitFor();
  return details;
}

/** Starts the exam from its details and waits for its first question. */
async function startFrom(details: Locator, page: Page, total: number): Promise<string> {
  await details.getByRole('button', { name: TEXT.start, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/exams/session');
  await expectAtQuestion(page, 1, total);
  return sessionTokenOf(page);
}

/** Submits through the confirm dialog, checking the answered count it states. */
async function submitWithConfirm(
  page: Page,
  answered: number,
  total: number,
  shot?: () => Promise<unknown>,
): Promise<void> {
  await page.getByRole('main').getByRole('button', { name: TEXT.submit, exact: true }).click();
  const confirm = page.getByRole('dialog', { name: TEXT.submit, exact: true });
  await confirm.getByText(`أجبت عن ${answered} من ${total}.`).waitFor();
  await shot?.();
  await confirm.getByRole('button', { name: TEXT.submitConfirm, exact: true }).click();
  await page.getByText(TEXT.submitted, { exact: true }).waitFor();
}

/** The figure of the result screen with this label ('الدرجة', 'النسبة', …). */
function resultFigure(page: Page, label: string): Promise<string> {
  return page
    .getByRole('main')
    .locator('dl > *')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')
    .innerText();
}

/** The number shown beside a label of the welcome-back dialog. */
async function welcomeCount(dialog: Locator, label: string): Promise<number> {
  const text = await dialog.getByText(label, { exact: true }).locator('xpath=..').innerText();
  return Number(text.replace(label, '').trim());
}

/** Seconds left on the countdown chip ('الوقت المتبقي 01:58'). */
async function countdownSeconds(page: Page): Promise<number> {
  const label = (await page.getByRole('timer').getAttribute('aria-label')) ?? '';
  const parts = label.match(/(\d+):(\d+)(?::(\d+))?$/);
  if (!parts) throw new Error(`no time in the countdown's name: ${label}`);
  const numbers = parts
    .slice(1)
    .filter((p) => p !== undefined)
    .map(Number);
  return numbers.reduce((total, n) => total * 60 + n, 0);
}

/** Accepts the browser's leave-the-page confirmation and remembers that it was asked. */
function acceptLeaving(page: Page): { asked: () => boolean } {
  let asked = false;
  page.on('dialog', (dialog: Dialog) => {
    if (dialog.type() === 'beforeunload') asked = true;
    void dialog.accept();
  });
  return { asked: () => asked };
}

/** The course page as the student's API sees it. */
async function serverCourse(token: string, id: number): Promise<Course> {
  const { status, json } = await getApi(`/courses/${id}`, { token });
  if (status !== 200) throw new Error(`GET /courses/${id} answered ${status}`);
  return (json as { data: Course }).data;
}

/** Gets the free demo course for the student through the API. */
async function getFreeCourse(token: string): Promise<number> {
  const id = await courseId(COURSE);
  const { status } = await callApi(`/courses/${id}/purchase`, { token, body: {} });
  expect(status).toBe(200);
  return id;
}

describe.each(VIEWPORT_NAMES)('on a %s', (viewport) => {
  it.override({ viewport });

  const shot = (page: Page, number: string, name: string, options?: { fullPage?: boolean }) =>
    screenshot(page, `${viewport}-exm-${number}-${name}`, options);

  it('enters a general exam by code, answers every kind of question, submits and sees the result and the review', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);
    const key = await answerKey(EXAM.physics.code);
    expect(key.map((q) => q.type)).toEqual([
      'choices',
      'choices',
      'truefalse',
      'truefalse',
      'essay',
    ]);
    const main = page.getByRole('main');

    await page.goto('/exams');
    await main.getByRole('heading', { level: 1, name: TEXT.entryTitle }).waitFor();
    const field = main.getByRole('textbox', { name: TEXT.codeLabel });
    const enter = main.getByRole('button', { name: TEXT.enter, exact: true });
    expect(await enter.isDisabled()).toBe(true);
    // A code that names no exam is refused, and nothing opens.
    await field.fill('NOPE2026');
    await enter.click();
    await main.getByText(TEXT.wrongCode, { exact: true }).waitFor();
    await expectNoSidewaysOverflow(page);
    await shot(page, '01', 'wrong-code');

    // Typed in lower case with spaces, as on a phone: still the exam (ADR 016: Codes).
    await field.fill(' phy 2026 ');
    await enter.click();
    const details = main.getByRole('region', { name: EXAM.physics.name, exact: true });
    await details.getByText('30 دقيقة', { exact: true }).waitFor();
    expect(await details.locator('dd').allInnerTexts()).toEqual(['30 دقيقة', '5']);
    await expectNoSidewaysOverflow(page);
    await shot(page, '02', 'details');

    const sessionToken = await startFrom(details, page, 5);
    // Started by this click: no welcome back, and the clock is the server's 30 minutes.
    expect(await page.getByRole('dialog').count()).toBe(0);
    const timer = page.getByRole('timer');
    expect(await timer.getAttribute('data-tone')).toBe('default');
    expect(await countdownSeconds(page)).toBeGreaterThan(29 * 60);
    expect(await countdownSeconds(page)).toBeLessThanOrEqual(30 * 60);

    let section = await answer(page, 1, key[0]!, 'wrong');
    await expectStatus(section, TEXT.saved);
    await expectNoSidewaysOverflow(page);
    await shot(page, '03', 'question-answered');
    await nextQuestion(page);
    await expectAtQuestion(page, 2, 5);
    section = await answer(page, 2, key[1]!, 'right');
    // The circuit figure of the question is shown with it.
    await section.getByRole('img', { name: 'صورة السؤال' }).waitFor();
    await expectStatus(section, TEXT.saved);
    await nextQuestion(page);
    section = await answer(page, 3, key[2]!, 'right');
    await expectStatus(section, TEXT.saved);

    // The question list jumps to the essay (a drawer on the phone, beside it on the desktop).
    let list = await openQuestionList(page, viewport);
    await listEntry(list, 3, true).waitFor();
    if (viewport === 'phone') await shot(page, '04', 'question-drawer', { fullPage: false });
    await listEntry(list, 5, false).click();
    await expectAtQuestion(page, 5, 5);
    // The essay's line says what its text is doing from the first key: every text it shows is
    // noted as it changes (however fast the machine), and the save is held to be seen.
    section = questionSection(page, 5);
    await section.getByText(key[4]!.text, { exact: true }).waitFor();
    await section.getByRole('status').evaluate((line) => {
      const seen: string[] = [];
      (window as unknown as { essayStatuses: string[] }).essayStatuses = seen;
      new MutationObserver(() => {
        const text = line.textContent ?? '';
        if (text && text !== seen.at(-1)) seen.push(text);
      }).observe(line, { childList: true, subtree: true, characterData: true });
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/exams/session/answers', async (route) => {
      await held;
      await route.continue();
    });
    await section.getByRole('textbox', { name: TEXT.essay }).fill(ESSAY_TEXT);
    await expectStatus(section, TEXT.saving);
    await shot(page, '04b', 'essay-saving', { fullPage: false });
    release();
    await expectStatus(section, TEXT.saved);
    await page.unroute('**/api/v1/exams/session/answers');
    expect(
      await page.evaluate(() => (window as unknown as { essayStatuses: string[] }).essayStatuses),
    ).toEqual([TEXT.notSaved, TEXT.saving, TEXT.saved]);
    list = await openQuestionList(page, viewport);
    await listEntry(list, 4, false).click();
    section = await answer(page, 4, key[3]!, 'right');
    await expectStatus(section, TEXT.saved);
    list = await openQuestionList(page, viewport);
    for (const n of [1, 2, 3, 4, 5]) await listEntry(list, n, true).waitFor();
    if (viewport === 'phone') await page.keyboard.press('Escape');
    await shot(page, '05', 'all-answered');

    await submitWithConfirm(page, 5, 5, () =>
      shot(page, '06', 'submit-confirm', { fullPage: false }),
    );
    await expectNoSidewaysOverflow(page);
    await shot(page, '07', 'submitted');

    await main.getByRole('button', { name: TEXT.viewResult, exact: true }).click();
    await main.getByRole('heading', { name: TEXT.resultTitle }).waitFor();
    // One wrong choice, three right (1 mark each), the essay (2 marks) not yet corrected: no
    // verdict until a teacher marks it (ADR 016).
    await main.getByText(TEXT.notCorrected, { exact: true }).first().waitFor();
    expect(await main.getByText(TEXT.passed, { exact: true }).count()).toBe(0);
    expect(await resultFigure(page, 'الدرجة')).toBe('3 من 6');
    expect(await resultFigure(page, 'النسبة')).toBe('50%');
    expect(await resultFigure(page, 'إجابات صحيحة')).toBe('3');
    expect(await resultFigure(page, 'إجابات خاطئة')).toBe('1');
    await expectNoSidewaysOverflow(page);
    await shot(page, '08', 'result');

    const server = await serverSession(token, sessionToken);
    expect(server.session.active).toBe(false);
    expect(server.result).toMatchObject({
      correction_mark: 3,
      total_mark: 6,
      correct_answer_attempts: 3,
      wrong_answer_attempts: 1,
    });
    const attempts = new Map(server.answer_attempts.map((a) => [a.question_id, a]));
    expect(attempts.get(key[0]!.id)?.answer_id).toBe(key[0]!.wrong!.id);
    for (const q of key.slice(1, 4)) expect(attempts.get(q.id)?.answer_id).toBe(q.right!.id);
    expect(attempts.get(key[4]!.id)?.answer_text).toBe(ESSAY_TEXT);

    await main.getByRole('button', { name: TEXT.review, exact: true }).click();
    await main.getByRole('heading', { level: 1, name: TEXT.review }).waitFor();
    const verdict = (n: number, text: string) =>
      questionSection(page, n).getByText(text, { exact: true }).waitFor();
    await verdict(1, TEXT.wrong);
    for (const n of [2, 3, 4]) await verdict(n, TEXT.correct);
    await verdict(5, TEXT.notCorrected);
    await questionSection(page, 5).getByText(ESSAY_TEXT).waitFor();
    // The teacher's explanation, with its address as a link (never HTML) that reads as its
    // host and decoded path, left to right, and opens the address as written.
    await questionSection(page, 1).getByText(TEXT.explanation, { exact: true }).waitFor();
    const link = questionSection(page, 1).getByRole('link', { name: /wikipedia\.org/ });
    expect(await link.getAttribute('href')).toBe('https://en.wikipedia.org/wiki/Ohm%27s_law');
    expect(await link.innerText()).toBe("en.wikipedia.org/wiki/Ohm's_law");
    expect(await link.locator('bdi').getAttribute('dir')).toBe('ltr');
    await expectNoSidewaysOverflow(page);
    await shot(page, '09', 'review');
  });

  it('welcomes the student back after a reload with the answered and remaining counts', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    await signIn(context, student);
    const key = await answerKey(EXAM.math.code);
    const leaving = acceptLeaving(page);

    const details = await openEntry(page, EXAM.math.code, EXAM.math.name);
    await startFrom(details, page, 5);
    let section = await answer(page, 1, key[0]!, 'right');
    await expectStatus(section, TEXT.saved);
    await nextQuestion(page);
    section = await answer(page, 2, key[1]!, 'wrong');
    await expectStatus(section, TEXT.saved);

    await page.reload();
    // Leaving a running exam asks first (spec §2).
    expect(leaving.asked()).toBe(true);
    const welcome = page.getByRole('dialog', { name: TEXT.welcomeBack });
    await welcome.waitFor();
    expect(await welcomeCount(welcome, TEXT.answered)).toBe(2);
    expect(await welcomeCount(welcome, TEXT.remaining)).toBe(3);
    await shot(page, '10', 'welcome-back', { fullPage: false });
    await welcome.getByRole('button', { name: TEXT.continue, exact: true }).click();
    await welcome.waitFor({ state: 'hidden' });
    // The saved choices are back on their questions.
    await expectAtQuestion(page, 1, 5);
    const first = questionSection(page, 1);
    expect(await first.getByRole('radio', { name: key[0]!.right!.text }).isChecked()).toBe(true);
    await expectStatus(first, TEXT.saved);
    await expectNoSeriousA11yViolations(page);

    // From the entry, the one button continues, and the student is welcomed back again.
    const again = await openEntry(page, EXAM.math.code, EXAM.math.name);
    await again.getByText(TEXT.startedNotice).waitFor();
    await expectNoSeriousA11yViolations(page);
    await again.getByRole('button', { name: TEXT.continue, exact: true }).click();
    await welcome.waitFor();
    expect(await welcomeCount(welcome, TEXT.answered)).toBe(2);
    expect(await welcomeCount(welcome, TEXT.remaining)).toBe(3);
  });

  it('keeps answers made offline on the device and sends every one when the network returns', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);
    const key = await answerKey(EXAM.open.code);
    expect(key.map((q) => q.type)).toEqual([
      'choices',
      'choices',
      'truefalse',
      'truefalse',
      'essay',
    ]);
    acceptLeaving(page);

    const details = await openEntry(page, EXAM.open.code, EXAM.open.name);
    const sessionToken = await startFrom(details, page, 5);
    // An open exam has no countdown.
    expect(await page.getByRole('timer').count()).toBe(0);
    let section = await answer(page, 1, key[0]!, 'right');
    await expectStatus(section, TEXT.saved);

    await context.setOffline(true);
    const offlineSince = Date.now();
    const banner = page.getByRole('status').filter({ hasText: TEXT.offline });
    await banner.waitFor();
    await nextQuestion(page);
    // A choice changed while offline: the newer one is what reaches the server.
    section = await answer(page, 2, key[1]!, 'wrong');
    await expectStatus(section, TEXT.waiting);
    section = await answer(page, 2, key[1]!, 'right');
    await nextQuestion(page);
    section = await answer(page, 3, key[2]!, 'wrong');
    await expectStatus(section, TEXT.waiting);
    await nextQuestion(page);
    section = await answer(page, 4, key[3]!, 'right');
    await nextQuestion(page);
    section = await answer(page, 5, key[4]!, { text: ESSAY_TEXT });
    await expectStatus(section, TEXT.waiting);
    // Calm: a status, not an error.
    expect(await page.getByRole('alert').filter({ hasText: TEXT.offline }).count()).toBe(0);
    await shot(page, '11', 'offline');

    await page.waitForTimeout(Math.max(0, OFFLINE_MS - (Date.now() - offlineSince)));
    // Nothing made offline has reached the server.
    expect((await serverSession(token, sessionToken)).answer_attempts).toHaveLength(1);
    await expectStatus(section, TEXT.waiting);

    await context.setOffline(false);
    await banner.waitFor({ state: 'hidden' });
    await expectStatus(section, TEXT.saved);
    const expected = [
      { question_id: key[0]!.id, answer_id: key[0]!.right!.id },
      { question_id: key[1]!.id, answer_id: key[1]!.right!.id },
      { question_id: key[2]!.id, answer_id: key[2]!.wrong!.id },
      { question_id: key[3]!.id, answer_id: key[3]!.right!.id },
      { question_id: key[4]!.id, answer_text: ESSAY_TEXT },
    ];
    await expect
      .poll(async () => {
        const { answer_attempts } = await serverSession(token, sessionToken);
        return [...answer_attempts].sort((a, b) => a.question_id - b.question_id);
      })
      .toEqual(expected.map((e) => expect.objectContaining(e)));
    const list = await openQuestionList(page, viewport);
    for (const n of [1, 2, 3, 4, 5]) await listEntry(list, n, true).waitFor();
    if (viewport === 'phone') await page.keyboard.press('Escape');
    await shot(page, '12', 'back-online');
  });

  it('submits by itself when the time runs out and shows the submitted screen without a click', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);
    const key = await answerKey(EXAM.quick.code);
    acceptLeaving(page);

    const details = await openEntry(page, EXAM.quick.code, EXAM.quick.name);
    const sessionToken = await startFrom(details, page, 3);
    // Two minutes: under 180 s the countdown is red from the start.
    expect(await page.getByRole('timer').getAttribute('data-tone')).toBe('error');
    let section = await answer(page, 1, key[0]!, 'right');
    await expectStatus(section, TEXT.saved);

    // The deadline comes 8 s from now; the next answer's reply carries the server's clock.
    const deadline = new Date(Date.now() + 8_000);
    await moveDeadline(sessionToken, deadline);
    await nextQuestion(page);
    section = await answer(page, 2, key[1]!, 'right');
    await expectStatus(section, TEXT.saved);
    await expect.poll(() => countdownSeconds(page)).toBeLessThanOrEqual(8);
    await shot(page, '13', 'countdown');

    // No click: at 0 the exam submits itself.
    await page.getByText(TEXT.submitted, { exact: true }).waitFor({ timeout: 20_000 });
    expect(pathname(page)).toBe('/exams/session');
    await expectNoSidewaysOverflow(page);
    await shot(page, '14', 'submitted-by-time');

    const server = await serverSession(token, sessionToken);
    expect(server.session.active).toBe(false);
    expect(server.result).toMatchObject({ correct_answer_attempts: 2, wrong_answer_attempts: 0 });
    const finish = await sessionFinish(sessionToken);
    expect(Date.parse(finish.finishedAt!)).toBeLessThanOrEqual(deadline.getTime());
  });

  it("opens a lecture's videos once its must-pass exam is passed", async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);
    const id = await getFreeCourse(token);
    const lectureOf = async () =>
      (await serverCourse(token, id)).lectures.find((l) => l.name === GATED_LECTURE)!;
    expect((await lectureOf()).enable_videos).toBe(false);
    acceptLeaving(page);

    const main = page.getByRole('main');
    await page.goto(`/courses/${id}`);
    const openLecture = async () => {
      await main
        .getByRole('list', { name: TEXT.lectures })
        .getByRole('button', { name: GATED_LECTURE, exact: true })
        .click();
      const dialog = page.getByRole('dialog', { name: GATED_LECTURE, exact: true });
      await dialog.getByRole('tablist').waitFor();
      return dialog;
    };
    let lecture = await openLecture();
    await lecture.getByText(TEXT.videosDisabled).waitFor();
    const plays = lecture.getByRole('button', { name: /^تشغيل / });
    expect(await plays.count()).toBeGreaterThan(0);
    for (const play of await plays.all()) expect(await play.isDisabled()).toBe(true);
    await lecture.getByRole('button', { name: TEXT.goToExams }).click();
    const exam = lecture
      .getByRole('listitem')
      .filter({ has: page.getByText(TEXT.mustPass, { exact: true }) });
    await expectNoSeriousA11yViolations(page);
    await shot(page, '15', 'must-pass-exam', { fullPage: false });

    // A student who has not failed the main exam is sent to it, not to its alternative (ADR 016).
    expect(await exam.getByRole('link', { name: TEXT.alternativeExam }).count()).toBe(0);
    await exam.getByRole('link', { name: TEXT.openExam }).click();
    await page.waitForURL((url) => url.pathname === '/exams');
    const code = new URL(page.url()).searchParams.get('exam_code')!;
    expect(new URL(page.url()).searchParams.get('course_id')).toBe(String(id));
    const key = await answerKey(code);
    const details = main.getByRole('region', { name: `امتحان: ${GATED_LECTURE}` });
    await details.waitFor();
    await expectNoSeriousA11yViolations(page);
    await startFrom(details, page, key.length);
    // Every choice right; the essay left for later, so nothing waits for a teacher's marks.
    let answered = 0;
    for (const [index, question] of key.entries()) {
      if (index > 0) await nextQuestion(page);
      if (question.type === 'essay') continue;
      const section = await answer(page, index + 1, question, 'right');
      await expectStatus(section, TEXT.saved);
      answered++;
    }
    await submitWithConfirm(page, answered, key.length);
    await main.getByRole('button', { name: TEXT.viewResult, exact: true }).click();
    await main.getByText(TEXT.passed, { exact: true }).waitFor();
    await shot(page, '16', 'must-pass-passed');

    // Leaving the exam has the course page asked again: it carries each lecture's videos flag.
    const refreshed = page.waitForResponse(
      (res) => new URL(res.url()).pathname === `${API_BASE}/courses/${id}`,
    );
    await main.getByRole('link', { name: TEXT.backToCourse }).click();
    await page.waitForURL((url) => url.pathname === `/courses/${id}`);
    await refreshed;
    lecture = await openLecture();
    await lecture
      .getByRole('button', { name: /^تشغيل / })
      .first()
      .waitFor();
    // The lecture may first render from the cached course page, then from the refreshed one.
    for (const play of await plays.all()) await expect.poll(() => play.isDisabled()).toBe(false);
    expect(await lecture.getByText(TEXT.videosDisabled).count()).toBe(0);
    expect((await lectureOf()).enable_videos).toBe(true);
    await shot(page, '17', 'videos-open', { fullPage: false });
  });

  it('lists exam and homework sessions with their chips and marks, and opens an entry from details', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);
    await getFreeCourse(token);
    const right = (q: KeyQuestion) => q.right && { question_id: q.id, chosen_answer: q.right.id };
    const wrong = (q: KeyQuestion) => q.wrong && { question_id: q.id, chosen_answer: q.wrong.id };
    await takeExamThroughApi(token, EXAM.physics.code, right);
    await takeExamThroughApi(token, EXAM.math.code, wrong);
    await takeExamThroughApi(token, EXAM.chemistry.code, right);
    await takeExamThroughApi(token, EXAM.essay.code, (q) =>
      q.type === 'essay' ? { question_id: q.id, answer_text: ESSAY_TEXT } : right(q),
    );
    const homework = await lectureExamCode(COURSE, FIRST_LECTURE, 'homework');
    await takeExamThroughApi(token, homework, right);

    const main = page.getByRole('main');
    const row = (name: string) =>
      main.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await page.goto('/my-exams/exams');
    await main.getByRole('heading', { level: 1, name: TEXT.examResults }).waitFor();
    await row(EXAM.physics.name).waitFor();
    // Newest first, as the server lists them.
    const listed = await serverResults(token, 'exams');
    expect(await main.getByRole('listitem').getByRole('heading').allInnerTexts()).toEqual(
      listed.map((s) => s.exam.name),
    );
    expect(listed.map((s) => s.exam.exam_code)).toEqual([
      EXAM.essay.code,
      EXAM.chemistry.code,
      EXAM.math.code,
      EXAM.physics.code,
    ]);
    // The four chips of spec §2, with marks only where the server gives them.
    const expectRow = async (name: string, chip: string, marks: string | null) => {
      const text = await row(name).innerText();
      expect(text).toContain(chip);
      if (marks) expect(text).toContain(marks);
      else expect(text).not.toContain('الدرجة');
      expect(await row(name).locator('time').count()).toBe(1);
    };
    await expectRow(EXAM.physics.name, TEXT.passed, 'الدرجة: 4 من 6');
    await expectRow(EXAM.math.name, TEXT.failed, 'الدرجة: 0 من 6');
    await expectRow(EXAM.chemistry.name, TEXT.resultNotShown, null);
    await expectRow(EXAM.essay.name, TEXT.notCorrected, null);
    await expectNoSidewaysOverflow(page);
    await shot(page, '18', 'exam-results');

    await row(EXAM.physics.name).getByRole('link').click();
    await page.waitForURL(
      (url) => url.pathname === '/exams' && url.searchParams.get('exam_code') === EXAM.physics.code,
    );
    const details = main.getByRole('region', { name: EXAM.physics.name, exact: true });
    await details.getByText(TEXT.submittedNotice).waitFor();
    await expectNoSeriousA11yViolations(page);
    await details.getByRole('button', { name: TEXT.viewResult, exact: true }).click();
    await main.getByRole('heading', { name: TEXT.resultTitle }).waitFor();
    expect(await resultFigure(page, 'الدرجة')).toBe('4 من 6');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/my-exams/homeworks');
    await main.getByRole('heading', { level: 1, name: TEXT.homeworkResults }).waitFor();
    const [done] = await serverResults(token, 'homeworks');
    expect(done?.exam.exam_code).toBe(homework);
    await expectRow(done!.exam.name, TEXT.passed, 'الدرجة: 4 من 6');
    expect(await main.getByRole('listitem').count()).toBe(1);
    await expectNoSidewaysOverflow(page);
    await shot(page, '19', 'homework-results');
    await row(done!.exam.name).getByRole('link').click();
    await main
      .getByRole('region', { name: done!.exam.name, exact: true })
      .getByText(TEXT.submittedNotice)
      .waitFor();
    await expectNoSeriousA11yViolations(page);
  });
});
