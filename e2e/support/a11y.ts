import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Frame, Page } from 'playwright-core';
import type { AxeResults, Result, RunOptions } from 'axe-core';

const require = createRequire(import.meta.url);

/** axe-core's browser bundle, read once for every page of the run. */
let axeSource: string | undefined;

function loadAxeSource(): string {
  axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  return axeSource;
}

/** What fails a journey: a violation a person with a screen reader or low vision would hit. */
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Every rule axe runs by default, plus label-content-name-mismatch (WCAG 2.5.3, an
 * "experimental" rule that axe leaves off): a control whose accessible name does not
 * contain its visible text cannot be operated by speech ("click الملف الشخصي").
 */
const RUN_OPTIONS: RunOptions = {
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

function describeViolation(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map(
      (node) =>
        `    ${node.target.join(' ')}: ${node.html.slice(0, 200)}\n      ${node.failureSummary?.replace(/\n/g, ' ')}`,
    )
    .join('\n');
  return `  [${violation.impact}] ${violation.id}: ${violation.help}\n${nodes}`;
}

/**
 * Runs axe-core on the page as it is now and throws, listing each rule and its elements, on
 * any serious or critical violation. The script is evaluated through the DevTools protocol,
 * so the page's Content-Security-Policy does not stop it. The screenshot and navigation
 * helpers call it, so every screen a journey visits is checked. A frame (a page of the server
 * shown in the app, such as the video player) is checked the same way on its own.
 * @example await expectNoSeriousA11yViolations(page)
 */
export async function expectNoSeriousA11yViolations(page: Page | Frame): Promise<void> {
  let failing: Result[] = [];
  // A transition that starts while axe runs (the player's bar fading 3 s after the last touch)
  // is measured half-way: the page is checked again once it has ended, at most twice.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { violations, moved } = await settleAndRunAxe(page);
    failing = violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''));
    if (failing.length === 0 || !moved) break;
  }
  if (failing.length === 0) return;
  const where = new URL(page.url()).pathname;
  throw new Error(
    `axe found ${failing.length} serious or critical violation(s) on ${where}:\n${failing
      .map(describeViolation)
      .join('\n')}`,
  );
}

/**
 * One axe run on the screen as a person reads it, and whether a transition or an animation
 * started during the run. It first waits (up to 2 s) for the page's running transitions and
 * animations that end: half-way through a dialog's fade, its text is blended with the backdrop
 * and axe measured a contrast (3.2:1) that no one sees once the dialog is up; a spinner's
 * endless animation is not waited for. The listeners are added as soon as the wait ends,
 * before the page renders again, so nothing can start unseen between the two.
 */
async function settleAndRunAxe(
  page: Page | Frame,
): Promise<{ violations: Result[]; moved: boolean }> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(loadAxeSource());
  return page.evaluate(
    // axe allows one run at a time per page; the options cross as JSON.
    async (options) => {
      const ending = document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined));
      await Promise.race([
        Promise.all(ending),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]);
      let moved = false;
      const started = () => {
        moved = true;
      };
      const events = ['transitionrun', 'animationstart'] as const;
      for (const type of events) document.addEventListener(type, started, true);
      try {
        const results = await (
          window as unknown as { axe: { run: (c: Document, o: unknown) => Promise<AxeResults> } }
        ).axe.run(document, options);
        return { violations: results.violations, moved };
      } finally {
        for (const type of events) document.removeEventListener(type, started, true);
      }
    },
    RUN_OPTIONS as unknown as Record<string, unknown>,
  );
}
