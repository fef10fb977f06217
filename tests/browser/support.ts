// Shared browser-test helpers: Debian Chromium through playwright-core, pointed at BASE_URL.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

// Vitest overwrites process.env.BASE_URL with Vite's base ('/'), so the runner passes TEST_BASE_URL.
export const BASE_URL = [process.env.TEST_BASE_URL, process.env.BASE_URL].find((v) => v?.startsWith('http')) ?? 'http://localhost:8888';
export { CHROMIUM_ARGS, CHROMIUM_PATH };

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  desktop: { width: 1280, height: 800 },
} as const;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
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

/** Runs axe with WCAG 2.x A/AA rules and returns the violations, summarised for readable failures. */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/**
 * Starts the same server as `npm start`, in this process, with functions imported through Vite,
 * so a test can also query the database those functions write to. Needs a built dist/.
 */
export async function startInProcessServer(options: { rateLimits?: boolean } = {}): Promise<{ url: string; close: () => Promise<void> }> {
  const { startServer } = await import('../../scripts/server.mjs');
  const { listFunctionFiles } = await import('../../scripts/functions-host.mjs');
  const dir = new URL('../../functions/', import.meta.url).pathname;
  const files: string[] = await listFunctionFiles(dir);
  const functionModules = await Promise.all(files.map((f) => import(/* @vite-ignore */ `${dir}${f}`)));
  return startServer({ port: 0, functionModules, ...options });
}
