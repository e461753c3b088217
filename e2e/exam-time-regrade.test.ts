import { randomUUID } from 'node:crypto';
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  API_BASE,
  type StaffExam,
  type StaffExamAccommodation,
  type StaffExamSession,
  type StaffItemAnalysis,
  type StaffQuestion,
} from '@dars/contract';
import { callApi, serverUser } from './support/api';
import { openPage, screenshot } from './support/browser';
import { it, signIn } from './support/catalog';
import { withDatabase } from './support/database';
import {
  expectStatus,
  questionSection,
  serverResults,
  serverSession,
  sessionFinish,
  sessionTokenOf,
  takeExamThroughApi,
} from './support/exams';
import { expectNoSidewaysOverflow } from './support/screens';
import { STAFF, filtered, staffSignIn } from './support/staff';
import { serverURL } from './support/server';

/**
 * Exams a school can trust (issue 26), against the real server, in a real browser; every screen
 * visited is checked with axe (the screenshot helper).
 *
 * 1. A student's own exam time (ADR 042). The leader makes an exam (the staff API, as the
 *    console calls it) and, in the console, gives student B five minutes more on B's page
 *    («وقت خاص في الامتحانات»). Students A (a phone) and B (a desktop) open the exam; the
 *    leader then closes its window WINDOW_MS from now, and both start: B's countdown shows five
 *    minutes more than A's. A's countdown runs out and A's screen says the answers were
 *    submitted (the server ended the session at the deadline and refuses A's answers), while
 *    B's still runs; past A's deadline, with A's session over, B answers, the answer is saved,
 *    B submits and sees the result. (The server's answer grace, ANSWER_GRACE_MS, is not waited
 *    out here: a minute of CI for what the server tests of ADR 042 already prove.)
 *
 * 2. A planted wrong key found and fixed (ADRs 043 and 045). The leader makes an exam of three
 *    questions whose first is keyed to a wrong option; four students submit through the API,
 *    the two strong ones (right elsewhere) picking the truly right option, the two weak ones
 *    the keyed one. On the exam's page the item analysis flags the first question as reversed;
 *    the leader regrades it with the right option in the browser; the flag goes, the results
 *    list (desktop and phone) shows the new marks, worked out by hand below, and a student who
 *    now passes sees the new mark in the app's results list and is told.
 */

const TEXT = {
  start: 'ابدأ الامتحان',
  submit: 'تسليم الإجابات',
  submitConfirm: 'تسليم',
  submitted: 'تم تسليم ا\uFEF9جابات بنجاح',
  viewResult: 'عرض النتيجة',
  resultTitle: 'نتيجة الامتحان',
  passed: 'ناجح',
  failed: 'راسب',
  saved: 'تم الحفظ',
  sessionEnded: 'انتهى وقت الامتحان ولا يمكن تعديل الإجابات',
  accommodations: 'وقت خاص في الامتحانات',
  addAccommodation: 'إضافة وقت خاص',
  analysis: 'تحليل الأسئلة',
  reversed: 'أخطأ فيه المتفوقون أكثر من غيرهم: راجع مفتاح الإجابة',
  regradeConfirm: 'إعادة التصحيح',
} as const;

const PASSWORD = 'dars12345';

/** A staff call as the console makes it: the leader's bearer token, JSON both ways. */
async function staffCall<T>(
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  route: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(new URL(`${API_BASE}/staff${route}`, serverURL()), {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { data: T } | null;
  if (!res.ok)
    throw new Error(`${method} /staff${route} answered ${res.status}: ${JSON.stringify(json)}`);
  return json!.data;
}

async function leaderToken(): Promise<string> {
  const login = await callApi('/staff/login', {
    body: { email: STAFF.leader, password: PASSWORD },
  });
  if (login.status !== 200) throw new Error(`POST /staff/login answered ${login.status}`);
  return (login.json as { data: { token: string } }).data.token;
}

async function studentToken(student: { email: string; password: string }): Promise<string> {
  const { status, json } = await callApi('/login', {
    body: { login: student.email, password: student.password },
  });
  if (status !== 200) throw new Error(`POST /login answered ${status}`);
  return (json as { token: string }).token;
}

/** An exam of this journey only, open to anyone with its code. */
function makeExam(token: string, fields: Record<string, unknown>): Promise<StaffExam> {
  const tag = randomUUID().slice(0, 8).toUpperCase();
  return staffCall<StaffExam>(token, 'POST', '/exams', {
    exam_code: `E2E${tag}`,
    is_general: true,
    show_result: true,
    ...fields,
    name: `${fields.name as string} ${tag.slice(0, 4)}`,
  });
}

/**
 * Removes the journey's exam with all it left (sessions, answers, accommodations cascade), so
 * later journeys on this server never meet it in a list.
 */
function removeExam(id: number): Promise<unknown> {
  return withDatabase((db) => db.deleteFrom('exams').where('id', '=', id).execute());
}

/** Seconds left on the countdown chip ('الوقت المتبقي 04:58'). */
async function countdownSeconds(page: Page): Promise<number> {
  const label = (await page.getByRole('timer').getAttribute('aria-label')) ?? '';
  const parts = label.match(/(\d+):(\d+)(?::(\d+))?$/);
  if (!parts) throw new Error(`no time in the countdown's name: ${label}`);
  return parts
    .slice(1)
    .filter((p) => p !== undefined)
    .map(Number)
    .reduce((total, n) => total * 60 + n, 0);
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

/** Opens the exam's details from the link a lecture or results list gives. */
async function openDetails(page: Page, exam: StaffExam): Promise<Locator> {
  await page.goto(`/exams?exam_code=${exam.exam_code}`);
  const details = page.getByRole('main').getByRole('region', { name: exam.name, exact: true });
  await details.getByRole('button', { name: TEXT.start, exact: true }).waitFor();
  return details;
}

/** Starts from the details and waits for the first question and the countdown. */
async function start(page: Page, details: Locator, question: string): Promise<string> {
  await details.getByRole('button', { name: TEXT.start, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/exams/session');
  await questionSection(page, 1).getByText(question, { exact: true }).waitFor();
  await page.getByRole('timer').waitFor();
  return sessionTokenOf(page);
}

// --- 1. a student's own exam time -----------------------------------------------------------

/**
 * How long the exam's window stays open once the students have its page: long enough for two
 * browsers to start on a busy machine, short for CI.
 */
const WINDOW_MS = 30_000;
const EXTRA_MINUTES = 5;
const QUESTION = {
  text: 'ناتج جمع ٢ و٣ يساوي:',
  right: '5',
  wrong: ['4', '6'],
};

describe('a student with extra time', () => {
  it.override({ viewport: 'desktop' });

  it('runs past the others’ deadline: A’s time ends and is refused, B answers after it and gets a result', async ({
    page,
    browser,
    students,
  }) => {
    const [a, b] = await Promise.all([students.create(), students.create()]);
    const staffToken = await leaderToken();
    const exam = await makeExam(staffToken, { name: 'امتحان الوقت الخاص', pass_percentage: 50 });
    try {
      await staffCall<StaffQuestion>(staffToken, 'POST', '/questions', {
        exam_id: exam.id,
        type: 'choices',
        text: QUESTION.text,
        mark: 1,
        answers: [
          { text: QUESTION.wrong[0], correct: false },
          { text: QUESTION.right, correct: true },
          { text: QUESTION.wrong[1], correct: false },
        ],
      });

      // --- the leader gives B five minutes more on B's page in the console ---
      const staffSide = await openPage(browser, serverURL(), 'desktop');
      try {
        const staff = staffSide.page;
        await staffSignIn(staff, STAFF.leader);
        await staff.goto(`/staff/students/${b.id}/show`);
        await staff.getByRole('heading', { name: b.name }).waitFor();
        await staff.getByRole('tab', { name: /^الامتحانات/ }).click();
        const section = staff.getByRole('region', { name: TEXT.accommodations });
        await section.getByText('لا يوجد وقت خاص لهذا الطالب', { exact: true }).waitFor();
        await section.getByRole('button', { name: TEXT.addAccommodation }).click();
        const dialog = staff.getByRole('dialog', { name: TEXT.addAccommodation });
        await dialog.getByRole('combobox', { name: 'الامتحان' }).fill(exam.name);
        await staff.getByRole('option', { name: exam.name }).click();
        await dialog.getByLabel('دقائق إضافية').fill(String(EXTRA_MINUTES));
        await dialog.getByLabel('ملاحظة (مثل: شهادة طبية)').fill('شهادة طبية');
        // The form's top: the exam and the minutes (the note, last, scrolled it away).
        await dialog.getByRole('combobox', { name: 'الامتحان' }).scrollIntoViewIfNeeded();
        await screenshot(staff, 'desktop-exam-time-00-extra-time-form', { fullPage: false });
        await dialog.getByRole('button', { name: 'حفظ' }).click();
        await dialog.waitFor({ state: 'detached' });
        await section
          .getByText(`${EXTRA_MINUTES} دقيقة و0% من المدة — شهادة طبية`, { exact: true })
          .waitFor();
        await section.getByText(exam.name, { exact: true }).waitFor();
        await screenshot(staff, 'desktop-exam-time-01-extra-time-listed');
      } finally {
        await staffSide.context.close();
      }
      const given = await staffCall<StaffExamAccommodation[]>(
        staffToken,
        'GET',
        `/exam-accommodations?user_id=${b.id}`,
      );
      expect(given).toEqual([
        expect.objectContaining({ exam_id: exam.id, extra_minutes: EXTRA_MINUTES }),
      ]);

      // --- A on a phone, B on a desktop, each on the exam's details ---
      const phone = await openPage(browser, serverURL(), 'phone');
      try {
        const aPage = phone.page;
        const aToken = await signIn(phone.context, a);
        const bToken = await signIn(page.context(), b);
        // Leaving a running exam's page asks first; a journey's close must not wait on it.
        for (const p of [aPage, page]) p.on('dialog', (d) => void d.accept());
        const [aDetails, bDetails] = await Promise.all([
          openDetails(aPage, exam),
          openDetails(page, exam),
        ]);

        // The window closes WINDOW_MS from now: A's deadline; B's is five minutes later.
        const endsAt = Date.now() + WINDOW_MS;
        await staffCall(staffToken, 'PATCH', `/exams/${exam.id}`, {
          ends_at: new Date(endsAt).toISOString(),
        });
        const [aSession, bSession] = await Promise.all([
          start(aPage, aDetails, QUESTION.text),
          start(page, bDetails, QUESTION.text),
        ]);
        const [aLeft, bLeft] = await Promise.all([countdownSeconds(aPage), countdownSeconds(page)]);
        expect(aLeft).toBeLessThanOrEqual(WINDOW_MS / 1000);
        expect(bLeft).toBeGreaterThan(EXTRA_MINUTES * 60);
        expect(bLeft - aLeft).toBeGreaterThanOrEqual(EXTRA_MINUTES * 60 - 5);
        // Under three minutes the countdown is red (A's); under ten, orange (B's five).
        expect(await aPage.getByRole('timer').getAttribute('data-tone')).toBe('error');
        expect(await page.getByRole('timer').getAttribute('data-tone')).toBe('warning');
        // The deadlines the server wrote on the two sessions.
        expect(Date.parse((await sessionFinish(aSession)).deadlineAt!)).toBe(endsAt);
        expect(Date.parse((await sessionFinish(bSession)).deadlineAt!)).toBe(
          endsAt + EXTRA_MINUTES * 60_000,
        );
        await screenshot(aPage, 'phone-exam-time-02-a-countdown');
        await screenshot(page, 'desktop-exam-time-03-b-countdown');

        // --- A's time runs out: the screen submits by itself, the server refuses answers ---
        await aPage
          .getByText(TEXT.submitted, { exact: true })
          .waitFor({ timeout: WINDOW_MS + 20_000 });
        await expectNoSidewaysOverflow(aPage);
        await screenshot(aPage, 'phone-exam-time-04-a-time-over');
        const aFinish = await sessionFinish(aSession);
        expect(Date.parse(aFinish.finishedAt!)).toBeLessThanOrEqual(endsAt);
        const aState = await serverSession(aToken, aSession);
        expect(aState.session.active).toBe(false);
        const aQuestion = aState.questions[0]!;
        const refused = await callApi('/exams/session/answers', {
          token: aToken,
          body: {
            session_token: aSession,
            answers: [
              {
                question_id: aQuestion.id,
                chosen_answer: aQuestion.answers.find((o) => o.text === QUESTION.right)!.id,
                seq: 1,
              },
            ],
          },
        });
        expect(refused.status).toBe(422);
        expect(refused.json).toMatchObject({ code: 'SESSION_ENDED', message: TEXT.sessionEnded });

        // --- past A's deadline (A's session is over): B's countdown still runs, B answers ---
        // No wait for the server's answer grace: A's session ended when its screen submitted.
        expect(Date.now()).toBeGreaterThan(endsAt);
        expect(await page.getByText(TEXT.submitted, { exact: true }).count()).toBe(0);
        const bLeftNow = await countdownSeconds(page);
        // More than four minutes left of the five more, which began at the window's end.
        expect(bLeftNow).toBeGreaterThan(EXTRA_MINUTES * 60 - 60);
        expect(bLeftNow).toBeLessThan(bLeft);
        const bQuestion = questionSection(page, 1);
        await bQuestion.getByRole('radio', { name: QUESTION.right, exact: true }).check();
        await expectStatus(bQuestion, TEXT.saved);
        const bState = await serverSession(bToken, bSession);
        expect(bState.session.active).toBe(true);
        expect(bState.answer_attempts).toHaveLength(1);
        await screenshot(page, 'desktop-exam-time-05-b-answers-after-a');

        await page
          .getByRole('main')
          .getByRole('button', { name: TEXT.submit, exact: true })
          .click();
        const confirm = page.getByRole('dialog', { name: TEXT.submit, exact: true });
        await confirm.getByText('أجبت عن 1 من 1.').waitFor();
        await confirm.getByRole('button', { name: TEXT.submitConfirm, exact: true }).click();
        await page.getByText(TEXT.submitted, { exact: true }).waitFor();
        const main = page.getByRole('main');
        await main.getByRole('button', { name: TEXT.viewResult, exact: true }).click();
        await main.getByRole('heading', { name: TEXT.resultTitle }).waitFor();
        expect(await resultFigure(page, 'الدرجة')).toBe('1 من 1');
        expect(await resultFigure(page, 'النسبة')).toBe('100%');
        await screenshot(page, 'desktop-exam-time-06-b-result');
        const bFinish = await sessionFinish(bSession);
        expect(Date.parse(bFinish.finishedAt!)).toBeGreaterThan(endsAt);
        expect(bFinish.finishedBy).toBe('student');
        // A, who answered nothing in time, has nothing.
        const [aResult] = await serverResults(aToken, 'exams');
        expect(aResult).toMatchObject({ correction_mark: 0, total_mark: 1, succeeded: false });
        const [bResult] = await serverResults(bToken, 'exams');
        expect(bResult).toMatchObject({ correction_mark: 1, total_mark: 1, succeeded: true });
      } finally {
        await phone.context.close();
      }
    } finally {
      await removeExam(exam.id);
    }
  }, 240_000);
});

// --- 2. a wrong key found by the item analysis and fixed by a regrade -------------------------

/**
 * The exam. Question 1 is keyed to «الإسكندرية» though «القاهرة» is right (the planted wrong
 * key); question 2 is worth two marks; the pass mark is 60 %.
 */
const KEYED = {
  q1: {
    text: 'عاصمة جمهورية مصر العربية هي:',
    mark: 1,
    answers: [
      { text: 'القاهرة', correct: false },
      { text: 'الإسكندرية', correct: true },
      { text: 'أسوان', correct: false },
    ],
  },
  q2: {
    text: 'ناتج ضرب ٣ في ٤ يساوي:',
    mark: 2,
    answers: [
      { text: '12', correct: true },
      { text: '7', correct: false },
      { text: '34', correct: false },
    ],
  },
  q3: { text: 'يغلي الماء عند ١٠٠ درجة مئوية عند مستوى سطح البحر.', mark: 1 },
} as const;

/**
 * What each student picks (question 1, question 2, question 3), and the marks worked out by
 * hand (out of 4: question 1 is 1 mark, question 2 is 2, question 3 is 1; passing is 60 %).
 *
 * Before, by the wrong key (الإسكندرية):
 *   strong  القاهرة ✗0, 12 ✓2, صواب ✓1 → 3 / 4 = 75 % ناجح
 *   good    القاهرة ✗0, 12 ✓2, خطأ ✗0  → 2 / 4 = 50 % راسب
 *   weak    الإسكندرية ✓1, 7 ✗0, صواب ✓1 → 2 / 4 = 50 % راسب
 *   weakest الإسكندرية ✓1, 7 ✗0, خطأ ✗0  → 1 / 4 = 25 % راسب
 * Four sessions make groups of one (27 % of 4, rounded, at least one): the upper group is the
 * strong student (3), who got question 1 "wrong"; the lower is the weakest (1), who got it
 * "right": discrimination 0 − 1 = −1, reversed; facility 2 of 4 = 50 %.
 *
 * After, by the right key (القاهرة):
 *   strong 4 / 4 = 100 % ناجح; good 3 / 4 = 75 % ناجح; weak 1 / 4 = 25 % راسب;
 *   weakest 0 / 4 = 0 % راسب.
 * Four sessions marked again, four changed, one now passes (good), none now fails.
 */
const STUDENTS = [
  {
    who: 'strong',
    picks: ['القاهرة', '12', 'صواب'],
    before: { mark: 3, percent: 75, passed: true },
    after: { mark: 4, percent: 100, passed: true },
  },
  {
    who: 'good',
    picks: ['القاهرة', '12', 'خطأ'],
    before: { mark: 2, percent: 50, passed: false },
    after: { mark: 3, percent: 75, passed: true },
  },
  {
    who: 'weak',
    picks: ['الإسكندرية', '7', 'صواب'],
    before: { mark: 2, percent: 50, passed: false },
    after: { mark: 1, percent: 25, passed: false },
  },
  {
    who: 'weakest',
    picks: ['الإسكندرية', '7', 'خطأ'],
    before: { mark: 1, percent: 25, passed: false },
    after: { mark: 0, percent: 0, passed: false },
  },
] as const;
const TOTAL = 4;

/** The results list's row of a student (a table on a desktop). */
function resultRow(staff: Page, name: string): Locator {
  return staff.getByRole('row').filter({ hasText: name });
}

describe('a planted wrong key', () => {
  it.override({ viewport: 'desktop' });

  it('is flagged by the item analysis; the leader regrades it and the results follow', async ({
    page,
    browser,
    students,
  }) => {
    const staffToken = await leaderToken();
    const exam = await makeExam(staffToken, {
      name: 'امتحان المفتاح الخاطئ',
      pass_percentage: 60,
    });
    try {
      const questions: StaffQuestion[] = [];
      for (const [position, body] of [
        { type: 'choices', ...KEYED.q1 },
        { type: 'choices', ...KEYED.q2 },
        { type: 'truefalse', ...KEYED.q3, correct_true: true },
      ].entries()) {
        questions.push(
          await staffCall<StaffQuestion>(staffToken, 'POST', '/questions', {
            exam_id: exam.id,
            position,
            ...body,
          }),
        );
      }
      const optionId = (n: number, text: string) =>
        questions[n]!.answers.find((o) => o.text === text)!.id;

      // --- four students submit through the API ---
      const made = await Promise.all(STUDENTS.map(() => students.create()));
      const tokens: string[] = [];
      for (const [i, plan] of STUDENTS.entries()) {
        const token = await studentToken(made[i]!);
        tokens.push(token);
        await takeExamThroughApi(token, exam.exam_code, (q) => {
          const n = questions.findIndex((x) => x.id === q.id);
          return { question_id: q.id, chosen_answer: optionId(n, plan.picks[n]!) };
        });
        const [result] = await serverResults(token, 'exams');
        expect(result, plan.who).toMatchObject({
          correction_mark: plan.before.mark,
          total_mark: TOTAL,
          succeeded: plan.before.passed,
        });
      }
      const analysed = await staffCall<StaffItemAnalysis>(
        staffToken,
        'GET',
        `/exams/${exam.id}/item-analysis`,
      );
      expect(analysed.questions.map((q) => [q.facility, q.discrimination, q.flags])).toEqual([
        [50, -1, ['reversed']],
        [50, 1, []],
        [50, 1, []],
      ]);

      // --- the leader: the exam's item analysis ---
      const staffSide = await openPage(browser, serverURL(), 'desktop');
      try {
        const staff = staffSide.page;
        await staffSignIn(staff, STAFF.leader);
        await staff.goto(`/staff/exams/${exam.id}`);
        const analysis = staff.getByRole('region', { name: TEXT.analysis });
        await analysis
          .getByText('الجلسات المسلَّمة: 4 — في كل مجموعة (الأعلى والأدنى): 1', {
            exact: true,
          })
          .waitFor();
        const rows = analysis.getByRole('row');
        const first = rows.filter({ hasText: KEYED.q1.text });
        await first.getByText(TEXT.reversed, { exact: true }).waitFor();
        expect(await analysis.getByText(TEXT.reversed, { exact: true }).count()).toBe(1);
        const firstText = await first.innerText();
        for (const part of ['50%', '−1', 'القاهرة: 2', '✓ الإسكندرية: 2', 'أسوان: 0'])
          expect(firstText).toContain(part);
        await analysis.scrollIntoViewIfNeeded();
        await screenshot(staff, 'desktop-exam-regrade-00-item-analysis-flagged', {
          fullPage: false,
        });

        // --- the regrade: القاهرة is right, الإسكندرية is not ---
        await first.getByRole('button', { name: 'إعادة تصحيح السؤال 1' }).click();
        const dialog = staff.getByRole('dialog', { name: 'إعادة تصحيح السؤال 1' });
        const keyed = dialog.getByRole('checkbox', { name: 'الإسكندرية', exact: true });
        expect(await keyed.isChecked()).toBe(true);
        await dialog.getByRole('checkbox', { name: 'القاهرة', exact: true }).check();
        await keyed.uncheck();
        expect(await dialog.getByRole('spinbutton', { name: 'درجة السؤال' }).inputValue()).toBe(
          '1',
        );
        await screenshot(staff, 'desktop-exam-regrade-01-regrade-dialog', { fullPage: false });
        const regraded = staff.waitForResponse((r) =>
          r.url().endsWith(`/staff/questions/${questions[0]!.id}/regrade`),
        );
        await dialog.getByRole('button', { name: TEXT.regradeConfirm, exact: true }).click();
        expect((await regraded).status()).toBe(200);
        await staff
          .getByText('أُعيد تصحيح 4 جلسة؛ تغيّرت نتيجة 4، نجح منهم الآن 1 ورسب 0', {
            exact: true,
          })
          .waitFor();
        await dialog.waitFor({ state: 'detached' });

        // The analysis, read again: the flag is gone, the key is القاهرة.
        await first.getByText('✓ القاهرة: 2', { exact: false }).waitFor();
        expect(await analysis.getByText(TEXT.reversed, { exact: true }).count()).toBe(0);
        expect(await first.innerText()).not.toContain('−1');
        await analysis.scrollIntoViewIfNeeded();
        await screenshot(staff, 'desktop-exam-regrade-02-item-analysis-fixed', {
          fullPage: false,
        });

        // --- the results list: every mark recomputed ---
        await staff.goto(filtered('exam-sessions', { exam_id: exam.id }));
        for (const [i, plan] of STUDENTS.entries()) {
          const row = resultRow(staff, made[i]!.name);
          await row.getByText(`${plan.after.mark} / ${TOTAL}`, { exact: true }).waitFor();
          const text = await row.innerText();
          expect(text, plan.who).toContain(`${plan.after.percent}%`);
          expect(text, plan.who).toContain(plan.after.passed ? TEXT.passed : TEXT.failed);
        }
        await screenshot(staff, 'desktop-exam-regrade-03-results');
      } finally {
        await staffSide.context.close();
      }
      const listed = await staffCall<StaffExamSession[]>(
        staffToken,
        'GET',
        `/exam-sessions?exam_id=${exam.id}&per_page=10`,
      );
      expect(
        new Map(
          listed.map((s) => [s.student.name, [s.correction_mark, s.percentage, s.succeeded]]),
        ),
      ).toEqual(
        new Map(
          STUDENTS.map((plan, i) => [
            made[i]!.name,
            [plan.after.mark, plan.after.percent, plan.after.passed],
          ]),
        ),
      );

      // --- the results list on a phone ---
      const staffPhone = await openPage(browser, serverURL(), 'phone');
      try {
        await staffSignIn(staffPhone.page, STAFF.leader);
        await staffPhone.page.goto(filtered('exam-sessions', { exam_id: exam.id }));
        await staffPhone.page
          .getByText(`${made[1]!.name} — ${STUDENTS[1].after.mark} / ${TOTAL}`, { exact: true })
          .waitFor();
        await expectNoSidewaysOverflow(staffPhone.page);
        await screenshot(staffPhone.page, 'phone-exam-regrade-04-results');
      } finally {
        await staffPhone.context.close();
      }

      // --- the student who now passes: told, and the new mark in the app's results ---
      const good = STUDENTS[1];
      const [result] = await serverResults(tokens[1]!, 'exams');
      expect(result).toMatchObject({
        correction_mark: good.after.mark,
        total_mark: TOTAL,
        succeeded: true,
      });
      const told = (await serverUser(tokens[1]!)).notifications.filter(
        (n) => n.type === 'exam_marked',
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.data.content).toContain(`${good.after.mark} من ${TOTAL}`);
      expect(told[0]!.data.to).toBe(`/exams?exam_code=${exam.exam_code}`);
      await signIn(page.context(), made[1]!);
      await page.goto('/my-exams/exams');
      const main = page.getByRole('main');
      const row = main
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: exam.name, exact: true }) });
      await row.waitFor();
      const rowText = await row.innerText();
      expect(rowText).toContain(`الدرجة: ${good.after.mark} من ${TOTAL}`);
      expect(rowText).toContain(TEXT.passed);
      await screenshot(page, 'desktop-exam-regrade-05-student-results');
    } finally {
      await removeExam(exam.id);
    }
  }, 240_000);
});
