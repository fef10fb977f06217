// Shared browser-test helpers: Debian Chromium through playwright-core, pointed at this worker's site
// (tests/browser/site.ts; tests/support/browser-site.ts starts one per vitest worker).
import axe from 'axe-core';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { site } from './site';
import { borrowBrowser } from './shared-browser';

export const BASE_URL = site.url;

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * The tests' Chromium: the worker's one browser (shared-browser.ts), seen as this file's own. Under a faked
 * clock (tests/tools/at-time.mjs) it runs on the real one and every page it opens sees the faked "now".
 * close() closes the file's contexts, not the browser.
 */
export const launchBrowser = borrowBrowser;

export async function newPage(
  browser: Browser,
  viewport: { width: number; height: number },
  options: { reducedMotion?: 'reduce' | 'no-preference' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: options.reducedMotion ?? 'reduce' });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Resolves once the page has painted a frame and then had an idle period: what it queued before (a handler's
 * promise, a timer already due, a render) has run. For "nothing else happens" checks, instead of a fixed delay.
 */
export function afterIdle(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 5_000 }))));
}

/** The rules every axe check runs: WCAG 2.0/2.1 A and AA, and axe's best practices (90 rules in axe-core 4.14). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * axe-core's source, configured as @axe-core/playwright's legacy mode configures it (results from same-origin
 * frames only; no page here embeds another origin's frame).
 */
const AXE_SCRIPT = `${axe.source};axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } });`;

type AxeWindow = { axe?: typeof axe };

/**
 * Resolves when the page's finite CSS transitions and animations have ended: axe checks the state the page
 * settles in, not a frame of a fade (a button's opacity on its way from its disabled 60 % to 100 % fails
 * color-contrast). Endless ones (a spinner) and paused ones are not waited for.
 * It looks at each animation's play state once a frame rather than awaiting its `finished` promise: Chromium
 * 150 (Debian's, 2026-12-01) left that promise pending for good on a link's colour transition that had
 * ended (play state "finished", current time 5,000 ms past its 150 ms end, 60 frames a second drawn), and
 * security.test's consent check waited on it until its 90 s timeout, every run.
 */
function settled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const moving = () =>
          document
            .getAnimations()
            .some((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
        const look = () => (moving() ? requestAnimationFrame(look) : resolve());
        look();
      }),
  );
}

/** Puts axe into `frame`'s document unless it is there already (an earlier check of the same document). */
async function withAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (window as AxeWindow).axe?.run === 'function')) return;
  await frame.evaluate(AXE_SCRIPT);
}

/**
 * Runs axe (AXE_TAGS) on the page as it is now and returns the violations, summarised for readable failures.
 *
 * axe-core's own API rather than @axe-core/playwright's AxeBuilder: in its legacy mode (run in the page, no blank
 * page per call) AxeBuilder evaluates axe's 550 KB source twice on every call, where axe stays in a document
 * once put there. Measured on / at 375 px, quiet host (chromium-headless-shell's CPU per call): AxeBuilder 1.02–1.17
 * CPU-s; here 0.86 on a freshly loaded document (axe's first run in a new document is most of it: its code runs
 * cold) and 0.26 on a document axe already checked. The same rules and options: axe.run with runOnly AXE_TAGS and
 * violations only, as AxeBuilder.withTags() sends them.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  await settled(page);
  await withAxe(page.mainFrame());
  // Other frames get axe too, as in AxeBuilder's legacy mode, which also leaves out a frame that cannot take it.
  for (const frame of page.frames().slice(1)) await withAxe(frame).catch(() => undefined);
  return page.evaluate(
    (tags) =>
      (window as AxeWindow).axe!
        .run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] })
        .then((r) => r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)),
    AXE_TAGS,
  );
}
