// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { courseDetailFixture } from '../test/catalog-fixtures';
import { courseFixture, coursesPage, settingsFixture } from '../test/fixtures';
import { calledUrls, mockApi } from '../test/mock-api';
import { BOOT_SCRIPT, composeDocument } from './page-document';
import { renderPage, renderShell, type RenderedPage } from './render-page';
import type { PrerenderedPage } from './prerendered-page';

const INDEX_HTML =
  '<!doctype html><html lang="ar" dir="rtl"><head><meta charset="UTF-8" />' +
  '<link rel="preload" href="/api/v1/app" as="fetch" crossorigin="anonymous" />' +
  '<title>دَرس | منصتك للتعلّم أونلاين</title></head>' +
  '<body><div id="root"></div><script type="module" src="/assets/index.js"></script></body></html>';

function catalogApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/v1/app': () => ({ body: { data: settingsFixture() } }),
    'GET /api/v1/welcome': () => ({
      body: { featured_courses: [courseFixture({ id: 3, name: 'الفيزياء الحديثة' })] },
    }),
    'GET /api/v1/courses': () => ({
      body: coursesPage([courseFixture({ id: 4, name: 'الكيمياء العضوية' })]),
    }),
    'GET /api/v1/courses/5': () => ({
      body: { data: courseDetailFixture({ id: 5, name: 'الأحياء للثانوية' }) },
    }),
    ...overrides,
  });
}

const render = (path: string, desktop = false) =>
  renderPage(new URL(path, 'http://localhost'), { desktop });

function pageData(page: RenderedPage): PrerenderedPage {
  return JSON.parse(page.data) as PrerenderedPage;
}

describe('renderPage', () => {
  it('renders the landing page as a guest sees it, from the same calls the app makes', async () => {
    const api = catalogApi();
    const page = await render('/');
    expect(page).not.toBeNull();
    expect(calledUrls(api)).toEqual(['/api/v1/app', '/api/v1/welcome']);
    // No token went with the calls: a guest's answers.
    for (const [, init] of api.mock.calls) {
      expect(new Headers(init?.headers).has('Authorization')).toBe(false);
    }
    expect(page!.root).toContain('تعلّم بذكاء، وتفوّق بثقة');
    expect(page!.root).toContain('الفيزياء الحديثة');
    expect(page!.title).toBe('دَرس | منصتك للتعلّم أونلاين');
    // The page's classes come with their rules, as emotion's tags the browser takes over.
    const classes = [...page!.root.matchAll(/\bmuirtl-([\w-]+)/g)].map((m) => m[1]);
    expect(classes.length).toBeGreaterThan(10);
    const tag = /<style data-emotion="muirtl ([^"]*)">/.exec(page!.styles);
    expect(tag).not.toBeNull();
    for (const name of classes) expect(tag![1]!.split(' ')).toContain(name);
    expect(page!.styles).toContain('data-emotion="muirtl-global');
    // The browser starts from the answers the page was rendered from.
    const keys = pageData(page!).queries.queries.map((q) => q.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['app-settings'], ['welcome']]));
  });

  it('brings the styles of the footer the browser renders once idle, though not the footer', async () => {
    catalogApi();
    const page = await render('/');
    // The footer is rendered by the browser after its first idle moment (useAfterIdle), so the
    // page's HTML has none; its rules (its dark background among them) are in the page's
    // styles, so the browser does not run them through stylis and the RTL plugin then.
    expect(page!.root).not.toContain('<footer');
    expect(page!.styles).toContain('background-color:#0f1f3d');
  });

  it('renders the course list and a course page, each with its title', async () => {
    catalogApi();
    const list = await render('/courses');
    expect(list!.root).toContain('الكيمياء العضوية');
    expect(list!.title).toBe('الدورات | دَرس');
    const course = await render('/courses/5');
    expect(course!.root).toContain('الأحياء للثانوية');
    expect(course!.title).toBe('الدورة | دَرس');
  });

  it('gives the browser the year it rendered the page in, to take the page over with', async () => {
    catalogApi();
    const page = await renderPage(new URL('/', 'http://localhost'), { desktop: false, year: 2031 });
    expect(pageData(page!).year).toBe(2031);
  });

  it('renders the same page whatever layout it guessed (the stylesheet picks), and says the guess', async () => {
    catalogApi();
    // Issue 24: a phone the server took for a desktop must get the phone's layout at first
    // paint, so nothing of the layout may depend on the guess (e2e/first-paint.test.ts).
    for (const path of ['/', '/courses']) {
      const phone = await render(path, false);
      const desktop = await render(path, true);
      expect(pageData(phone!).desktop).toBe(false);
      expect(pageData(desktop!).desktop).toBe(true);
      expect(desktop!.root, path).toBe(phone!.root);
    }
  });

  it('leaves every other page, a filtered list, a missing course and maintenance to the app', async () => {
    catalogApi();
    for (const path of ['/login', '/home', '/courses?query=جبر', '/courses/12abc', '/about']) {
      expect(await render(path), path).toBeNull();
    }
    catalogApi({ 'GET /api/v1/courses/5': () => ({ status: 404, body: { message: 'x' } }) });
    expect(await render('/courses/5')).toBeNull();
    catalogApi({
      'GET /api/v1/app': () => ({ body: { data: settingsFixture({ appIsDown: true }) } }),
    });
    expect(await render('/')).toBeNull();
    catalogApi({ 'GET /api/v1/app': () => ({ status: 500, body: { message: 'x' } }) });
    expect(await render('/')).toBeNull();
  });
});

describe('composeDocument', () => {
  it('puts a rendered page, its data and a splash that fades on its own into index.html', async () => {
    catalogApi({
      'GET /api/v1/welcome': () => ({
        body: { featured_courses: [courseFixture({ id: 3, name: '</script><b>x' })] },
      }),
    });
    const page = await render('/');
    const html = composeDocument(INDEX_HTML, page!);
    expect(html).toContain(`<script>${BOOT_SCRIPT}</script>`);
    expect(html.indexOf(BOOT_SCRIPT)).toBeLessThan(html.indexOf('</head>'));
    expect(html).toMatch(/<div id="root">.+<\/div><div id="boot-splash" data-reveal>/s);
    // Its data is in the page: no request for the settings.
    expect(html).not.toContain('href="/api/v1/app"');
    // Text from the API cannot close the data's script element.
    const data = /<script type="application\/json" id="dars-page">(.*?)<\/script>/s.exec(html);
    expect(data).not.toBeNull();
    expect(JSON.stringify(JSON.parse(data![1]!))).toContain('</script><b>x');
  });

  it('gives every other page the splash at once, still asking for the settings early', () => {
    const html = composeDocument(INDEX_HTML, renderShell());
    expect(html).toMatch(/<div id="root"><\/div><div id="boot-splash">.*جارٍ تحميل المنصة/s);
    expect(html).not.toContain('<div id="boot-splash" data-reveal');
    expect(html).not.toContain('dars-page');
    expect(html).toContain('href="/api/v1/app"');
    expect(html).toContain('<style data-emotion="muirtl ');
  });

  it("paints the school's identity: title, colour, favicon, the splash's name and the data block (ADR 049)", async () => {
    const school = {
      name: 'سنتر $& النخبة',
      logo_light: null,
      logo_dark: null,
      favicon: '/storage/brand/icon.png',
      primary_color: '#0b6e4f',
      secondary_color: '#ffd166',
      footer_text: '</script><b>x',
      legal_links: [],
    };
    const head =
      '<meta name="theme-color" content="#1f4fa3" />' +
      '<meta name="description" content="دَرس: منصة" />' +
      '<link rel="icon" type="image/svg+xml" href="data:image/svg+xml,x" />';
    const template = INDEX_HTML.replace('<title>', `${head}<title>`);
    const shell = composeDocument(template, renderShell(school), school);
    // `$&` is the name's own text, not a pattern of the replacement.
    expect(shell).toContain('<title>سنتر $&amp; النخبة | منصتك للتعلّم أونلاين</title>');
    expect(shell).toContain('<meta name="theme-color" content="#0b6e4f" />');
    expect(shell).toContain('<meta name="description" content="سنتر $&amp; النخبة: ');
    expect(shell).toContain('<link rel="icon" href="/storage/brand/icon.png" />');
    // The splash carries the name, on the school's colour.
    expect(shell).toMatch(/<div id="boot-splash">.*سنتر \$&amp; النخبة/s);
    expect(shell).toContain('#0b6e4f');
    const block = /<script type="application\/json" id="dars-school">(.*?)<\/script>/s.exec(shell);
    expect(JSON.parse(block![1]!)).toEqual(school);

    // A page rendered from settings that name the school paints with them too.
    catalogApi({ 'GET /api/v1/app': () => ({ body: { data: settingsFixture({ school }) } }) });
    const page = await render('/');
    expect(page!.title).toBe('سنتر $& النخبة | منصتك للتعلّم أونلاين');
    expect(page!.styles).toContain('#0b6e4f');
    // The header's name and its link's label (the footer comes after the first idle moment).
    expect(page!.root).toContain('aria-label="سنتر $&amp; النخبة، الصفحة الرئيسية"');
    expect(page!.root).not.toContain('دَرس');
    // Without a favicon of its own: the book mark in its colour, from the server.
    const unset = { ...school, favicon: null };
    expect(composeDocument(template, renderShell(unset), unset)).toContain(
      '<link rel="icon" href="/icon.svg" />',
    );
    // The next render without a school is «دَرس» again.
    expect(composeDocument(INDEX_HTML, renderShell())).toContain(
      '<title>دَرس | منصتك للتعلّم أونلاين</title>',
    );
  });

  it('refuses an index.html it cannot fill', () => {
    expect(() => composeDocument('<html><body></body></html>', renderShell())).toThrow();
  });
});
