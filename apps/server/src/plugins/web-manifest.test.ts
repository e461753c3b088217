import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL, type School } from '@dars/contract';
import { manifestIcons, registerWebManifest } from './web-manifest';

const BOOK_MARK = { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' };

async function manifestOf(school: Partial<School>): Promise<Record<string, unknown>> {
  const app = Fastify({ logger: false });
  registerWebManifest(app, async () => ({ ...DEFAULT_SCHOOL, legal_links: [], ...school }));
  const res = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  await app.close();
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  expect(res.headers['cache-control']).toBe('no-cache');
  return res.json();
}

describe('the web app manifest (ADR 049, ADR 056)', () => {
  it('has what Chromium asks of an installable app, in Arabic and right to left', async () => {
    const manifest = await manifestOf({ name: 'سنتر النخبة', primary_color: '#0b6e4f' });
    expect(manifest).toEqual({
      id: '/',
      name: 'سنتر النخبة',
      short_name: 'سنتر النخبة',
      lang: 'ar',
      dir: 'rtl',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#f4f6fb',
      theme_color: '#0b6e4f',
      categories: ['education'],
      icons: [BOOK_MARK],
    });
  });

  it('puts the school’s favicon first when Chromium can install it, and the book mark always', () => {
    expect(manifestIcons(null)).toEqual([BOOK_MARK]);
    expect(manifestIcons('/storage/brand/logo.png')).toEqual([
      { src: '/storage/brand/logo.png', sizes: 'any', type: 'image/png', purpose: 'any' },
      BOOK_MARK,
    ]);
    expect(manifestIcons('https://cdn.example/mark.SVG?v=2')[0]).toMatchObject({
      type: 'image/svg+xml',
    });
    expect(manifestIcons('/storage/brand/logo.webp')[0]).toMatchObject({ type: 'image/webp' });
    // A JPEG or an ICO is not an icon Chromium installs: the book mark alone, so it stays installable.
    expect(manifestIcons('/storage/brand/logo.jpg')).toEqual([BOOK_MARK]);
    expect(manifestIcons('/favicon.ico')).toEqual([BOOK_MARK]);
  });

  it('draws the book mark in the school’s colour', async () => {
    const app = Fastify({ logger: false });
    registerWebManifest(app, async () => ({
      ...DEFAULT_SCHOOL,
      legal_links: [],
      primary_color: '#0b6e4f',
    }));
    const res = await app.inject({ method: 'GET', url: '/icon.svg' });
    await app.close();
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('fill="#0b6e4f"');
  });
});
