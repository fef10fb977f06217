// Setup file of the browser project: the worker's files share one Chromium (shared-browser.ts), so a file
// must close every context it opened. One left open would keep its pages, service workers and timers running
// into the next file (and show its tabs to chrome-tab.ts). Fails the file that leaves one and closes it, so
// one leak fails one file. Runs after the file's own afterAll hooks (vitest runs them in reverse order).
import { afterAll, expect } from 'vitest';
import { openContexts } from './shared-browser';

afterAll(async () => {
  const left = await openContexts();
  const pages = left.flatMap((context) => context.pages().map((page) => page.url()));
  await Promise.all(left.map((context) => context.close().catch(() => {})));
  expect({ contexts: left.length, pages }, 'a browser file must close the contexts it opened (shared-browser.ts)').toEqual({ contexts: 0, pages: [] });
});
