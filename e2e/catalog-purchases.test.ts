import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPaycardCode } from '../apps/server/src/modules/paycards/paycard-code';
import { callApi, serverUser } from './support/api';
import { screenshot, cardTitles } from './support/browser';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { courseId, it, lectureId, paycardUsedBy, signIn, topUpWallet } from './support/catalog';
import { expectNoSidewaysOverflow, VIEWPORT_NAMES } from './support/screens';

/**
 * The catalog issue's journeys, on a phone and on a desktop, against the real server and its
 * demo seed (apps/server/src/db/seed/catalog-data.ts): a guest finds a course and is sent to
 * login and back; a student joins free courses, buys whole courses with a pay card and with
 * the wallet, buys lectures, plays a video and sees its remaining views drop, and is told
 * why a wrong pay card is refused. Every journey has its own student and its own pay cards
 * (support/catalog.ts), so the shared server's demo cards and seats stay as seeded.
 */

const COURSE = {
  /** pay_type 'lectures', no preview: joined with a confirmation. */
  organicChemistry: 'الكيمياء العضوية من الصفر',
  rhetoric: 'البلاغة والنصوص',
  grammar: 'English Grammar Booster',
  /** pay_type 'lectures' with previews on: its lectures show before joining. */
  genetics: 'علم الوراثة',
  /** A free whole course. */
  geography: 'الجغرافيا: مصر والعالم',
  /** Whole courses with a price. */
  electrochemistry: 'الكيمياء الكهربية',
  calculus: 'التفاضل والتكامل — مراجعة نهائية',
  reading: 'Reading & Vocabulary',
} as const;
const PRICE = { electrochemistry: 180, calculus: 250, reading: 120 } as const;

/** English Grammar Booster's lectures 2 and 3: priced 40 and 50, each with a mandatory exam. */
const PASSIVE_VOICE = { name: 'Passive voice', price: 40 };
const CONDITIONALS = { name: 'Conditionals', price: 50 };
/** English Grammar Booster's lecture 5: priced 40, and no pay card takes it. */
const ESSAY_WRITING = { name: 'Essay writing', price: 40 };
/** علم الوراثة's free first lecture, whose second video may be watched 3 times. */
const MENDEL = 'قوانين مندل';
const LIMITED_VIDEO = 'حل التمارين: قوانين مندل';
/** The README's expired demo card: refused, so it stays as it is for everyone. */
const EXPIRED_DEMO_CARD = 'E5XP 9RMT 2KWD 7QHN';

const TEXT = {
  search: 'ابحث عن دورة',
  getCourse: 'احصل على الدورة',
  joinNow: 'انضم الآن',
  joined: 'تم الانضمام',
  joinFirst: 'انضم إلى الدورة أولاً لتتمكن من مشاهدة محاضراتها.',
  loginFirst: 'سجّل الدخول أولاً لتتمكن من مشاهدة محاضرات الدورة.',
  courseLoginHint: 'سجّل الدخول أولاً لتنضم إلى الدورة.',
  joinTitle: 'الانضمام إلى الدورة',
  joinConfirm: 'تأكيد الانضمام',
  joinDone: 'تم الانضمام إلى الدورة بنجاح',
  coursePurchase: 'الحصول على الدورة',
  lecturePurchase: 'الحصول على المحاضرة',
  courseDone: 'لقد حصلت على الدورة بنجاح',
  lectureDone: 'لقد حصلت على المحاضرة بنجاح',
  freeNote: 'هذا المحتوى مجاني، لا تحتاج إلى أي بيانات دفع.',
  method: 'طريقة الدفع',
  wallet: 'المحفظة',
  paycard: 'بطاقة الدفع',
  code: 'كود البطاقة',
  confirm: 'تأكيد الشراء',
  walletShort: 'الرصيد غير كافٍ',
  recharge: 'شحن الرصيد',
  codeRequired: 'أدخل كود البطاقة بشكل صحيح',
  invalidCode: 'كود بطاقة الدفع غير صحيح',
  usedCard: 'البطاقة مُستخدمة سابقاً',
  expiredCard: 'البطاقة منتهية الصلاحية',
  lectures: 'قائمة المحاضرات',
  available: 'متاحة لك',
  tabs: 'محتوى المحاضرة',
  videosDisabled: 'الفيديوهات مغلقة حتى تؤدي الامتحانات المطلوبة',
  closeVideo: 'إغلاق الفيديو',
  myCourses: 'دوراتي',
} as const;

/** An alert (a snackbar, or a dialog's message bar) that says `text`. */
function alertSaying(page: Page, text: string): Locator {
  return page.getByRole('alert').filter({ hasText: text });
}

/**
 * The snackbar that says `text`, shown as a lecture dialog opens. While a dialog is open MUI
 * hides the app's root, snackbar included, from assistive technology (aria-hidden), so it is
 * looked up among hidden elements too; waiting for it still needs it on screen.
 */
function snackbarBehindDialog(page: Page, text: string): Locator {
  return page.getByRole('alert', { includeHidden: true }).filter({ hasText: text });
}

/** The course page's one action: a link for guests, a button for students. */
function enrolAction(page: Page, role: 'link' | 'button', name: string): Locator {
  return page.getByRole('main').getByRole(role, { name, exact: true });
}

/** A lecture of the course page's list, by its name. */
function lectureButton(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('list', { name: TEXT.lectures })
    .getByRole('button', { name, exact: true });
}

/** The list row of a lecture, with its state chip and price. */
function lectureRow(page: Page, name: string): Locator {
  return page
    .getByRole('main')
    .getByRole('list', { name: TEXT.lectures })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name, exact: true }) });
}

/** Opens the course page of a demo course, waits for its title and returns its id. */
async function openCourse(page: Page, name: string): Promise<number> {
  const id = await courseId(name);
  await page.goto(`/courses/${id}`);
  await page.getByRole('main').getByRole('heading', { level: 1, name, exact: true }).waitFor();
  await expectNoSeriousA11yViolations(page);
  return id;
}

/** Waits until the course page shows the course as got: the disabled 'تم الانضمام'. */
async function expectJoined(page: Page): Promise<void> {
  const joined = enrolAction(page, 'button', TEXT.joined);
  await joined.waitFor();
  expect(await joined.isDisabled()).toBe(true);
}

/** Opens my courses and expects these courses among its cards. */
async function expectInMyCourses(page: Page, names: string[]): Promise<void> {
  await page.goto('/my-courses');
  await page.getByRole('main').getByRole('heading', { level: 1, name: TEXT.myCourses }).waitFor();
  await expect
    .poll(() => cardTitles(page))
    .toSatisfy((titles: string[]) => names.every((name) => titles.includes(name)));
  await expectNoSeriousA11yViolations(page);
}

/** Picks a payment method in the purchase dialog and returns its radio. */
async function choose(dialog: Locator, method: string): Promise<Locator> {
  const radio = dialog
    .getByRole('radiogroup', { name: TEXT.method })
    .getByRole('radio', { name: method, exact: true });
  await radio.check();
  return radio;
}

describe.each(VIEWPORT_NAMES)('on a %s', (viewport) => {
  it.override({ viewport });

  const shot = (page: Page, number: string, name: string, options?: { fullPage?: boolean }) =>
    screenshot(page, `${viewport}-cat-${number}-${name}`, options);

  it('lets a guest find a course by search, sends them to login from it and back to it', async ({
    page,
    students,
  }) => {
    const student = await students.create();
    const main = page.getByRole('main');
    await page.goto('/courses');
    await main.getByRole('textbox', { name: TEXT.search }).fill('الكيمياء');
    await expect.poll(() => new URL(page.url()).searchParams.get('query')).toBe('الكيمياء');
    await expect
      .poll(() => cardTitles(page))
      .toSatisfy(
        (titles: string[]) =>
          titles.includes(COURSE.organicChemistry) &&
          titles.every((title) => title.includes('الكيمياء')),
      );
    await expectNoSidewaysOverflow(page);
    await shot(page, '01', 'courses-search');

    const id = await courseId(COURSE.organicChemistry);
    await main
      .getByTestId('course-card')
      .filter({ has: page.getByRole('heading', { name: COURSE.organicChemistry, exact: true }) })
      .click();
    await page.waitForURL((url) => url.pathname === `/courses/${id}`);
    await main.getByRole('heading', { level: 1, name: COURSE.organicChemistry }).waitFor();
    // A guest is offered the course through login, and told to log in to see its lectures.
    const join = enrolAction(page, 'link', TEXT.joinNow);
    expect(await join.getAttribute('href')).toBe(`/login?course=${id}`);
    await main.getByText(TEXT.loginFirst).waitFor();
    expect(await enrolAction(page, 'link', 'تسجيل الدخول').getAttribute('href')).toBe(
      `/login?course=${id}`,
    );
    await expectNoSidewaysOverflow(page);
    await shot(page, '02', 'course-as-guest');

    await join.click();
    await page.waitForURL(
      (url) => url.pathname === '/login' && url.searchParams.get('course') === String(id),
    );
    await main.getByText(TEXT.courseLoginHint).waitFor();
    await main
      .getByRole('textbox', { name: 'البريد الإلكتروني أو رقم الهاتف', exact: true })
      .fill(student.email);
    await main.getByLabel('كلمة المرور', { exact: true }).fill(student.password);
    await shot(page, '03', 'login-for-course');
    await main.getByRole('button', { name: 'تسجيل الدخول', exact: true }).click();

    // Signed in, the student is back on the course, which now offers joining itself.
    await page.waitForURL((url) => url.pathname === `/courses/${id}`);
    await page.getByRole('banner').getByRole('button', { name: 'حسابي', exact: true }).waitFor();
    await enrolAction(page, 'button', TEXT.joinNow).waitFor();
    await main.getByText(TEXT.joinFirst).waitFor();
    await expectNoSidewaysOverflow(page);
    await shot(page, '04', 'course-signed-in');
  });

  it('joins a course of free-to-join lectures with a confirmation, and a free course without payment data', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);

    const rhetoric = await openCourse(page, COURSE.rhetoric);
    await enrolAction(page, 'button', TEXT.joinNow).click();
    const confirm = page.getByRole('dialog', { name: TEXT.joinTitle });
    await confirm.getByText(COURSE.rhetoric).waitFor();
    await shot(page, '05', 'join-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: TEXT.joinConfirm }).click();
    await alertSaying(page, TEXT.joinDone).waitFor();
    await confirm.waitFor({ state: 'hidden' });
    await expectJoined(page);
    // Joined, the lectures are listed: the first, free one among them.
    await lectureButton(page, 'التشبيه وأركانه').waitFor();
    await expectNoSidewaysOverflow(page);
    await shot(page, '06', 'joined');

    const geography = await openCourse(page, COURSE.geography);
    await enrolAction(page, 'button', TEXT.getCourse).click();
    const purchase = page.getByRole('dialog', { name: TEXT.coursePurchase });
    await purchase.getByText(TEXT.freeNote).waitFor();
    expect(await purchase.getByRole('radiogroup').count()).toBe(0);
    await shot(page, '07', 'free-course-dialog', { fullPage: false });
    await purchase.getByRole('button', { name: TEXT.confirm }).click();
    await alertSaying(page, TEXT.courseDone).waitFor();
    await purchase.waitFor({ state: 'hidden' });
    await expectJoined(page);

    const user = await serverUser(token);
    expect(user.my_courses).toEqual(expect.arrayContaining([rhetoric, geography]));
    expect(user.balance).toBe(0);
    await expectInMyCourses(page, [COURSE.rhetoric, COURSE.geography]);
    await expectNoSidewaysOverflow(page);
    await shot(page, '08', 'my-courses-joined');
  });

  it('buys a course with a pay card typed with spaces, and the card is used up', async ({
    page,
    context,
    students,
    paycards,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);
    // Worth 20 more than the price: decision 004 puts the remainder in the wallet.
    const code = await paycards.issue({ value: PRICE.electrochemistry + 20 });

    const id = await openCourse(page, COURSE.electrochemistry);
    await enrolAction(page, 'button', TEXT.getCourse).click();
    const dialog = page.getByRole('dialog', { name: TEXT.coursePurchase });
    await dialog.getByText(COURSE.electrochemistry).waitFor();
    await choose(dialog, TEXT.paycard);
    await dialog.getByRole('textbox', { name: TEXT.code }).fill(code);
    await shot(page, '09', 'paycard-filled', { fullPage: false });
    await dialog.getByRole('button', { name: TEXT.confirm }).click();

    await alertSaying(page, TEXT.courseDone).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectJoined(page);
    await lectureButton(page, 'الأكسدة والاختزال').waitFor();
    expect(await paycardUsedBy(code)).toBe(student.id);
    const user = await serverUser(token);
    expect(user.my_courses).toContain(id);
    expect(user.balance).toBe(20);
    await expectNoSidewaysOverflow(page);
    await shot(page, '10', 'course-bought-by-card');
  });

  it('buys a course from the wallet, which is debited its price', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    await topUpWallet(student, 300);
    const token = await signIn(context, student);

    const id = await openCourse(page, COURSE.calculus);
    await enrolAction(page, 'button', TEXT.getCourse).click();
    const dialog = page.getByRole('dialog', { name: TEXT.coursePurchase });
    await dialog.getByText(COURSE.calculus).waitFor();
    // The balance covers the price: the wallet is chosen already, the student only confirms.
    expect(await dialog.getByRole('radio', { name: TEXT.wallet, exact: true }).isChecked()).toBe(
      true,
    );
    expect(await dialog.getByRole('button', { name: TEXT.confirm }).isEnabled()).toBe(true);
    const wallet = await choose(dialog, TEXT.wallet);
    expect(await wallet.isChecked()).toBe(true);
    // No code to type when paying from the wallet.
    expect(await dialog.getByRole('textbox', { name: TEXT.code }).count()).toBe(0);
    await shot(page, '11', 'wallet-chosen', { fullPage: false });
    await dialog.getByRole('button', { name: TEXT.confirm }).click();

    await alertSaying(page, TEXT.courseDone).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expectJoined(page);
    const user = await serverUser(token);
    expect(user.balance).toBe(300 - PRICE.calculus);
    expect(user.my_courses).toContain(id);

    await expectInMyCourses(page, [COURSE.calculus]);
    await expectNoSidewaysOverflow(page);
    await shot(page, '12', 'my-courses-bought');
  });

  it('buys a lecture from the wallet and another with a card made for it', async ({
    page,
    context,
    students,
    paycards,
  }) => {
    const student = await students.create();
    await topUpWallet(student, 100);
    const token = await signIn(context, student);
    const id = await courseId(COURSE.grammar);
    expect((await callApi(`/courses/${id}/join`, { token })).status).toBe(200);
    const code = await paycards.issue({
      value: CONDITIONALS.price,
      lectureId: await lectureId(COURSE.grammar, CONDITIONALS.name),
    });

    await openCourse(page, COURSE.grammar);
    await lectureButton(page, PASSIVE_VOICE.name).click();
    const purchase = page.getByRole('dialog', { name: TEXT.lecturePurchase });
    await purchase.getByText(PASSIVE_VOICE.name).waitFor();
    await choose(purchase, TEXT.wallet);
    await shot(page, '13', 'lecture-purchase', { fullPage: false });
    await purchase.getByRole('button', { name: TEXT.confirm }).click();
    await snackbarBehindDialog(page, TEXT.lectureDone).waitFor();

    // Bought, the lecture opens: its mandatory exam keeps the videos closed for now.
    const lecture = page.getByRole('dialog', { name: PASSIVE_VOICE.name, exact: true });
    await lecture.getByRole('tablist', { name: TEXT.tabs }).waitFor();
    await lecture.getByText(TEXT.videosDisabled).waitFor();
    expect((await serverUser(token)).balance).toBe(100 - PASSIVE_VOICE.price);
    await shot(page, '14', 'lecture-bought', { fullPage: false });
    await lecture.getByRole('button', { name: 'إغلاق', exact: true }).click();
    await lecture.waitFor({ state: 'hidden' });
    await expect
      .poll(() => lectureRow(page, PASSIVE_VOICE.name).innerText())
      .toContain(TEXT.available);

    await lectureButton(page, CONDITIONALS.name).click();
    await purchase.getByText(CONDITIONALS.name).waitFor();
    await choose(purchase, TEXT.paycard);
    await purchase.getByRole('textbox', { name: TEXT.code }).fill(code);
    await purchase.getByRole('button', { name: TEXT.confirm }).click();
    await snackbarBehindDialog(page, TEXT.lectureDone).waitFor();
    const second = page.getByRole('dialog', { name: CONDITIONALS.name, exact: true });
    await second.getByRole('tablist', { name: TEXT.tabs }).waitFor();
    await second.getByRole('button', { name: 'إغلاق', exact: true }).click();
    await second.waitFor({ state: 'hidden' });

    expect(await paycardUsedBy(code)).toBe(student.id);
    expect((await serverUser(token)).balance).toBe(100 - PASSIVE_VOICE.price);
    await expect
      .poll(() => lectureRow(page, CONDITIONALS.name).innerText())
      .toContain(TEXT.available);
    await expectNoSidewaysOverflow(page);
    await shot(page, '15', 'lectures-bought');
  });

  it('says what the wallet lacks beside the disabled confirm of a lecture no card pays, and opens the recharge with it', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    await topUpWallet(student, 15);
    const token = await signIn(context, student);
    const id = await courseId(COURSE.grammar);
    expect((await callApi(`/courses/${id}/join`, { token })).status).toBe(200);

    await openCourse(page, COURSE.grammar);
    await lectureButton(page, ESSAY_WRITING.name).click();
    const purchase = page.getByRole('dialog', { name: TEXT.lecturePurchase });
    await purchase.getByText(ESSAY_WRITING.name).waitFor();
    const methods = purchase.getByRole('radiogroup', { name: TEXT.method });
    expect(await methods.getByRole('radio', { name: TEXT.wallet }).isDisabled()).toBe(true);
    expect(await methods.getByRole('radio', { name: TEXT.paycard }).isDisabled()).toBe(true);
    // 15 in the wallet for 40: the button is off, and says why, to the eye and to a screen reader.
    const reason = 'رصيدك لا يكفي للدفع من المحفظة، ينقصك 25.00 جنيه. اشحن رصيدك ثم أكمل الشراء.';
    const confirm = purchase.getByRole('button', { name: TEXT.confirm });
    expect(await confirm.isDisabled()).toBe(true);
    await purchase.getByRole('note').getByText(reason).waitFor();
    const describedBy = await confirm.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).innerText()).toBe(reason);
    const recharge = purchase.getByRole('link', { name: TEXT.recharge });
    expect(await recharge.getAttribute('href')).toBe('/wallet?recharge=25');
    await expectNoSeriousA11yViolations(page);
    await shot(page, '15b', 'wallet-short', { fullPage: false });

    await recharge.click();
    await page.waitForURL((url) => url.pathname === '/wallet');
    const dialog = page.getByRole('dialog', { name: TEXT.recharge });
    await dialog.waitFor();
    expect(await dialog.getByRole('spinbutton', { name: /المبلغ بالجنيه/ }).inputValue()).toBe(
      '25',
    );
    await shot(page, '15c', 'recharge-for-lecture', { fullPage: false });
  });

  it('plays a video of a free lecture in the lecture dialog and sees its remaining views drop', async ({
    page,
    context,
    students,
  }) => {
    const student = await students.create();
    await signIn(context, student);

    // Previews are on: the lectures show before joining, and getting the free one joins.
    await openCourse(page, COURSE.genetics);
    await lectureButton(page, MENDEL).click();
    const purchase = page.getByRole('dialog', { name: TEXT.lecturePurchase });
    await purchase.getByText(TEXT.freeNote).waitFor();
    await purchase.getByRole('button', { name: TEXT.confirm }).click();
    await snackbarBehindDialog(page, TEXT.lectureDone).waitFor();

    const lecture = page.getByRole('dialog', { name: MENDEL, exact: true });
    const videosTab = lecture
      .getByRole('tablist', { name: TEXT.tabs })
      .getByRole('tab', { name: 'الفيديوهات' });
    await videosTab.waitFor();
    expect(await videosTab.getAttribute('aria-selected')).toBe('true');
    const row = lecture.getByRole('listitem').filter({ hasText: LIMITED_VIDEO });
    await row.getByText('المتبقي 3 من 3 مشاهدات').waitFor();
    await shot(page, '16', 'lecture-videos', { fullPage: false });

    await lecture.getByRole('button', { name: `تشغيل ${LIMITED_VIDEO}`, exact: true }).click();
    const player = page.getByRole('dialog', { name: LIMITED_VIDEO, exact: true });
    const frame = player.getByTitle(`مشغل الفيديو: ${LIMITED_VIDEO}`).contentFrame();
    const video = frame.locator('video');
    await video.waitFor();
    await video.evaluate((element: HTMLVideoElement) => element.play());
    // The player page marks its body once the server has counted the view.
    await frame.locator('body[data-view-counted="true"]').waitFor({ state: 'attached' });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0);
    await shot(page, '17', 'video-playing', { fullPage: false });

    await player.getByRole('button', { name: TEXT.closeVideo }).click();
    await player.waitFor({ state: 'hidden' });
    await row.getByText('المتبقي 2 من 3 مشاهدات').waitFor();
    await shot(page, '18', 'views-dropped', { fullPage: false });

    await lecture.getByRole('button', { name: 'إغلاق', exact: true }).click();
    await expectJoined(page);
  });

  it('tells why a pay card is refused, clears the code each time and leaves the course unbought', async ({
    page,
    context,
    students,
    paycards,
  }) => {
    const student = await students.create();
    const token = await signIn(context, student);
    // A card another student has used already.
    const usedCode = await paycards.issue({ value: PRICE.reading });
    const other = await students.create();
    const { json } = await callApi('/login', {
      body: { login: other.email, password: other.password },
    });
    const otherToken = (json as { token: string }).token;

    const id = await openCourse(page, COURSE.reading);
    const bought = await callApi(`/courses/${id}/purchase`, {
      token: otherToken,
      body: { pay_by: 'paycard', code: usedCode },
    });
    expect(bought.status).toBe(200);

    await enrolAction(page, 'button', TEXT.getCourse).click();
    const dialog = page.getByRole('dialog', { name: TEXT.coursePurchase });
    await dialog.getByText(COURSE.reading).waitFor();
    // An empty wallet cannot pay, so the card is the method already chosen.
    const methods = dialog.getByRole('radiogroup', { name: TEXT.method });
    expect(await methods.getByRole('radio', { name: TEXT.wallet }).isDisabled()).toBe(true);
    await dialog.getByText(TEXT.walletShort).waitFor();
    expect(await methods.getByRole('radio', { name: TEXT.paycard }).isChecked()).toBe(true);
    // What the wallet lacks, with the way to recharge it; the card can still pay.
    await dialog
      .getByRole('note')
      .getByText(
        `رصيدك لا يكفي للدفع من المحفظة، ينقصك ${PRICE.reading}.00 جنيه. اشحن رصيدك أو ادفع ببطاقة الدفع.`,
      )
      .waitFor();
    expect(await dialog.getByRole('link', { name: TEXT.recharge }).getAttribute('href')).toBe(
      `/wallet?recharge=${PRICE.reading}`,
    );

    const field = dialog.getByRole('textbox', { name: TEXT.code });
    const submit = dialog.getByRole('button', { name: TEXT.confirm });
    await submit.click();
    await dialog.getByText(TEXT.codeRequired).waitFor();

    const attempts: [code: string, message: string][] = [
      [newPaycardCode(), TEXT.invalidCode],
      [EXPIRED_DEMO_CARD, TEXT.expiredCard],
      [usedCode, TEXT.usedCard],
    ];
    for (const [index, [code, message]] of attempts.entries()) {
      await field.fill(code);
      await submit.click();
      await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
      await expect.poll(() => field.inputValue()).toBe('');
      if (index < 2)
        await shot(page, `${19 + index}`, `card-refused-${index + 1}`, { fullPage: false });
    }

    await dialog.getByRole('button', { name: 'إلغاء' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await enrolAction(page, 'button', TEXT.getCourse).waitFor();
    const user = await serverUser(token);
    expect(user.my_courses).not.toContain(id);
    expect(user.balance).toBe(0);
    expect(await paycardUsedBy(EXPIRED_DEMO_CARD)).toBeNull();
  });
});
