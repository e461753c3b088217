import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './a11y';
import { launchBrowser } from './browser';

/**
 * The journeys' axe check, on pages made here: it checks the screen as a person reads it. A
 * fade that starts while axe runs (the video player's bar, 3 s after the last touch; CI's
 * run of 2026-12-02 met it on /player/148) is checked again once it has ended, and a text
 * that is too faint for good is still refused.
 */

const require = createRequire(import.meta.url);
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * A dark page whose bar of white labels (17:1 on black) fades out over 600 ms when the body
 * gets `idle`, with axe loaded beforehand and wrapped so that its first run starts the fade
 * and measures 450 ms into it (the labels at a quarter of their opacity, about 2:1), as a fade
 * that begins while axe runs on a slow machine. Its note, which does not fade, is `noteColor`.
 */
async function pageFadingDuringAxe(
  noteColor: string,
): Promise<{ page: Page; runs: () => Promise<number> }> {
  const page = await browser.newPage();
  await page.setContent(`<!doctype html><html lang="ar" dir="rtl"><head><title>مشغل</title>
    <style>
      body { background: #000; color: #fff; font: 14px sans-serif; }
      #note { color: ${noteColor}; }
      #bar { transition: opacity .6s linear; }
      body.idle #bar { opacity: 0; }
    </style></head>
    <body><main><h1>المحاضرة</h1><p id="note">الدرس الأول</p><div id="bar"><label>الجودة <select><option>تلقائي</option></select></label></div></main></body></html>`);
  await page.evaluate(fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  await page.evaluate(() => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const run = axe.run.bind(axe);
    const w = window as unknown as { axeRuns: number };
    w.axeRuns = 0;
    axe.run = async (...args: unknown[]) => {
      w.axeRuns += 1;
      if (w.axeRuns === 1) {
        document.body.classList.add('idle');
        await new Promise((resolve) => setTimeout(resolve, 450));
      }
      return run(...args);
    };
  });
  return {
    page,
    runs: () => page.evaluate(() => (window as unknown as { axeRuns: number }).axeRuns),
  };
}

describe('expectNoSeriousA11yViolations', () => {
  it('checks a fade that started while axe ran again once it has ended', async () => {
    const { page, runs } = await pageFadingDuringAxe('#fff');
    try {
      await expectNoSeriousA11yViolations(page);
      expect(await runs()).toBe(2);
    } finally {
      await page.close();
    }
  });

  it('still refuses a text too faint to read, whatever moved meanwhile', async () => {
    // #333 on black: 1.7:1, against the 4.5:1 a 14 px text needs.
    const { page, runs } = await pageFadingDuringAxe('#333');
    try {
      await expect(expectNoSeriousA11yViolations(page)).rejects.toThrow(
        /color-contrast.*\n.*#note/,
      );
      expect(await runs()).toBe(2);
    } finally {
      await page.close();
    }
  });
});
