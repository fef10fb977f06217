// The painel on a slow line, made observable without timing anything: the session check is held with
// page.route, and what the page shows and asks for meanwhile is the test. On a browser where someone was
// signed in, the console's frame (its bar's sections, grey shapes, one status line) paints before the session
// answers, and Hoje's figures are asked for beside the session check, not after it. The hint is no key: a
// hint left on a signed-out browser ends on the sign-in, without a "session ended" alert, and is cleared.
// axe is clean on the frame. A meeting opens over Reuniões (its code fetched while the list sat idle) and
// Back finds the list as it was, without reading it again. The page's head starts the session check, Hoje's
// figures and every chunk they need before the island's own code has arrived (early-start.mjs), and the
// island takes those answers instead of asking twice; with no hint it starts nothing.
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { painelPaths } from '../../src/domain/painel/api';
import { numbersPaths } from '../../src/domain/painel/numbers';
import { axeViolations } from './support';
import { PHONE } from './orcamento.fixtures';
import { painelHarness, section, visitorHeaders } from './painel.fixtures';
import { bookThroughApi } from './reuniao.fixtures';

const { h, mentor } = painelHarness();
const HINT_KEY = 'painel:sessao';

/** Holds every GET of the session check until `release` is called. */
async function holdSession(page: Page) {
  const held: Route[] = [];
  let open = false;
  await page.route(`**${painelPaths.session}`, (route) => (open ? route.continue() : void held.push(route)));
  return {
    asked: () => held.length > 0,
    release: async () => {
      open = true;
      await Promise.all(held.map((r) => r.continue()));
    },
  };
}

describe('/painel before the session answers', () => {
  it('paints the console frame and asks for Hoje at once when someone was signed in here', async () => {
    const first = await mentor.page();
    // The sign-in (or the last session check) left the hint.
    expect(await first.evaluate((k) => localStorage.getItem(k), HINT_KEY)).toContain('mentor');
    await first.close();

    const page = await first.context().newPage();
    try {
      const session = await holdSession(page);
      const todayAsked = page.waitForRequest((r) => r.url().endsWith(numbersPaths.today));
      await page.goto(`${h.url}/painel`);
      await expect.poll(session.asked).toBe(true);
      // Hoje's figures were asked for while the session check is still unanswered.
      await todayAsked;
      // The frame: the bar's sections of the mentor, a status for screen readers, no page description.
      const frame = page.getByRole('banner');
      await frame.getByText('Integrações', { exact: true }).waitFor();
      await expect.poll(() => page.getByRole('status').filter({ hasText: 'Carregando o painel…' }).count()).toBe(1);
      expect(await page.getByText('O painel da equipe do Mentor Solar').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);

      await session.release();
      await section(page, 'Hoje').waitFor();
      await page.locator('#painel-secao-today').waitFor();
    } finally {
      await page.close();
    }
  });

  it("starts the session, Hoje and their code from the page's head, each asked once, before the island's code runs", async () => {
    const first = await mentor.page();
    await first.close();
    const page = await first.context().newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    try {
      // About the network: this open goes without the app shell an earlier open registered (which would
      // serve the chunk from its cache, past page.route: painel-shell.test.ts is about the shell).
      await page.goto(`${h.url}/robots.txt`);
      await page.evaluate(async () => {
        for (const registration of await navigator.serviceWorker.getRegistrations()) await registration.unregister();
      });
      asked.length = 0;
      // The island's own chunk is held: whatever leaves meanwhile was asked for by the head's script.
      const held: Route[] = [];
      let open = false;
      await page.route(/\/PainelIsland\.[\w-]+\.js$/, (route) => (open ? route.continue() : void held.push(route)));
      await page.goto(`${h.url}/painel`);
      await expect.poll(() => held.length).toBe(1);
      const started = (pattern: RegExp) => asked.some((path) => pattern.test(path));
      await expect.poll(() => started(/\/ConsoleShell\.[\w-]+\.js$/) && started(/\/TodayScreen\.[\w-]+\.js$/)).toBe(true);
      expect(asked).toContain(painelPaths.session);
      expect(asked).toContain(numbersPaths.today);
      open = true;
      await Promise.all(held.map((r) => r.continue()));
      await section(page, 'Hoje').waitFor();
      await page.locator('section:has(#painel-secao-today) dd').first().waitFor();
      // The island took the head's answers instead of asking again.
      expect(asked.filter((path) => path === painelPaths.session)).toHaveLength(1);
      expect(asked.filter((path) => path === numbersPaths.today)).toHaveLength(1);
    } finally {
      await page.close();
    }
  });

  it('asks for nothing early on a browser where no one was signed in', async () => {
    const context = await h.browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce', extraHTTPHeaders: visitorHeaders() });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    try {
      await page.goto(`${h.url}/painel`);
      await page.getByLabel('E-mail').waitFor();
      expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
      expect(asked).not.toContain(numbersPaths.today);
      expect(asked.some((path) => /\/(ConsoleShell|TodayScreen)\.[\w-]+\.js$/.test(path))).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('a hint left on a signed-out browser ends on the sign-in, without an alert, and is cleared', async () => {
    const context = await h.browser.newContext({ viewport: PHONE, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', reducedMotion: 'reduce', extraHTTPHeaders: visitorHeaders() });
    await context.addInitScript((k) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(k, JSON.stringify({ role: 'mentor', agenda: false }));
        sessionStorage.setItem('seeded', '1');
      }
    }, HINT_KEY);
    const page = await context.newPage();
    try {
      const session = await holdSession(page);
      await page.goto(`${h.url}/painel`);
      await expect.poll(session.asked).toBe(true);
      await page.getByRole('banner').getByText('Integrações', { exact: true }).waitFor();
      await session.release();
      await page.getByLabel('E-mail').waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await page.evaluate((k) => localStorage.getItem(k), HINT_KEY)).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('opens a meeting over the list and Back returns to it without reading it again', async () => {
    const name = `Quatro Gê ${Date.now()}`;
    const { day } = await bookThroughApi(h.url, h.dataDir, `quatro.ge.${Date.now()}@example.com`, { nomeCompleto: name });
    const page = await mentor.page();
    try {
      // The meeting's code arrives while the list sits on screen, before any row is touched.
      const detailCode = page.waitForRequest((r) => /\/MeetingDetail\.[\w-]+\.js$/.test(r.url()));
      // The meeting's day only: the shared site holds other files' meetings too.
      await page.goto(`${h.url}/painel#reunioes&de=${day}&ate=${day}`);
      const row = page.locator('[data-row]:visible', { hasText: name });
      await row.waitFor();
      await detailCode;
      const listReads: string[] = [];
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === painelPaths.meetings) listReads.push(r.url());
      });
      await row.click();
      await page.getByRole('heading', { level: 2, name: `Reunião com ${name}` }).waitFor();
      await page.goBack();
      await row.waitFor();
      expect(await page.getByRole('heading', { level: 2, name: `Reunião com ${name}` }).count()).toBe(0);
      expect(listReads).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
