import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL } from '@dars/contract';
import { OFFLINE_PAGE_CSP, offlinePage } from './offline-page';

/** The page parsed as the browser would, to ask it questions. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

const URL_ASKED = new URL('https://school.example/courses/4?tab=lectures&q=%D8%AC%D8%A8%D8%B1');

describe('offlinePage (ADR 056)', () => {
  it('says in Arabic, right to left, that the student is offline, with a retry of the same address', () => {
    const doc = parse(offlinePage({ url: URL_ASKED }));
    expect(doc.documentElement.lang).toBe('ar');
    expect(doc.documentElement.dir).toBe('rtl');
    expect(doc.querySelector('h1')?.textContent).toBe('أنت غير متصل بالإنترنت');
    expect(doc.title).toBe(`أنت غير متصل بالإنترنت | ${DEFAULT_SCHOOL.name}`);
    const form = doc.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/courses/4');
    // The query comes back with the retry (a GET form replaces the action's own query).
    const hidden = [...form.querySelectorAll('input[type="hidden"]')].map((input) => [
      input.getAttribute('name'),
      input.getAttribute('value'),
    ]);
    expect(hidden).toEqual([
      ['tab', 'lectures'],
      ['q', 'جبر'],
    ]);
    expect(form.querySelector('button[type="submit"]')?.textContent).toBe('إعادة المحاولة');
    // Landmarks for the header and the message; no script (the page's policy allows none).
    expect(doc.querySelector('header')).not.toBeNull();
    expect(doc.querySelector('main')).not.toBeNull();
    expect(doc.querySelector('script')).toBeNull();
    expect(OFFLINE_PAGE_CSP).toMatch(/default-src 'none'/);
    expect(OFFLINE_PAGE_CSP).not.toMatch(/script-src/);
  });

  it('is in the school’s name and colour when the worker kept them', () => {
    const html = offlinePage({
      url: URL_ASKED,
      school: { name: 'سنتر النخبة', primary_color: '#0b6e4f' },
    });
    const doc = parse(html);
    expect(doc.querySelector('header')?.textContent).toBe('سنتر النخبة');
    expect(doc.title).toBe('أنت غير متصل بالإنترنت | سنتر النخبة');
    expect(doc.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#0b6e4f');
    expect(doc.querySelector('style')?.textContent).toContain('background:#0b6e4f');
    expect(html).not.toContain(DEFAULT_SCHOOL.primary_color);
  });

  it('escapes what it writes, and takes no colour the settings would refuse', () => {
    const html = offlinePage({
      url: new URL('https://school.example/courses?q="><script>alert(1)</script>'),
      school: {
        name: '<img src=x onerror=alert(1)> & co',
        primary_color: 'red;}body{display:none',
      },
      saved: [
        { href: '/courses', label: '<b>الدورات</b>' },
        { href: 'javascript:alert(1)', label: 'x' },
        { href: '//evil.example/', label: 'y' },
      ],
    });
    const doc = parse(html);
    expect(doc.querySelector('script')).toBeNull();
    expect(doc.querySelector('img')).toBeNull();
    expect(doc.querySelector('b')).toBeNull();
    expect(doc.querySelector('header')?.textContent).toBe('<img src=x onerror=alert(1)> & co');
    expect(doc.querySelector('input[name="q"]')?.getAttribute('value')).toBe(
      '"><script>alert(1)</script>',
    );
    expect(html).not.toContain('display:none');
    expect(doc.querySelector('style')?.textContent).toContain(
      `background:${DEFAULT_SCHOOL.primary_color}`,
    );
    expect([...doc.querySelectorAll('nav a')].map((a) => a.getAttribute('href'))).toEqual([
      '/courses',
    ]);
  });

  it('offers the kept pages, and the app’s fonts from the precache only', () => {
    const doc = parse(
      offlinePage({
        url: URL_ASKED,
        saved: [
          { href: '/', label: 'الصفحة الرئيسية' },
          { href: '/courses', label: 'الدورات' },
        ],
        fonts: {
          regular: '/assets/cairo-arabic-400-normal-DN15VWMM.woff2',
          bold: 'https://evil.example/font.woff2',
        },
      }),
    );
    const links = [...doc.querySelectorAll('nav a')].map((a) => [
      a.getAttribute('href'),
      a.textContent,
    ]);
    expect(links).toEqual([
      ['/', 'الصفحة الرئيسية'],
      ['/courses', 'الدورات'],
    ]);
    const css = doc.querySelector('style')?.textContent ?? '';
    expect(css).toContain('url(/assets/cairo-arabic-400-normal-DN15VWMM.woff2)');
    expect(css).not.toContain('evil.example');
  });

  it('offers no list when nothing is kept', () => {
    expect(parse(offlinePage({ url: URL_ASKED })).querySelector('nav')).toBeNull();
  });
});
