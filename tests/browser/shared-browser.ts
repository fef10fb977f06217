// One Chromium per browser worker, shared by the worker's files (they share its modules: vitest.config.ts).
// Launching a browser with one page and closing it cost 1.22-1.28 CPU-s on the 2-core test host of 2026-12-01
// and 0.36-0.38 on that of 2026-12-02, a new context and page in a running browser 0.41-0.43 and 0.14 (a loop
// of ten each, twice), and a run launched ~50: every file got its own. A context is what isolates a test (cookies, storage, service workers,
// cache), so a file now borrows the worker's browser and gets back a Browser whose contexts are its own.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_TEST_PATH } from '../tools/chromium.mjs';
import { fakedClockOffsetMs, shiftedDateScript, withoutFakedClock } from '../support/faked-clock';

let shared: Promise<Browser> | undefined;

/**
 * The worker's Chromium, launched on first use and again if it went away (a crash). Playwright kills it when
 * the worker process exits (its own exit handlers), so nothing outlives the run.
 */
function workerBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = chromium.launch({ executablePath: CHROMIUM_TEST_PATH, args: CHROMIUM_ARGS, headless: true, env: withoutFakedClock() });
    shared = launching;
    launching.then(
      (browser) => browser.on('disconnected', () => { if (shared === launching) shared = undefined; }),
      () => { if (shared === launching) shared = undefined; },
    );
  }
  return shared;
}

/** The contexts still open in the worker's browser (none when it was never launched). */
export async function openContexts(): Promise<BrowserContext[]> {
  if (!shared) return [];
  const browser = await shared.catch(() => undefined);
  return browser?.isConnected() ? browser.contexts() : [];
}

/**
 * A file's view of the worker's browser: newContext/newPage make contexts that are the file's own (under a
 * faked clock, tests/tools/at-time.mjs, each page sees the faked "now" through its `Date`: faked-clock.ts),
 * contexts() lists only those, and close() closes only those, leaving the browser running for the next file.
 * Everything else (tracing, CDP sessions, version) is the real browser's.
 */
export async function borrowBrowser(): Promise<Browser> {
  const browser = await workerBrowser();
  const offsetMs = fakedClockOffsetMs();
  const mine = new Set<BrowserContext>();
  const newContext: Browser['newContext'] = async (options) => {
    const context = await browser.newContext(options);
    mine.add(context);
    context.once('close', () => mine.delete(context));
    if (offsetMs !== 0) await context.addInitScript(shiftedDateScript, offsetMs);
    return context;
  };
  const own: Partial<Browser> = {
    newContext,
    // As Browser.newPage: a context of the page's own, closed with the page.
    newPage: async (options) => {
      const context = await newContext(options);
      const page = await context.newPage();
      page.once('close', () => void context.close().catch(() => {}));
      return page;
    },
    contexts: () => [...mine],
    close: async () => {
      await Promise.all([...mine].map((context) => context.close().catch(() => {})));
    },
  };
  return new Proxy(browser, {
    get(target, property) {
      if (Object.hasOwn(own, property)) return own[property as keyof Browser];
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
