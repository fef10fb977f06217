// How much style work a content page's load costs, counted instead of timed: Chromium's trace says how many
// elements each style recalculation (UpdateLayoutTree) touched. From navigation until the full stylesheet has
// arrived (on the first key) and applied, the sum over all recalculations is compared with the page's element count. A whole-page
// restyle after the first layout (a custom property set on <html>, a stylesheet that matches everything
// while every section is rendered) adds a whole page to it; content-visibility keeps the sections below the
// first screen out of it until they near the viewport (docs/performance.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { afterIdle, BASE_URL, launchBrowser } from './support';

const routes = ['/', '/trafego-pago', '/consultoria-empresarial', '/palestras', '/politica-de-privacidade'];
/**
 * Elements restyled during the load, per element of the page, at most. Measured 2026-11-29 at 390 px (one pass
 * is the first style, the second the full stylesheet's, over what is rendered): / 1.00, /consultoria-empresarial
 * 1.25, /trafego-pago and /palestras 1.67, /politica-de-privacidade 1.72. As the pages were before (the banner's
 * room a custom property on <html>, no content-visibility): / 2.75, the others 2.39-2.49. With only the custom
 * property back: / 1.64, the others ~2.4 (it restyles whatever is rendered once more); with only
 * content-visibility gone: / 1.87.
 */
const RESTYLES_PER_ELEMENT: Record<string, number> = { '/': 1.3 };
const DEFAULT_RESTYLES_PER_ELEMENT = 2;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface TraceEvent {
  name: string;
  pid: number;
  ph: string;
  args?: { elementCount?: number; data?: { url?: string }; beginData?: { url?: string } };
}

describe('style work of a content page load, at 390 px', () => {
  it.each(routes)('%s restyles what it renders at most once per stylesheet, never again for a measurement by script', async (route) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' });
    try {
      const page = await context.newPage();
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
      const url = new URL(route, BASE_URL).href;
      await page.goto(url, { waitUntil: 'load' });
      // A content page requests the full stylesheet on the first touch or key (defer-assets.mjs): a key, then
      // wait until it applies.
      await page.keyboard.press('Shift');
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].some((link) => link.sheet !== null));
      await afterIdle(page);
      await afterIdle(page);
      const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
      const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
      // The renderer that parsed this page (about:blank and the browser process have recalculations of their own).
      const renderer = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url)?.pid;
      expect(renderer, 'the trace holds the page\'s parsing').toBeDefined();
      const recalcs = events.filter((e) => e.name === 'UpdateLayoutTree' && e.pid === renderer && typeof e.args?.elementCount === 'number');
      const restyled = recalcs.reduce((sum, e) => sum + (e.args!.elementCount ?? 0), 0);
      expect(recalcs.length, 'recalculations were traced').toBeGreaterThan(0);
      expect(
        restyled / elements,
        `${restyled} elements restyled for ${elements} (${recalcs.map((e) => e.args!.elementCount).join(' + ')})`,
      ).toBeLessThanOrEqual(RESTYLES_PER_ELEMENT[route] ?? DEFAULT_RESTYLES_PER_ELEMENT);
    } finally {
      await context.close();
    }
  });
});

describe('the inlined CSS of a content page', () => {
  // A var() in a declaration is substituted and parsed again for every element the rule applies to; the
  // theme's values are written out at build time instead (scripts/build/inline-theme-values.mjs), which took
  // the home page's first style recalculation from 13.4 to 10.4 ms of CPU (docs/performance-first-screen.md).
  it.each([...routes, '/orcamento', '/pagina-que-nao-existe'])('%s reads no theme variable through var() before the first touch', async (route) => {
    const response = await fetch(new URL(route, BASE_URL));
    const html = await response.text();
    const inlined = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    const stylesheet = /stylesheet (\/_astro\/[^,"]+\.css)/.exec(html)?.[1];
    expect(inlined.length, 'the page inlines its critical CSS').toBeGreaterThan(1000);
    expect(stylesheet, 'the page names its full stylesheet').toBeDefined();
    const full = await (await fetch(new URL(stylesheet!, BASE_URL))).text();
    const theme = /@layer theme\{:root,:host\{([^}]*)\}/.exec(full)?.[1] ?? '';
    const names = [...theme.matchAll(/(--[\w-]+):/g)].map((m) => m[1]);
    expect(names.length, 'the full stylesheet declares the theme').toBeGreaterThan(20);
    const read = [...inlined.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]).filter((name) => names.includes(name));
    expect([...new Set(read)]).toEqual([]);
  });
});
