import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { API_BASE, DRAWER_WIDTH } from '@dars/contract';
import {
  cardTitles,
  screenshot,
  VIEWPORTS,
  waitForAppStart,
  type ViewportName,
} from './support/browser';
import { withDatabase } from './support/database';
import { expectNoSidewaysOverflow, it, pathname, VIEWPORT_NAMES } from './support/screens';
import { serverURL } from './support/server';

/**
 * A guest's first visit, on a phone and on a desktop: the welcome page and its footer, the
 * course list (search, grade filter, reset, infinite scroll, the empty message), the guest
 * menu, the not-found page and the guard that sends a guest to login. Runs against the real server and its demo seed
 * (apps/server/src/db/seed/catalog-data.ts): 18 courses, 12 a page, 6 of them featured.
 */

const PAGE_SIZE = 12;

/**
 * The courses a guest finds now, page after page: the seed's 18 and any course another journey
 * of the run published on the same server (the staff journeys do).
 */
async function listedCourses(): Promise<number> {
  let count = 0;
  let next: string | null = `${API_BASE}/courses`;
  while (next) {
    const res = await fetch(new URL(next, serverURL()));
    const body = (await res.json()) as { data: unknown[]; links: { next: string | null } };
    count += body.data.length;
    next = body.links.next;
  }
  return count;
}
const FEATURED_COURSES = 6;
const CHEMISTRY = 'الكيمياء';
/** The one grade with a single course. */
const PREP_GRADE = 'الصف الثالث الإعدادي';
const PREP_GRADE_COURSE = 'الرياضيات للصف الثالث الإعدادي';
/** The grade filter's choices, in the school's order (issue 24: the preparatory grade came last). */
const GRADE_CHOICES = [
  'الكل',
  'الصف الثالث الإعدادي',
  'الصف الأول الثانوي',
  'الصف الثاني الثانوي',
  'الصف الثالث الثانوي',
];
const NO_SUCH_COURSE = 'دورة لا وجود لها إطلاقاً';

const SEARCH_LABEL = 'ابحث عن دورة';
const RESET_LABEL = 'إعادة ضبط الفلاتر';
const EMPTY_MESSAGE = 'لم يتم العثور على دورات';
const NOT_FOUND_TITLE = 'الصفحة غير موجودة';
const TEACHER = 'أ. منى الجمال';
const POWERED_BY = 'مُشغَّل بواسطة منصة دَرس';

function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** The horizontal middle of an element, in viewport pixels. */
async function centreX(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element is not laid out');
  return box.x + box.width / 2;
}

/** The id of a demo teacher (apps/server/src/db/seed/catalog-data.ts), by name. */
function teacherId(name: string): Promise<number> {
  return withDatabase(async (db) => {
    const row = await db
      .selectFrom('teachers')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow(() => new Error(`no teacher named ${name}`));
    return row.id;
  });
}

/** The grade filter's choices as the viewport lists them (the phone's dropdown is opened and closed). */
async function gradeChoices(page: Page, viewport: ViewportName): Promise<string[]> {
  const main = page.getByRole('main');
  if (viewport === 'desktop') {
    return main.getByRole('listbox', { name: 'الصف الدراسي' }).getByRole('option').allInnerTexts();
  }
  await main.getByRole('combobox', { name: /الصف الدراسي/ }).click();
  const options = page.getByRole('listbox').getByRole('option');
  await options.first().waitFor();
  const texts = await options.allInnerTexts();
  await page.keyboard.press('Escape');
  await page.getByRole('listbox').waitFor({ state: 'hidden' });
  return texts;
}

/** Picks a grade the way the viewport offers it: a side list on desktop, a dropdown on phones. */
async function chooseGrade(page: Page, viewport: ViewportName, grade: string): Promise<void> {
  const main = page.getByRole('main');
  if (viewport === 'desktop') {
    await main
      .getByRole('listbox', { name: 'الصف الدراسي' })
      .getByRole('option', { name: grade })
      .click();
  } else {
    await main.getByRole('combobox', { name: /الصف الدراسي/ }).click();
    // The dropdown's menu opens in a popover outside <main>.
    await page.getByRole('listbox').getByRole('option', { name: grade }).click();
  }
}

describe.each(VIEWPORT_NAMES)('a guest on a %s', (viewport) => {
  it.override({ viewport });

  it('is welcomed right to left in Arabic with login, register and the featured courses', async ({
    page,
  }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    const hero = main.getByRole('region', { name: 'تعلّم بذكاء، وتفوّق بثقة' });
    await hero.getByRole('heading', { level: 1 }).waitFor();

    expect(await page.locator('html').getAttribute('lang')).toBe('ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await hero.getByRole('link', { name: 'تسجيل الدخول' }).getAttribute('href')).toBe(
      '/login',
    );
    expect(await hero.getByRole('link', { name: 'حساب جديد' }).getAttribute('href')).toBe(
      '/register',
    );

    const featured = main.getByRole('region', { name: 'دورات مميزة' });
    await expect.poll(() => featured.getByTestId('course-card').count()).toBe(FEATURED_COURSES);
    expect(await featured.getByRole('link', { name: 'تصفح كل الدورات' }).getAttribute('href')).toBe(
      '/courses',
    );

    // Right to left: the top bar starts at the right edge, and the headline's text with it.
    const { width } = VIEWPORTS[viewport];
    const banner = page.getByRole('banner');
    expect(await centreX(banner.getByRole('button', { name: 'فتح القائمة' }))).toBeGreaterThan(
      width / 2,
    );
    expect(
      await centreX(banner.getByRole('link', { name: 'دَرس، الصفحة الرئيسية' })),
    ).toBeGreaterThan(width / 2);
    const gapAfterHeadline = await hero.getByRole('heading', { level: 1 }).evaluate((h1) => {
      const text = document.createRange();
      text.selectNodeContents(h1);
      return h1.getBoundingClientRect().right - text.getBoundingClientRect().right;
    });
    expect(gapAfterHeadline).toBeLessThan(2);
    if (viewport === 'desktop') {
      // Guests on desktop get courses / login / new account in the top bar (spec §2).
      for (const name of ['الدورات', 'تسجيل الدخول', 'حساب جديد']) {
        await banner.getByRole('link', { name }).waitFor();
      }
    }
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `${viewport}-01-welcome`);
  });

  it('finds courses by search and grade, resets the filters and loads the next page at the bottom', async ({
    page,
  }) => {
    const main = page.getByRole('main');
    await page.goto('/');
    await main.getByRole('heading', { level: 1 }).waitFor();

    if (viewport === 'desktop') {
      await page.getByRole('banner').getByRole('link', { name: 'الدورات' }).click();
      await page.waitForURL((url) => url.pathname === '/courses');
      await expect.poll(() => main.getByTestId('course-card').count()).toBe(PAGE_SIZE);
      await main.getByRole('textbox', { name: SEARCH_LABEL }).fill(CHEMISTRY);
    } else {
      // On phones the top bar's search box leads to the course list with the query.
      const topSearch = page.getByRole('banner').getByRole('textbox', { name: SEARCH_LABEL });
      await topSearch.fill(CHEMISTRY);
      await topSearch.press('Enter');
      await page.waitForURL((url) => url.pathname === '/courses');
      // The list has its own search box, so the top bar's is gone: one box, already filled.
      await expect.poll(() => page.getByRole('textbox', { name: SEARCH_LABEL }).count()).toBe(1);
      expect(await main.getByRole('textbox', { name: SEARCH_LABEL }).inputValue()).toBe(CHEMISTRY);
    }

    // The search lives in the URL, and every course shown matches it.
    await expect.poll(() => searchParams(page).get('query')).toBe(CHEMISTRY);
    await expect
      .poll(() => cardTitles(page))
      .toSatisfy((titles: string[]) => titles.length < PAGE_SIZE && titles.length > 0);
    const found = await cardTitles(page);
    expect(found).toContain('الكيمياء الكهربية');
    for (const title of found) expect(title).toContain(CHEMISTRY);
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `${viewport}-02-courses-search`);

    // Clearing the search brings the whole first page back.
    await main.getByRole('button', { name: 'مسح البحث' }).click();
    await expect.poll(() => searchParams(page).has('query')).toBe(false);
    await expect.poll(() => main.getByTestId('course-card').count()).toBe(PAGE_SIZE);

    // The grades are in the school's order; the filter is in the URL too, and leaves the
    // grade's one course.
    expect((await gradeChoices(page, viewport)).map((text) => text.trim())).toEqual(GRADE_CHOICES);
    await chooseGrade(page, viewport, PREP_GRADE);
    await expect.poll(() => searchParams(page).get('grade_id')).toMatch(/^[1-9]\d*$/);
    await expect.poll(() => cardTitles(page)).toEqual([PREP_GRADE_COURSE]);
    if (viewport === 'desktop') {
      const chosen = main
        .getByRole('listbox', { name: 'الصف الدراسي' })
        .getByRole('option', { name: PREP_GRADE });
      expect(await chosen.getAttribute('aria-selected')).toBe('true');
    } else {
      expect(await main.getByRole('combobox', { name: /الصف الدراسي/ }).innerText()).toContain(
        PREP_GRADE,
      );
    }
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `${viewport}-03-courses-grade`);

    // Reset empties the URL and shows the first page of every course.
    const reset = main.getByRole('button', { name: RESET_LABEL });
    await reset.click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => main.getByTestId('course-card').count()).toBe(PAGE_SIZE);
    expect(await reset.isDisabled()).toBe(true);
    await screenshot(page, `${viewport}-04-courses-first-page`);

    // Scrolling to the bottom loads the next page under the first, without repeats.
    await page.mouse.move(VIEWPORTS[viewport].width / 2, VIEWPORTS[viewport].height / 2);
    const allCourses = await listedCourses();
    expect(allCourses).toBeGreaterThanOrEqual(18);
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 4000);
        return main.getByTestId('course-card').count();
      })
      .toBe(allCourses);
    // Away from the cards, so none is captured in its hover state.
    await page.mouse.move(0, 0);
    const all = await cardTitles(page);
    expect(new Set(all).size).toBe(allCourses);
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `${viewport}-05-courses-next-page`);
  });

  it(`says '${EMPTY_MESSAGE}' when no course matches the search`, async ({ page }) => {
    const main = page.getByRole('main');
    await page.goto('/courses');
    await expect.poll(() => main.getByTestId('course-card').count()).toBe(PAGE_SIZE);

    await main.getByRole('textbox', { name: SEARCH_LABEL }).fill(NO_SUCH_COURSE);
    await main.getByText(EMPTY_MESSAGE).waitFor();
    expect(searchParams(page).get('query')).toBe(NO_SUCH_COURSE);
    expect(await main.getByTestId('course-card').count()).toBe(0);
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `${viewport}-06-courses-empty`);
  });

  it('shows the not-found page for an unknown path, with a way back to the welcome page', async ({
    page,
  }) => {
    const main = page.getByRole('main');
    await page.goto('/no-such-page');
    await main.getByRole('heading', { level: 1, name: NOT_FOUND_TITLE }).waitFor();
    expect(pathname(page)).toBe('/no-such-page');
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `${viewport}-07-not-found`);

    await main.getByRole('link', { name: 'العودة إلى الرئيسية' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await main.getByRole('region', { name: 'دورات مميزة' }).waitFor();
  });

  it('sends a guest who opens /home to /login, keeping the query', async ({ page }) => {
    await page.goto('/home?course=5');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(searchParams(page).get('course')).toBe('5');
    // Whatever /login shows (the not-found page until the login screen lands), it is a screen.
    await page.getByRole('main').getByRole('heading').first().waitFor();
    await screenshot(page, `${viewport}-08-login-from-home`);
  });

  it('opens the guest menu from the right edge with the guest destinations', async ({ page }) => {
    await page.goto('/courses');
    await waitForAppStart(page);
    await page.getByRole('banner').getByRole('button', { name: 'فتح القائمة' }).click();
    const menu = page.getByRole('dialog');
    await expect
      .poll(() => menu.getByRole('link').allInnerTexts())
      .toEqual([
        'الصفحة الرئيسية',
        'حساب جديد',
        'تسجيل الدخول',
        'عن المنصة',
        'المساعدة',
        'سياسة الخصوصية',
      ]);
    // Spec §2: 300 px wide, at the inline start, which is the right edge of an RTL page.
    const { width } = VIEWPORTS[viewport];
    await expect
      .poll(async () => {
        const box = await menu.boundingBox();
        return box && { left: Math.round(box.x), right: Math.round(box.x + box.width) };
      })
      .toEqual({ left: width - DRAWER_WIDTH, right: width });
    await screenshot(page, `${viewport}-09-guest-menu`, { fullPage: false });

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
  });

  it('shows the contact phone and e-mail in the footer of the welcome page', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const phone = footer.getByRole('link', { name: /01001234567/ });
    const email = footer.getByRole('link', { name: /support@dars\.example/ });
    await phone.waitFor();
    expect(await phone.getAttribute('href')).toBe('tel:01001234567');
    expect(await phone.innerText()).toContain('01001234567');
    expect(await email.getAttribute('href')).toBe('mailto:support@dars.example');
    expect(await email.innerText()).toContain('support@dars.example');
    await phone.scrollIntoViewIfNeeded();
    expect(await phone.isVisible()).toBe(true);
    expect(await email.isVisible()).toBe(true);
  });

  it("shows a teacher's public profile with the footer its sibling pages have", async ({
    page,
  }) => {
    await page.goto(`/teachers/${await teacherId(TEACHER)}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: TEACHER }).waitFor();
    const credit = page.getByRole('contentinfo').getByText(POWERED_BY);
    await credit.scrollIntoViewIfNeeded();
    expect(await credit.isVisible()).toBe(true);
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `${viewport}-10-teacher-profile`);
  });
});
