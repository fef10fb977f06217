// The painel on a 390 × 844 phone, the parts that cost room or taps: the app bar (a budget in px: the
// layout is deterministic), the account menu (a disclosure: keyboard, Escape, focus back), "Por origem"
// (key columns first, sorted by Qualificados, aria-sort) and meeting rows that are links.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support';
import { painelHarness, section } from './painel.fixtures';
import { bookThroughApi } from './reuniao.fixtures';
import { chromeTab } from './chrome-tab';

/** The bar's height at 390 × 844 (before: 250 px with "Sair", "Sair de todos os aparelhos" and the screens on 3 rows). */
const HEADER_BUDGET_PX = 120;

const { h, mentor } = painelHarness();

const focusedName = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? null);
const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('/painel on a phone', () => {
  it('the app bar fits its budget: the screens on one row, the account actions behind "Conta"', async () => {
    const page = await mentor.page();
    try {
      const bar = page.getByRole('banner');
      const height = (await bar.boundingBox())!.height;
      console.info(`painel header at 390x844: ${height} px`);
      expect(height).toBeLessThanOrEqual(HEADER_BUDGET_PX);
      // One row of screens (it scrolls sideways), the page itself never wider than the phone.
      const tops = await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
      expect(tops.length).toBe(8);
      expect(new Set(tops).size).toBe(1);
      expect(await noHorizontalScroll(page)).toBe(true);
      // The last screen is reachable (scrolled into view when chosen).
      await section(page, 'Atividade').click();
      await page.getByRole('heading', { name: 'Atividade' }).waitFor();
      await expect.poll(() => section(page, 'Atividade').evaluate((b) => {
        const r = b.getBoundingClientRect();
        return r.left >= 0 && r.right <= window.innerWidth;
      })).toBe(true);

      // The account menu: closed, its actions out of the way.
      const account = bar.getByRole('button', { name: 'Conta' });
      expect(await account.getAttribute('aria-expanded')).toBe('false');
      expect(await bar.getByRole('button', { name: 'Sair', exact: true }).count()).toBe(0);
      // Keyboard: Enter opens, Tab reaches "Sair", Escape closes and the focus is back on "Conta".
      await account.focus();
      await page.keyboard.press('Enter');
      expect(await account.getAttribute('aria-expanded')).toBe('true');
      await bar.getByText('· Mentor').waitFor();
      expect(await axeViolations(page), 'account menu open').toEqual([]);
      await page.keyboard.press('Tab');
      expect(await focusedName(page)).toBe('Sair');
      await page.keyboard.press('Escape');
      expect(await account.getAttribute('aria-expanded')).toBe('false');
      expect(await focusedName(page)).toMatch(/^Conta/);
      expect(await bar.getByRole('button', { name: 'Sair', exact: true }).count()).toBe(0);

      // "Sair de todos os aparelhos" asks first; "Cancelar" keeps the session and gives the focus back.
      await account.click();
      await bar.getByRole('button', { name: 'Sair de todos os aparelhos' }).click();
      const ask = bar.getByRole('group', { name: 'Encerrar o painel em todos os aparelhos, inclusive neste?' });
      await ask.waitFor();
      expect(await focusedName(page)).toBe('Sim, sair de todos');
      expect(await axeViolations(page), 'asking before signing out everywhere').toEqual([]);
      await ask.getByRole('button', { name: 'Cancelar' }).click();
      await expect.poll(() => focusedName(page)).toBe('Sair de todos os aparelhos');
      // A tap elsewhere closes the menu.
      await page.mouse.click(5, 700);
      await expect.poll(() => account.getAttribute('aria-expanded')).toBe('false');
    } finally {
      await page.close();
    }
  });

  it('a meeting row is a link to the meeting: a plain click opens it in the console, Ctrl+click in a new tab', async () => {
    const name = `Lead Link ${Date.now()}`;
    const { meetingId } = await bookThroughApi(h.url, h.dataDir, `link.${Date.now()}@exemplo.com.br`, { nomeCompleto: name });
    const page = await mentor.page();
    try {
      await section(page, 'Reuniões').click();
      const row = page.locator('[data-row]:visible', { hasText: name });
      await row.waitFor();
      expect(await row.evaluate((el) => el.tagName)).toBe('A');
      expect(await row.getAttribute('href')).toBe(`#reuniao=${meetingId}`);
      const heading = page.getByRole('heading', { level: 2, name: `Reunião com ${name}` });

      // Ctrl+click: the browser's own new tab, on the meeting's address, showing the meeting; this page stays
      // on the list. The tab is read from Chrome's target list (chromeTab says why not Playwright's Page).
      await row.click({ modifiers: ['ControlOrMeta'] });
      const tab = await chromeTab(page.context().browser()!, (url) => URL.canParse(url) && new URL(url).hash === `#reuniao=${meetingId}`);
      try {
        const shown = `[...document.querySelectorAll('h2')].some((h) => h.checkVisibility() && h.textContent === ${JSON.stringify(`Reunião com ${name}`)})`;
        await expect.poll(() => tab.evaluate<boolean>(shown), { timeout: 60_000 }).toBe(true);
      } finally {
        await tab.close();
      }
      expect(await page.evaluate(() => location.hash)).toMatch(/^#reunioes/);

      // A plain click: the console opens it (its own history entry); Back returns to the row, focused.
      await row.click();
      await heading.waitFor();
      expect(await page.evaluate(() => location.hash)).toBe(`#reuniao=${meetingId}`);
      await page.goBack();
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLAnchorElement | null)?.getAttribute('href'))).toBe(`#reuniao=${meetingId}`);
      expect(await axeViolations(page), 'meeting rows as links').toEqual([]);
    } finally {
      await page.close();
    }
  });
});
