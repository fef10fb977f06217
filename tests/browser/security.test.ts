// Privacy and security in real Chromium: headers, CSP with and without PUBLIC_GTM_ID, consent before tracking.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onWorkerDatabase } from './site';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { axeViolations, BASE_URL, launchBrowser, VIEWPORTS } from './support';
import { buildProject, copyProject } from '../support/project';
import { startSite } from '../support/site-process.mjs';
import { inlineScriptHashes } from '../../scripts/build/csp-headers.mjs';
import { dialog, fillWholeForm, pickFirstAvailableDay, sampleLead, slotButtons, toast } from './orcamento.fixtures';
import { manageLink, to, waitForMails } from './reuniao.fixtures';

const ROUTES = ['/', '/trafego-pago', '/consultoria-empresarial', '/palestras', '/orcamento', '/politica-de-privacidade', '/reuniao', '/pagina-inexistente'];
const GTM_HOST = 'www.googletagmanager.com';

let browser: Browser;
let gtmSite: { url: string; dataDir: string; stop: () => Promise<void> };
let gtmDir = '';

beforeAll(async () => {
  browser = await launchBrowser();
  // The same site built with a tag-manager id, served the same way, over the same database as the
  // shared site, so a whole booking runs under this CSP.
  gtmDir = await copyProject('gtm-build-');
  await buildProject(gtmDir, { PUBLIC_GTM_ID: 'GTM-TESTE12' });
  gtmSite = await startSite({ root: gtmDir, env: onWorkerDatabase({ RATE_LIMITS: 'off' }), label: 'site with GTM' });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await gtmSite?.stop();
  if (gtmDir) await rm(gtmDir, { recursive: true, force: true });
});

/** A context that records CSP violations, requests to the tag-manager host, and answers them locally. */
async function watchedContext(): Promise<{ context: BrowserContext; violations: string[]; gtmRequests: string[]; gtmHeaders: string[] }> {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile, locale: 'pt-BR' });
  const violations: string[] = [];
  const gtmRequests: string[] = [];
  const gtmHeaders: string[] = [];
  await context.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation: (t: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await context.route(`https://${GTM_HOST}/**`, (route) => {
    gtmRequests.push(route.request().url());
    gtmHeaders.push(JSON.stringify(route.request().headers()));
    // Like gtm.js, the stand-in reads the address as page_location when it runs.
    return route.fulfill({ contentType: 'text/javascript', body: 'window.dataLayer.push({ event: "gtm.test-loaded", page_location: location.href });' });
  });
  return { context, violations, gtmRequests, gtmHeaders };
}

async function visitEveryRoute(page: Page, base: string) {
  for (const path of ROUTES) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    // Touch the menu so the React island loads under the policy too.
    await page.locator('[aria-controls="menu-mobile"]').click();
    await page.waitForFunction(() => document.querySelector('[aria-controls="menu-mobile"]')?.getAttribute('aria-expanded') === 'true');
  }
}

const dataLayer = (page: Page) =>
  page.evaluate(() => (window.dataLayer ?? []).map((entry) => (Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry)));

describe('security headers on what npm start serves', () => {
  it.each(ROUTES)('%s has CSP, HSTS, nosniff, referrer and permissions policies', async (path) => {
    const response = await fetch(`${BASE_URL}${path}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).toMatch(/^script-src 'self'/);
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(scriptSrc).not.toContain(GTM_HOST);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{8}/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toContain('camera=()');
  });

  it.each(ROUTES)('%s allows exactly its own inline scripts (a rule per page keeps the home page in one round trip)', async (path) => {
    const response = await fetch(`${BASE_URL}${path}`);
    const scriptSrc = (response.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src')) ?? '';
    const allowed = scriptSrc.split(' ').filter((source) => source.startsWith("'sha256-"));
    expect(allowed.sort()).toEqual([...inlineScriptHashes(await response.text())].sort());
  });

  it('fingerprinted assets are cached for a year, immutable', async () => {
    const html = await (await fetch(`${BASE_URL}/`)).text();
    const asset = /\/_astro\/[^"']+\.(css|js)/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await fetch(`${BASE_URL}${asset}`);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('the tag-manager host is allowed only in the build with PUBLIC_GTM_ID', async () => {
    const csp = (await fetch(`${gtmSite.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`script-src 'self'[^;]* https://${GTM_HOST.replace(/\./g, '\\.')}`));
    expect(csp).not.toMatch(/unsafe-inline[^;]*;.*script-src|script-src[^;]*unsafe/);
  });
});

describe('Content-Security-Policy in the browser', () => {
  it('no violations on any route without PUBLIC_GTM_ID, after accepting cookies', async () => {
    const { context, violations, gtmRequests } = await watchedContext();
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    await page.getByRole('button', { name: 'Aceitar' }).click();
    await visitEveryRoute(page, BASE_URL);
    expect(violations).toEqual([]);
    expect(gtmRequests).toEqual([]);
    await context.close();
  });

  it('no violations on any route with PUBLIC_GTM_ID, before and after consent', async () => {
    const { context, violations, gtmRequests } = await watchedContext();
    const page = await context.newPage();
    await visitEveryRoute(page, gtmSite.url);
    expect(gtmRequests).toEqual([]);
    await page.getByRole('button', { name: 'Aceitar' }).click();
    await page.waitForFunction(() => (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'gtm.test-loaded'));
    await visitEveryRoute(page, gtmSite.url);
    expect(gtmRequests.length).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('Content-Security-Policy during a whole booking with PUBLIC_GTM_ID', () => {
  it('saves the lead and books a meeting with the tag manager loaded and no violation; its manage link keeps the token from the tag manager', async () => {
    const { context, violations, gtmRequests, gtmHeaders } = await watchedContext();
    const page = await context.newPage();
    await page.goto(`${gtmSite.url}/`);
    await page.getByRole('button', { name: 'Aceitar' }).click();
    const lead = sampleLead();
    await fillWholeForm(page, gtmSite.url, 'Consultoria', lead);
    await page.getByRole('button', { name: 'Finalizar e Agendar' }).click();
    await toast(page, 'Dados salvos com sucesso!', 'Agora selecione um horário para a reunião.');
    await pickFirstAvailableDay(page);
    await slotButtons(page).first().click();
    await dialog(page).getByRole('button', { name: 'Confirmar Agendamento' }).click();
    await toast(page, 'Agendamento realizado com sucesso!');
    expect(gtmRequests.length).toBeGreaterThan(0);

    // The manage link of the lead's email, with consent already given: the tag manager loads at once on
    // /reuniao, and must read an address without the token (and get no Referer holding it).
    const [mail] = await waitForMails(gtmSite.dataDir, (m) => to(lead.email)(m) && /\/reuniao#t=/.test(m.text + m.html));
    const { url, token } = manageLink(mail, gtmSite.url);
    const before = gtmRequests.length;
    await page.goto(url);
    await page.getByRole('button', { name: 'Reagendar' }).waitFor();
    await expect.poll(() => gtmRequests.length).toBeGreaterThan(before);
    const layer = await page.evaluate(() => JSON.stringify(window.dataLayer));
    expect(layer).toContain(`"page_location":"${gtmSite.url}/reuniao"`);
    expect(layer).not.toContain(token);
    expect(gtmHeaders.filter((h) => h.includes(token))).toEqual([]);
    expect(violations).toEqual([]);
    await context.close();
  });
});

describe('consent', () => {
  it('without consent nothing reaches the tag manager; Aceitar pushes the consent update and loads it', async () => {
    const { context, gtmRequests } = await watchedContext();
    const page = await context.newPage();
    await page.goto(`${gtmSite.url}/`, { waitUntil: 'networkidle' });
    const banner = page.getByRole('region', { name: 'Sua privacidade' });
    expect(await banner.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await dataLayer(page)).toContainEqual(['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]);
    await page.locator('footer').getByRole('link', { name: 'Contato', exact: true }).click({ force: true });
    await page.goto(`${gtmSite.url}/palestras`, { waitUntil: 'networkidle' });
    expect(gtmRequests).toEqual([]);

    await page.getByRole('button', { name: 'Aceitar' }).click();
    await page.waitForFunction(() => (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'gtm.test-loaded'));
    expect(await dataLayer(page)).toContainEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'granted' })]);
    expect(gtmRequests[0]).toContain('id=GTM-TESTE12');
    expect(await banner.isVisible()).toBe(false);
    await context.close();
  });

  it('Recusar is remembered, and Preferências de cookies lets the visitor change their mind', async () => {
    const { context, gtmRequests } = await watchedContext();
    const page = await context.newPage();
    await page.goto(`${gtmSite.url}/`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Recusar' }).click();
    await page.reload({ waitUntil: 'networkidle' });
    expect(await page.getByRole('region', { name: 'Sua privacidade' }).isVisible()).toBe(false);
    expect(await dataLayer(page)).toContainEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied' })]);
    expect(gtmRequests).toEqual([]);

    await page.getByRole('button', { name: 'Preferências de cookies' }).click();
    await page.getByRole('button', { name: 'Aceitar' }).click();
    await page.waitForFunction(() => (window.dataLayer ?? []).some((e) => (e as { event?: string }).event === 'gtm.test-loaded'));
    expect(gtmRequests).toHaveLength(1);
    await context.close();
  });

  it('the banner offers Aceitar and Recusar with equal prominence', async () => {
    const { context } = await watchedContext();
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    const boxes = await Promise.all(['Aceitar', 'Recusar'].map((name) => page.getByRole('button', { name }).boundingBox()));
    expect(Math.abs(boxes[0]!.width - boxes[1]!.width)).toBeLessThan(2);
    expect(boxes[0]!.height).toBe(boxes[1]!.height);
    await context.close();
  });
});
