// Shared browser-test helpers: Debian Chromium through playwright-core, pointed at this worker's site
// (tests/browser/site.ts; tests/support/browser-site.ts starts one per vitest worker).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { CHROMIUM_ARGS, CHROMIUM_TEST_PATH } from '../tools/chromium.mjs';
import { site } from './site';
import { fakedClockOffsetMs, shiftedDateScript, withoutFakedClock } from '../support/faked-clock';

export const BASE_URL = site.url;
export { CHROMIUM_ARGS, CHROMIUM_TEST_PATH };

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * The tests' Chromium. Under a faked clock (tests/tools/at-time.mjs) it runs on the real one and every page
 * it opens, in any context, sees the faked "now" through its `Date` (faked-clock.ts: why not libfaketime).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_TEST_PATH, args: CHROMIUM_ARGS, headless: true, env: withoutFakedClock() });
  const offsetMs = fakedClockOffsetMs();
  if (offsetMs === 0) return browser;
  // browser.newPage() makes its context through newContext() too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.addInitScript(shiftedDateScript, offsetMs);
    return context;
  };
  return browser;
}

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

/**
 * axe on `page` with these tags, run the cheap way: in the page itself (legacy mode; the default opens a blank
 * page in the context for every call and sends it every partial result) and collecting details of violations
 * only. The same rules run and the same violations come back (an injected image-alt failure included; no page
 * here embeds a cross-origin frame, the one thing legacy mode checks differently); it cost +3.0 CPU-s per call
 * against +5.0-5.3, and there are ~150 calls per run (2026-11-28 profile).
 */
export function leanAxe(page: Page, tags: string[]): AxeBuilder {
  return new AxeBuilder({ page }).withTags(tags).options({ resultTypes: ['violations'] }).setLegacyMode(true);
}

/** Runs axe with WCAG 2.x A/AA rules and returns the violations, summarised for readable failures. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await leanAxe(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
