import Fastify from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHOOL, type School } from '@dars/contract';
import { manifestIcons, registerWebManifest } from './web-manifest';

const BOOK_MARK = { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' };
const MASKABLE = {
  src: '/icon-maskable.png',
  sizes: '512x512',
  type: 'image/png',
  purpose: 'maskable',
};

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
      icons: [BOOK_MARK, MASKABLE],
    });
  });

  it('puts the school’s favicon first when Chromium can install it, and the book mark always', () => {
    expect(manifestIcons(null)).toEqual([BOOK_MARK, MASKABLE]);
    expect(manifestIcons('/storage/brand/logo.png')).toEqual([
      { src: '/storage/brand/logo.png', sizes: 'any', type: 'image/png', purpose: 'any' },
      BOOK_MARK,
      MASKABLE,
    ]);
    expect(manifestIcons('https://cdn.example/mark.SVG?v=2')[0]).toMatchObject({
      type: 'image/svg+xml',
    });
    expect(manifestIcons('/storage/brand/logo.webp')[0]).toMatchObject({ type: 'image/webp' });
    // A JPEG or an ICO is not an icon Chromium installs: the book marks alone, so it stays installable.
    expect(manifestIcons('/storage/brand/logo.jpg')).toEqual([BOOK_MARK, MASKABLE]);
    expect(manifestIcons('/favicon.ico')).toEqual([BOOK_MARK, MASKABLE]);
    // One maskable icon, whatever the favicon.
    for (const favicon of [null, '/storage/brand/logo.png', '/favicon.ico'])
      expect(manifestIcons(favicon).filter((i) => i.purpose === 'maskable')).toEqual([MASKABLE]);
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

/** The maskable icon a school of `colour` is served, decoded: its header and its pixels. */
async function maskableOf(colour: string) {
  const app = Fastify({ logger: false });
  registerWebManifest(app, async () => ({
    ...DEFAULT_SCHOOL,
    legal_links: [],
    primary_color: colour,
  }));
  const res = await app.inject({ method: 'GET', url: '/icon-maskable.png' });
  await app.close();
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['cache-control']).toBe('no-cache');
  const png = res.rawPayload;
  const meta = await sharp(png).metadata();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  };
  return { png, meta, info, at };
}

const rgb = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

describe('the maskable icon (ADR 056)', () => {
  it('is a 512 × 512 PNG, opaque, in the school’s colour', async () => {
    const { png, meta } = await maskableOf('#0b6e4f');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 512, hasAlpha: false });
  });

  it.for(['#0b6e4f', '#1f4fbf'])(
    'keeps the mark in %s inside the safe zone: the outer tenth of each side is the background',
    async (colour) => {
      const { info, at } = await maskableOf(colour);
      const border = Math.ceil(info.width * 0.1);
      const background = rgb(colour);
      const off: string[] = [];
      for (let y = 0; y < info.height; y += 1) {
        for (let x = 0; x < info.width; x += 1) {
          const inBorder =
            x < border || y < border || x >= info.width - border || y >= info.height - border;
          if (inBorder && at(x, y).some((c, i) => c !== background[i])) off.push(`${x},${y}`);
        }
      }
      expect(off).toEqual([]);
      // And inside the safe circle (40 % of the side about the centre): every pixel not the
      // background is within it.
      const centre = (info.width - 1) / 2;
      let mark = 0;
      for (let y = 0; y < info.height; y += 1) {
        for (let x = 0; x < info.width; x += 1) {
          if (at(x, y).every((c, i) => c === background[i])) continue;
          mark += 1;
          expect(Math.hypot(x - centre, y - centre)).toBeLessThanOrEqual(info.width * 0.4);
        }
      }
      // The mark is there: the white page of the book at the middle of its left half.
      expect(mark).toBeGreaterThan(info.width * info.height * 0.1);
      expect(at(Math.round(info.width * 0.38), Math.round(info.height / 2))).toEqual([
        255, 255, 255,
      ]);
    },
  );
});
