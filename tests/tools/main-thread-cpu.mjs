// The main thread's CPU time for one page load, read from Blink's own task counters (CDP Performance.getMetrics
// in thread ticks: TaskDuration) instead of a trace. What the Lighthouse gate compares between the home page and
// the bare reference page (lighthouse.mjs, HOME_MAIN_THREAD_RATIO).
//
// Why not the trace: Lighthouse's trace records a thread-CPU timestamp at both ends of every event, and on a
// virtual machine that clock is a system call (2.3 µs a read on the 2026-12-01 host, against ~0.1 µs for the
// wall clock), so the trace's own cost grows with the events a page makes: the home page (thousands of layout,
// paint and style events) paid more of it than the bare paragraph, and the same build's ratio read 2.22–2.79×
// on one host and 3.01–3.24× on another. The task counters read that clock twice per task (a few hundred per
// load), not per event: home 142 ms against bare 54 (2.63×) where the trace said 171 against 57 (3.01×).
import { chromium } from 'playwright-core';

/**
 * Lighthouse's mobile screen (its default formFactor and screenEmulation), so the page lays out as audited.
 * Lighthouse's constants.screenEmulationMetrics.mobile.
 */
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** Attaches to the Chromium at `port` (the one the Lighthouse gate launched). Returns { loadCpuMs, close }. */
export async function mainThreadMeter(port) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  /**
   * CPU ms of the page's main-thread tasks from the start of a navigation to `url` in a new context until the
   * network has been quiet for 500 ms (Playwright's networkidle: a stylesheet or script fetched after the load
   * is in) and one more frame and idle period (its restyle is in too).
   */
  async function loadCpuMs(url) {
    const context = await browser.newContext(MOBILE);
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
      const before = await taskSeconds();
      await page.goto(url, { waitUntil: 'networkidle' });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 2_000 }))));
      return (await taskSeconds() - before) * 1000;
    } finally {
      await context.close();
    }
  }
  // Playwright's close() of a connected browser detaches; the Chromium stays for its owner to stop.
  return { loadCpuMs, close: () => browser.close() };
}
