// The first paint of every page needs its HTML alone (scripts/build/defer-assets.mjs): the full stylesheets,
// the layout's module script, the islands' JavaScript (client:painted) and the web manifest are requested
// after the first contentful paint, and
// still arrive; the consent banner is in the first paint; without JavaScript the <noscript> links work.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BASE_URL, launchBrowser, newPage, VIEWPORTS } from './support';

const routes = ['/', '/trafego-pago', '/consultoria-empresarial', '/palestras', '/politica-de-privacidade', '/orcamento', '/reuniao'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('critical path', () => {
  it.each(routes)('%s requests its stylesheets and every script (layout, islands, React) only after the first contentful paint, then applies them', async (path) => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
    const timing = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      deferred: performance
        .getEntriesByType('resource')
        .filter((e) => /\/_astro\/[^/]*\.(css|js)$/.test(e.name))
        .map((e) => ({ name: e.name, start: e.startTime })),
      sheets: [...document.styleSheets].map((s) => s.href).filter(Boolean),
      consentDefault: (window.dataLayer as unknown[] | undefined)?.length ?? 0,
      manifest: document.head.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.getAttribute('href') ?? null,
    }));
    expect(timing.fcp).not.toBeNull();
    // The layout stylesheet and script at least; /orcamento and /reuniao also hydrate their islands
    // (client:painted), whose React and components must wait for the paint too.
    expect(timing.deferred.length).toBeGreaterThanOrEqual(path === '/orcamento' || path === '/reuniao' ? 5 : 2);
    for (const entry of timing.deferred) expect(entry.start, entry.name).toBeGreaterThanOrEqual(timing.fcp!);
    expect(timing.sheets.some((href) => /\/_astro\/BaseLayout[^/]*\.css$/.test(href!))).toBe(true);
    // consent.ts ran: Consent Mode's default is in the dataLayer.
    expect(timing.consentDefault).toBeGreaterThan(0);
    // Browsers read the manifest link from the live document whenever they need it (install prompts).
    expect(timing.manifest).toBe('/manifest.webmanifest');
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
