// The first paint of every page needs its HTML alone (scripts/build/defer-assets.mjs): the full stylesheets,
// the layout's module script, the islands' JavaScript (client:painted) and the web manifest are requested
// after the first contentful paint on pages with islands, and on the first touch or key on content pages, and
// still arrive; the consent banner is in the first paint; without JavaScript the <noscript> links work.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { BASE_URL, launchBrowser, newPage, VIEWPORTS } from './support';

const routes = ['/', '/trafego-pago', '/consultoria-empresarial', '/palestras', '/politica-de-privacidade', '/orcamento', '/reuniao'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** One GET as a browser asks for it (brotli accepted): the bytes on the wire (status line, headers, body) and the head. */
function rawResponse(path: string): Promise<{ bytes: number; head: string }> {
  const { hostname, port } = new URL(BASE_URL);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => {
      // write, not end: a half-closed socket gets no answer (Connection: close ends it once the response is sent).
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/html\r\nAccept-Encoding: gzip, deflate, br, zstd\r\nConnection: close\r\n\r\n`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      const raw = Buffer.concat(chunks);
      resolve({ bytes: raw.length, head: raw.toString('latin1').split('\r\n\r\n')[0].toLowerCase() });
    });
    socket.on('error', reject);
  });
}

/** TCP's initial congestion window (RFC 6928: 10 segments of 1460 B), Lighthouse's model of a first round trip. */
const FIRST_WINDOW_BYTES = 10 * 1460;

describe('critical path', () => {
  it('the home page\'s whole response fits the first round trip (TCP\'s initial window)', async () => {
    // One byte over and the HTML takes a second round trip: Lighthouse's LCP for / went from 1.00 s to
    // 0.90 s (4.3x CPU) when it first fit (per-page CSP, unused theme variables dropped). 13,730 B on
    // 2026-11-27: 870 B for copy the mentor adds; past it, cut bytes (shared/notes/lcp-floor.md).
    const { bytes, head } = await rawResponse('/');
    expect(head).toMatch(/^http\/1\.1 200 /);
    expect(head).toContain('content-encoding: br');
    expect(bytes).toBeGreaterThan(5_000);
    expect(bytes).toBeLessThanOrEqual(FIRST_WINDOW_BYTES);
  });


  /** What the page fetched from /_astro/ (stylesheets, scripts) and when, its FCP, and what applied. */
  const loaded = (page: Page) =>
    page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      deferred: performance
        .getEntriesByType('resource')
        .filter((e) => /\/_astro\/[^/]*\.(css|js)$/.test(e.name))
        .map((e) => ({ name: e.name, start: e.startTime })),
      sheets: [...document.styleSheets].map((s) => s.href).filter(Boolean),
      consentDefault: (window.dataLayer as unknown[] | undefined)?.length ?? 0,
      manifest: document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.getAttribute('href') ?? null,
    }));
  type Loaded = Awaited<ReturnType<typeof loaded>>;
  const expectApplied = (timing: Loaded, minimum: number) => {
    expect(timing.fcp).not.toBeNull();
    expect(timing.deferred.length).toBeGreaterThanOrEqual(minimum);
    for (const entry of timing.deferred) expect(entry.start, entry.name).toBeGreaterThanOrEqual(timing.fcp!);
    expect(timing.sheets.some((href) => /\/_astro\/BaseLayout[^/]*\.css$/.test(href!))).toBe(true);
    // consent.ts ran: Consent Mode's default is in the dataLayer.
    expect(timing.consentDefault).toBeGreaterThan(0);
    // Browsers read the manifest link from the live document whenever they need it (install prompts).
    expect(timing.manifest).toBe('/manifest.webmanifest');
  };
  // /orcamento waits for a touch like a content page while it shows the service choice (plain links); opening
  // its form (?servico=, a saved draft, a follow-up link) hydrates after the paint.
  const islandRoutes = ['/orcamento?servico=consultoria', '/reuniao'];
  const contentRoutes = routes.filter((path) => !islandRoutes.includes(path));

  it.each(islandRoutes)('%s requests its stylesheets and every script (layout, islands, React) only after the first contentful paint, then applies them', async (path) => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
    // The layout stylesheet and script, and the islands (client:painted): React and their components.
    expectApplied(await loaded(page), 5);
    await context.close();
  });

  it.each(contentRoutes)('%s requests nothing more until the first touch or key, then its stylesheet and layout script, which apply', async (path) => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
    const before = await loaded(page);
    expect(before.fcp).not.toBeNull();
    expect(before.deferred).toEqual([]);
    expect(before.consentDefault).toBe(0);
    await page.keyboard.press('Shift');
    await page.waitForFunction(() => (window.dataLayer ?? []).length > 0 && [...document.styleSheets].some((s) => s.href?.includes('/_astro/BaseLayout')));
    expectApplied(await loaded(page), 2);
    await context.close();
  });

  it('/orcamento hydrates its islands on the first touch: with a saved draft, right after the paint', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    const hydrated = () => page.evaluate(() => document.querySelectorAll('astro-island').length > 0 && document.querySelector('astro-island[ssr]') === null);
    await page.goto(`${BASE_URL}/orcamento`, { waitUntil: 'networkidle' });
    expect((await loaded(page)).deferred).toEqual([]);
    expect(await hydrated()).toBe(false);
    await page.keyboard.press('Tab');
    await page.waitForFunction(() => document.querySelectorAll('astro-island').length > 0 && document.querySelector('astro-island[ssr]') === null);
    // A draft in this tab (the form was started): the next visit needs the form at once, no touch.
    await page.evaluate(() => sessionStorage.setItem('orcamento:rascunho:v1', JSON.stringify({ service: 'trafego', step: 1, values: {} })));
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: /Nome completo/ }).waitFor();
    expect(await hydrated()).toBe(true);
    await context.close();
  });

  it('with the cookies accepted, a content page runs the layout script after the first paint without a touch (the tag manager counts the visit)', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    await page.goto(`${BASE_URL}/palestras`);
    await page.evaluate(() => localStorage.setItem('consentimento-cookies', 'granted'));
    await page.reload({ waitUntil: 'networkidle' });
    expectApplied(await loaded(page), 2);
    await context.close();
  });

  it('a tap on Aceitar before the layout script has loaded still counts: the loader plays the click again once it has run', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    // The layout script is held back until the tap has happened, as on a slow link.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/BaseLayout\.astro[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    await page.locator('#consentimento').getByRole('button', { name: 'Aceitar' }).click();
    expect(await page.evaluate(() => localStorage.getItem('consentimento-cookies'))).toBeNull();
    release();
    await page.waitForFunction(() => localStorage.getItem('consentimento-cookies') === 'granted');
    await expect(page.locator('#consentimento').isHidden()).resolves.toBe(true);
    await context.close();
  });

  it('a click with no pointer or key before it (a screen reader activating Recusar) loads the layout script and counts', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    await page.goto(`${BASE_URL}/trafego-pago`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.querySelector<HTMLButtonElement>('#consentimento [data-consent="denied"]')!.click());
    await page.waitForFunction(() => localStorage.getItem('consentimento-cookies') === 'denied');
    await expect(page.locator('#consentimento').isHidden()).resolves.toBe(true);
    await context.close();
  });

  it('the consent banner is shown by the page itself, before the layout script runs, and stays hidden once a choice is stored', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    // Without the layout module the banner can only come from the inline script in the HTML.
    await page.route(/\/_astro\/BaseLayout\.astro[^/]*\.js$/, (route) => route.abort());
    await page.goto(`${BASE_URL}/palestras`);
    await expect(page.locator('#consentimento').isVisible()).resolves.toBe(true);
    await page.evaluate(() => localStorage.setItem('consentimento-cookies', 'denied'));
    await page.reload();
    await expect(page.locator('#consentimento').isHidden()).resolves.toBe(true);
    await context.close();
  });

  it('before the full stylesheet arrives, a header link to a section still stops below the fixed header', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    // The full stylesheet never arrives: what holds is the critical CSS inlined in the HTML.
    await page.route(/\/_astro\/[^/]*\.css$/, (route) => route.abort());
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Sobre' }).click();
    await page.waitForFunction(() => location.hash === '#sobre');
    const top = await page.evaluate(() => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(document.getElementById('sobre')!.getBoundingClientRect().top))));
    expect(Math.round(top)).toBe(80);
    await context.close();
  });

  it('without JavaScript the full stylesheet still loads (noscript) and no script is fetched, and the banner stays hidden', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    expect(requested.some((p) => /^\/_astro\/BaseLayout[^/]*\.css$/.test(p))).toBe(true);
    expect(requested.some((p) => /\.js$/.test(p))).toBe(false);
    await expect(page.locator('#consentimento').isHidden()).resolves.toBe(true);
    await context.close();
  });
});
