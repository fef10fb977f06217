// The painel's app shell (public/painel-sw.js), in Chromium against the built site. A return visit's page and
// code come from the shell's cache while the API still goes to the network, and the cache holds nothing but
// the page and /_astro/ files. A stale hint on a signed-out browser still ends on the sign-in, served by the
// shell. A new deploy replaces the set only when the whole of it could be fetched: one file missing and the
// phone keeps the old page; once it is there the new page is served, the old set kept for pages still open.
// The deploys are a copy of dist/ served by a server of its own (static only), changed between visits.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { startServer } from '../../scripts/server/server.mjs';
import { painelPaths } from '../../src/domain/painel/api';
import { PHONE } from './orcamento.fixtures';
import { painelHarness, section, visitorHeaders } from './painel.fixtures';

const { h, mentor } = painelHarness();
const HINT_KEY = 'painel:sessao';
const root = new URL('../../', import.meta.url).pathname;

/** Resolves once the page's shell is active, with its state ('activated', or what stopped it). */
const shellActivated = (page: Page) =>
  page.evaluate(async () => {
    const { active } = await navigator.serviceWorker.ready;
    if (active!.state === 'activated') return 'activated';
    return new Promise<string>((done) => active!.addEventListener('statechange', () => active!.state !== 'activating' && done(active!.state)));
  });

/** Asks the browser to look for a new shell now; resolves with what became of the new worker. */
const updateShell = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.getRegistration('/painel'))!;
    const found = new Promise<ServiceWorker>((done) => registration.addEventListener('updatefound', () => done(registration.installing!), { once: true }));
    await registration.update().catch(() => {});
    const worker = await found;
    const settled = () => worker.state === 'redundant' || worker.state === 'activated';
    if (settled()) return worker.state;
    return new Promise<string>((done) => worker.addEventListener('statechange', () => settled() && done(worker.state)));
  });

/** Every cache of the page's origin and the paths it holds. */
const cached = (page: Page) =>
  page.evaluate(async () => {
    const all: Record<string, string[]> = {};
    for (const name of await caches.keys()) all[name] = (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
    return all;
  });

function hinted(url: string): Promise<BrowserContext> {
  return h.browser.newContext({ baseURL: url, viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce', extraHTTPHeaders: visitorHeaders() }).then(async (context) => {
    // Someone was signed in here once (the shell registers only then: at the page's load where the first
    // place is not Hoje, which registers it once its figures show).
    await context.addInitScript((k) => localStorage.getItem(k) ?? localStorage.setItem(k, JSON.stringify({ role: 'mentor', agenda: false })), HINT_KEY);
    return context;
  });
}

describe('the painel app shell', () => {
  it('serves a return visit from its cache, the API from the network, and keeps nothing else', async () => {
    // The page that signed in had no hint when it loaded: the shell registers from the next open on.
    const signedIn = await mentor.page();
    const first = await signedIn.context().newPage();
    await signedIn.close();
    await first.goto(`${h.url}/painel`);
    expect(await shellActivated(first)).toBe('activated');
    const page = await first.context().newPage();
    await first.close();
    const answers: Response[] = [];
    page.on('response', (r) => answers.push(r));
    // Which of the worker's static routes answered each request (Chrome's own record, by path): the page and
    // the code from the cache without starting the worker, the API from the network.
    const routes = new Map<string, string>();
    const cdp = await page.context().newCDPSession(page);
    cdp.on('Network.responseReceived', ({ response }) => {
      const info = (response as { serviceWorkerRouterInfo?: { actualSourceType?: string } }).serviceWorkerRouterInfo;
      routes.set(new URL(response.url).pathname, info?.actualSourceType ?? 'no route');
    });
    await cdp.send('Network.enable');
    try {
      const navigation = await page.goto(`${h.url}/painel`);
      expect(navigation!.fromServiceWorker()).toBe(true);
      await section(page, 'Hoje').waitFor();
      await page.locator('section:has(#painel-secao-today) dd').first().waitFor();
      const path = (r: Response) => new URL(r.url()).pathname;
      const code = answers.filter((r) => path(r).startsWith('/_astro/'));
      const api = answers.filter((r) => path(r).startsWith('/api/'));
      expect(code.length).toBeGreaterThan(0);
      expect(code.filter((r) => !r.fromServiceWorker()).map(path)).toEqual([]);
      expect(api.map(path)).toContain(painelPaths.session);
      expect(api.filter((r) => r.fromServiceWorker()).map(path)).toEqual([]);
      // Polled: this session's record of an answer may come just after Playwright's.
      await expect.poll(() => routes.get('/painel')).toBe('cache');
      await expect.poll(() => code.map(path).filter((p) => routes.get(p) !== 'cache')).toEqual([]);
      await expect.poll(() => api.map(path).filter((p) => routes.get(p) !== 'network')).toEqual([]);
      const caches = await cached(page);
      expect(Object.keys(caches)).toHaveLength(1);
      expect(Object.values(caches).flat().filter((p) => p !== '/painel' && !p.startsWith('/_astro/'))).toEqual([]);
      expect(Object.values(caches).flat()).toContain('/painel');
    } finally {
      await page.close();
    }
  });

  it('still ends a stale hint on the sign-in when the page comes from the shell', async () => {
    const context = await hinted(h.url);
    try {
      const first = await context.newPage();
      await first.goto('/painel#reunioes');
      await first.getByLabel('E-mail').waitFor();
      expect(await shellActivated(first)).toBe('activated');
      await first.close();
      const page = await context.newPage();
      const navigation = await page.goto('/painel');
      expect(navigation!.fromServiceWorker()).toBe(true);
      await page.getByLabel('E-mail').waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  describe('a new deploy', () => {
    let dir = '';
    let server: { url: string; close: () => Promise<void> } | undefined;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'painel-shell-'));
      // The site without the editor (15 MB of it), which the shell never touches.
      await cp(join(root, 'dist'), join(dir, 'dist'), { recursive: true, filter: (src) => !src.includes('/dist/admin') });
      await cp(join(root, 'netlify.toml'), join(dir, 'netlify.toml'));
      server = await startServer({ port: 0, root: dir, functionModules: [], rateLimits: false });
    });
    afterAll(async () => {
      await server?.close();
      await rm(dir, { recursive: true, force: true });
    });

    /** Deploy B: a page that says so and one more file in its set, which `withFile` decides to publish. */
    async function deployB() {
      const page = join(dir, 'dist/painel.html');
      await writeFile(page, (await readFile(page, 'utf8')).replace('<head>', '<head><meta name="deploy" content="B">'));
      const worker = join(dir, 'dist/painel-sw.js');
      await writeFile(worker, (await readFile(worker, 'utf8')).replace(/"version":"\w+","page":"\/painel","files":\[/, '"version":"b","page":"/painel","files":["/_astro/deploy-b.js",'));
    }

    it('is served only once its whole set is on the phone, and the set before stays', async () => {
      const context = await hinted(server!.url);
      try {
        const first = await context.newPage();
        await first.goto('/painel#reunioes');
        expect(await shellActivated(first)).toBe('activated');
        const [before] = Object.keys(await cached(first));

        await deployB();
        // One file of the new set cannot be fetched: the new shell never takes over, its cache is dropped.
        expect(await updateShell(first)).toBe('redundant');
        expect(Object.keys(await cached(first))).toEqual([before]);
        const stale = await context.newPage();
        expect((await stale.goto('/painel'))!.fromServiceWorker()).toBe(true);
        expect(await stale.locator('meta[name="deploy"]').count()).toBe(0);
        await stale.close();

        await writeFile(join(dir, 'dist/_astro/deploy-b.js'), 'export {};\n');
        expect(await updateShell(first)).toBe('activated');
        expect(Object.keys(await cached(first))).toEqual([before, 'painel-shell-b']);
        const fresh = await context.newPage();
        expect((await fresh.goto('/painel'))!.fromServiceWorker()).toBe(true);
        expect(await fresh.locator('meta[name="deploy"]').getAttribute('content')).toBe('B');
      } finally {
        await context.close();
      }
    });
  });
});
