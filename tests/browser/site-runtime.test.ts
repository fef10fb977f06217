// What content pages do at run time: JavaScript cost, the mobile menu island, analytics, SEO metadata.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Response } from 'playwright-core';
import { BASE_URL, launchBrowser, newPage, VIEWPORTS } from './support';

// Bytes transferred (as served: brotli) before any tap, on every content page.
const JS_BUDGET_BYTES = 1024;
/**
 * The inline scripts travel in the HTML (consent, the loader, the attribution capture): their own budget,
 * gzip of them all, so the HTML's JavaScript cannot grow unseen either (843 B on / when issue 20 shipped).
 */
const INLINE_JS_BUDGET_BYTES = 1024;
const contentRoutes = ['/', '/trafego-pago', '/consultoria-empresarial', '/palestras', '/pagina-inexistente'];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Records every script response with its transferred (encoded) size. */
/** Every script response's body size; `settled()` waits for the sizes still being read (none is missed). */
function recordScripts(page: Page) {
  const pending: Promise<{ url: string; bytes: number }>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(response.request().sizes().then(
      (sizes) => ({ url: response.url(), bytes: sizes.responseBodySize }),
      // A size that cannot be read must not pass as 0 bytes.
      () => ({ url: response.url(), bytes: Number.POSITIVE_INFINITY }),
    ));
  });
  return { settled: () => Promise.all(pending) };
}

async function scrollToBottom(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 30));
    }
  });
  await page.waitForLoadState('networkidle');
}

describe('JavaScript budget before any tap', () => {
  it.each(contentRoutes)('%s transfers at most 1 KB of JavaScript while reading and scrolling, and no React; its inline JavaScript (the attribution capture included) stays within 1 KB gzip', async (path) => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    const recorder = recordScripts(page);
    await page.goto(`${BASE_URL}${path}`, { waitUntil: 'networkidle' });
    await scrollToBottom(page);
    const scripts = await recorder.settled();
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    console.info(`JS before interaction on ${path}: ${total} B in ${scripts.length} file(s)`);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    expect(scripts.some((s) => /react|client\.|hydrate-menu/i.test(s.url))).toBe(false);
    const inline = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script:not([src])'))
        .filter((s) => !/json/i.test(s.getAttribute('type') ?? ''))
        .map((s) => s.textContent ?? '')
        .join('\n'));
    const inlineBytes = gzipSync(Buffer.from(inline), { level: 9 }).length;
    console.info(`inline JS on ${path}: ${inlineBytes} B gzip`);
    expect(inline).toContain('atribuicao');
    expect(inlineBytes).toBeLessThanOrEqual(INLINE_JS_BUDGET_BYTES);
    await context.close();
  });
});

describe('mobile menu', () => {
  const toggle = (page: Page) => page.locator('header [aria-controls="menu-mobile"]');
  const panel = (page: Page) => page.locator('#menu-mobile');

  it('loads React on the first tap, opens, and closes after choosing a link', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    const recorder = recordScripts(page);
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    expect(await panel(page).isVisible()).toBe(false);
    await toggle(page).tap().catch(() => toggle(page).click());
    await panel(page).waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.querySelector('[aria-controls="menu-mobile"]')?.getAttribute('aria-expanded') === 'true');
    expect((await recorder.settled()).some((s) => /hydrate-menu/.test(s.url))).toBe(true);
    await panel(page).getByRole('link', { name: 'Palestras' }).click();
    await page.waitForURL(`${BASE_URL}/palestras`);
    expect(await panel(page).isVisible()).toBe(false);
    await context.close();
  });

  it('toggles closed with the button and closes on scroll', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    await page.goto(`${BASE_URL}/trafego-pago`, { waitUntil: 'networkidle' });
    await toggle(page).click();
    await panel(page).waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.querySelector('[aria-controls="menu-mobile"]')?.getAttribute('aria-expanded') === 'true');
    await toggle(page).click();
    await panel(page).waitFor({ state: 'hidden' });
    await toggle(page).click();
    await panel(page).waitFor({ state: 'visible' });
    await page.mouse.wheel(0, 400);
    await panel(page).waitFor({ state: 'hidden' });
    await expect(toggle(page).getAttribute('aria-expanded')).resolves.toBe('false');
    await context.close();
  });

  it('opens with the keyboard', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.mobile);
    await page.goto(`${BASE_URL}/`, { waitUntil: 'networkidle' });
    await toggle(page).focus();
    await page.keyboard.press('Enter');
    await panel(page).waitFor({ state: 'visible' });
    await page.waitForFunction(() => document.querySelector('[aria-controls="menu-mobile"]')?.getAttribute('aria-expanded') === 'true');
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'hidden' });
    await context.close();
  });

  it('its links are reachable without JavaScript', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.mobile, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    await toggle(page).click();
    await panel(page).waitFor({ state: 'visible' });
    await panel(page).getByRole('link', { name: 'Consultoria' }).click();
    await page.waitForURL(`${BASE_URL}/consultoria-empresarial`);
    await context.close();
  });
});

describe('analytics', () => {
  it('pushes "Clique <button>" with location and ISO timestamp to dataLayer and the console', async () => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));
    await page.goto(`${BASE_URL}/palestras`, { waitUntil: 'networkidle' });
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    await page.locator('footer').getByRole('link', { name: 'Contato', exact: true }).click();
    await page.locator('#hero-titulo ~ a').click();
    // The first click loads the layout script (defer-assets.mjs), which counts both once it has run.
    const clicks = () => page.evaluate(() => ((window.dataLayer ?? []) as Record<string, string>[]).filter((e) => e.event?.startsWith('Clique')));
    await expect.poll(async () => (await clicks()).length).toBe(2);
    const events = await clicks();
    expect(events).toEqual([
      { event: 'Clique Contato', location: 'Footer', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) },
      { event: 'Clique Contratar Palestra', location: 'Hero', timestamp: expect.any(String) },
    ]);
    expect(logs.filter((l) => l.startsWith('[analytics]'))).toHaveLength(2);
    await context.close();
  });
});

describe('search engine metadata', () => {
  const expected: Record<string, string[]> = {
    '/': ['Person', 'ProfessionalService', 'BreadcrumbList'],
    '/trafego-pago': ['Person', 'ProfessionalService', 'Service', 'FAQPage', 'BreadcrumbList'],
    '/consultoria-empresarial': ['Person', 'ProfessionalService', 'Service', 'FAQPage', 'BreadcrumbList'],
    '/palestras': ['Person', 'ProfessionalService', 'Service', 'FAQPage', 'BreadcrumbList'],
  };

  it.each(Object.keys(expected))('%s has unique title, description, canonical, OG/Twitter tags and JSON-LD', async (path) => {
    const { context, page } = await newPage(browser, VIEWPORTS.desktop);
    await page.goto(`${BASE_URL}${path}`);
    const head = await page.evaluate(() => ({
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
      ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
      twitter: document.querySelector('meta[name="twitter:card"]')?.getAttribute('content'),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '')),
    }));
    expect(head.title.length).toBeGreaterThan(10);
    expect(head.description?.length).toBeGreaterThan(50);
    expect(new URL(head.canonical!).pathname).toBe(path);
    expect(head.ogTitle).toBe(head.title);
    expect(head.ogImage).toMatch(/\/og-image\.png$/);
    expect(head.twitter).toBe('summary_large_image');
    expect(head.jsonLd.map((d) => d['@type'])).toEqual(expected[path]);
    const business = head.jsonLd.find((d) => d['@type'] === 'ProfessionalService');
    expect(business.address).toMatchObject({ addressLocality: 'Londrina', addressRegion: 'PR', addressCountry: 'BR' });
    const crumbs = head.jsonLd.find((d) => d['@type'] === 'BreadcrumbList').itemListElement;
    expect(crumbs).toHaveLength(path === '/' ? 1 : 2);
    if (path !== '/') expect(new URL(crumbs[1].item).pathname).toBe(path);
    const faq = head.jsonLd.find((d) => d['@type'] === 'FAQPage');
    if (faq) expect(faq.mainEntity).toHaveLength(3);
    await context.close();
  });

  it('titles and descriptions are unique across pages', async () => {
    const seen = await Promise.all(
      Object.keys(expected).map(async (path) => {
        const html = await (await fetch(`${BASE_URL}${path}`)).text();
        return [/<title>(.*?)<\/title>/.exec(html)?.[1], /<meta name="description" content="(.*?)"/.exec(html)?.[1]];
      }),
    );
    expect(new Set(seen.map(([t]) => t)).size).toBe(seen.length);
    expect(new Set(seen.map(([, d]) => d)).size).toBe(seen.length);
  });

  it('serves sitemap-index.xml, robots.txt naming it, and the web manifest', async () => {
    const robots = await (await fetch(`${BASE_URL}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap-index\.xml$/m);
    const index = await fetch(`${BASE_URL}/sitemap-index.xml`);
    expect(index.status).toBe(200);
    const sitemap = await (await fetch(`${BASE_URL}/sitemap-0.xml`)).text();
    for (const path of ['/trafego-pago', '/consultoria-empresarial', '/palestras', '/orcamento']) expect(sitemap).toContain(`${path}</loc>`);
    expect(sitemap).not.toContain('404');
    // A private page (a meeting behind its manage link) is never listed.
    expect(sitemap).not.toContain('/reuniao');
    const manifest = await (await fetch(`${BASE_URL}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ lang: 'pt-BR', start_url: '/' });
    expect((await fetch(`${BASE_URL}/favicon.svg`)).status).toBe(200);
  });
});
