// /painel as an app with addresses, at 390 px on the real server and database: the mentor's "Novo lead
// pelo site" mail's "Abrir no painel" signs in and then opens that lead; Back and Forward move between
// the list, the lead and its meeting; a reload keeps the place; a tab is an address; an address that
// names nothing says "Não encontrado."; a screen whose code cannot load (offline) offers "Tentar de
// novo"; the console has its own bar, no site header or footer; the period presets. axe clean in each
// new state. The meeting's actions run here too, on the same sign-in (painel-meeting-actions.cases.ts):
// codes are limited per address per hour.
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support';
import { PHONE } from './orcamento.fixtures';
import { bookThroughApi } from './reuniao.fixtures';
import { MENTOR, painelHarness, signedIn } from './painel.fixtures';
import { meetingActionCases } from './painel-meeting-actions.cases';
import { rebookLinkCases } from './painel-rebook-link.cases';
import { meetingFilterCases } from './painel-meeting-filters.cases';

const { h } = painelHarness();
/** The file's one sign-in (codes are limited per address per hour; every browser file signs the mentor in). */
let context: BrowserContext | null = null;

afterAll(async () => {
  await context?.close();
});

async function expectAxeClean(page: Page, state: string) {
  expect(await axeViolations(page), state).toEqual([]);
}

const hashOf = (page: Page) => page.evaluate(() => location.hash);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? '');

describe('/painel: every place has an address', () => {
  it('opens a mailed lead after sign-in; Back, Forward and reload move between the list, the lead and its meeting', async () => {
    const stamp = Date.now();
    const email = `endereco.${stamp}@solarbrasil.com.br`;
    const name = `Natália Endereço ${stamp}`;
    const company = `Endereço Solar ${stamp}`;
    const { meetingId } = await bookThroughApi(h.url, h.dataDir, email, { nomeCompleto: name, nomeEmpresa: company });
    const { rows } = await h.db.query<{ id: string }>('select id from leads where email = $1', [email]);
    const leadId = rows[0].id;

    // The mentor's notice links straight to the lead (ids only in the address). Read as queued: past 10
    // notices an hour to one address (the whole browser run makes more) a notice waits for the quarter-hourly
    // digest instead of going out alone, with the same facts and link.
    await expect.poll(async () => (await h.db.query('select 1 from outbox where kind = $1 and lead_id = $2', ['lead-notification', leadId])).rows.length).toBe(1);
    const { rows: [queued] } = await h.db.query<{ message: { subject: string; text: string; html: string } }>(
      'select message from outbox where kind = $1 and lead_id = $2', ['lead-notification', leadId]);
    const notice = queued.message;
    expect(notice.subject).toBe(`Novo lead pelo site: ${company}`);
    const link = /Abrir no painel: (\S+)/.exec(notice.text)?.[1] ?? '';
    expect(link).toMatch(new RegExp(`/painel#lead=${leadId}$`));
    expect(notice.html).toContain(`href="${link}"`);

    // Locally the link is this server's (npm start without SITE_URL), not the production site's.
    expect(link.startsWith(`${h.url}/painel#`)).toBe(true);
    // Signed out: the mail's address shows the sign-in, then that lead.
    const session = await signedIn(h, MENTOR, PHONE, link.slice(h.url.length));
    context = session.context;
    const page = session.page;
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    try {
      const leadHeading = page.getByRole('heading', { level: 2, name });
      await leadHeading.waitFor();
      expect(await hashOf(page)).toBe(`#lead=${leadId}`);
      // An app: its own bar (name, screens, "Conta" with the role and Sair), no site header, menu or footer.
      const bar = page.getByRole('banner');
      await expect.poll(() => bar.count()).toBe(1);
      expect(await bar.getByRole('heading', { level: 1, name: 'Painel' }).count()).toBe(1);
      await bar.getByRole('button', { name: 'Conta' }).click();
      await bar.getByText('· Mentor').waitFor();
      expect(await bar.getByRole('button', { name: 'Sair', exact: true }).count()).toBe(1);
      expect(await page.getByRole('contentinfo').count()).toBe(0);
      expect(await page.getByRole('link', { name: /Orçamento/ }).count()).toBe(0);
      await expectAxeClean(page, 'lead opened from the mail');
      await page.keyboard.press('Escape');

      // "Voltar" on a place opened directly goes to its list, in place of the entry (not out of the console).
      await page.getByRole('button', { name: 'Voltar' }).click();
      await page.getByRole('heading', { level: 2, name: 'Leads' }).waitFor();
      expect(await hashOf(page)).toBe('#leads');

      // The list → the lead: an address of its own.
      const row = page.locator('[data-row]:visible', { hasText: name });
      await row.click();
      await leadHeading.waitFor();
      expect(await hashOf(page)).toBe(`#lead=${leadId}`);
      // The lead → its meeting.
      await page.getByRole('button', { name: /Consultoria Empresarial ·|Consultoria ·/ }).first().click();
      await page.getByRole('heading', { level: 2, name: `Reunião com ${name}` }).waitFor();
      expect(await hashOf(page)).toBe(`#reuniao=${meetingId}`);
      await expectAxeClean(page, 'meeting by address');

      // Back: the lead; Back: the list, the focus on the row that opened the lead; Forward: the lead.
      await page.goBack();
      await leadHeading.waitFor();
      expect(await hashOf(page)).toBe(`#lead=${leadId}`);
      await page.goBack();
      await expect.poll(() => hashOf(page)).toBe('#leads');
      await row.waitFor();
      await expect.poll(() => focusedText(page)).toContain(name);
      expect(await leadHeading.isVisible()).toBe(false);
      await page.goForward();
      await leadHeading.waitFor();
      expect(await hashOf(page)).toBe(`#lead=${leadId}`);

      // A reload keeps the lead.
      await page.reload();
      await leadHeading.waitFor();
      expect(await hashOf(page)).toBe(`#lead=${leadId}`);

      // A tab is a place: its address survives a reload, and Back returns to the previous tab.
      const nav = page.getByRole('navigation', { name: 'Seções do painel' });
      await nav.getByRole('button', { name: 'Reuniões' }).click();
      await page.getByRole('heading', { level: 2, name: 'Reuniões' }).waitFor();
      expect(await hashOf(page)).toBe('#reunioes');
      await page.getByRole('tab', { name: 'Sem desfecho' }).click();
      expect(await hashOf(page)).toBe('#reunioes&aba=sem-desfecho');
      await page.reload();
      await expect.poll(() => page.getByRole('tab', { name: 'Sem desfecho' }).getAttribute('aria-selected')).toBe('true');
      await page.goBack();
      await expect.poll(() => page.getByRole('tab', { name: 'Próximas' }).getAttribute('aria-selected')).toBe('true');
      expect(await hashOf(page)).toBe('#reunioes');

      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('answers "Não encontrado." for an address that names nothing, and "Tentar de novo" when a screen cannot load', async () => {
    if (!context) throw new Error('the first test signs in');
    const page = await context.newPage();
    try {
      await page.goto(`${h.url}/painel#lead=${crypto.randomUUID()}`);
      await page.getByText('Não encontrado.').first().waitFor();
      // An id that could reach another endpoint never leaves the page.
      const asked: string[] = [];
      page.on('request', (r) => asked.push(new URL(r.url()).pathname));
      await page.evaluate(() => {
        location.hash = '#lead=..%2Fsessao';
      });
      await page.getByRole('heading', { level: 2, name: 'Não encontrado.' }).waitFor();
      // No lead's endpoint and no session call: the list under the place (Leads, mounted with the lead and
      // hidden) may still be reading its first page on a loaded machine, which is no leak.
      expect(asked.filter((p) => p.startsWith('/api/painel/leads/') || p.endsWith('/sessao'))).toEqual([]);
      await expectAxeClean(page, 'not found');

      // Offline (4G gone): Atividade's code cannot load; the connection message, not a blank page.
      await context.setOffline(true);
      await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: 'Atividade' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Não foi possível falar com o servidor. Verifique a conexão e tente de novo.' });
      await alert.waitFor();
      expect(await page.getByRole('navigation', { name: 'Seções do painel' }).isVisible()).toBe(true);
      await expectAxeClean(page, 'screen could not load');
      await context.setOffline(false);
      await alert.getByRole('button', { name: 'Tentar de novo' }).click();
      await page.getByRole('heading', { level: 2, name: 'Atividade' }).waitFor();
      expect(await hashOf(page)).toBe('#atividade');

      // "Período": a preset fills both dates (and the address); "De" after "Até" is said, and not asked.
      await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: 'Reuniões' }).click();
      await page.locator('#painel-secao-meetings').waitFor();
      await page.locator('summary', { hasText: 'Filtros' }).first().click();
      // The preset "Hoje" of the list (the app bar has a screen "Hoje" too).
      await page.getByRole('main').getByRole('button', { name: 'Hoje', exact: true }).click();
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
      await expect.poll(() => hashOf(page)).toBe(`#reunioes&de=${today}&ate=${today}`);
      expect(await page.getByRole('main').getByRole('button', { name: 'Hoje', exact: true }).getAttribute('aria-pressed')).toBe('true');
      const refused: number[] = [];
      page.on('response', (r) => r.url().includes('/api/painel/') && r.status() >= 400 && refused.push(r.status()));
      await page.locator('#reunioes-periodo-de').fill('2099-01-01');
      await page.getByText('A data inicial é depois da final.').waitFor();
      await expectAxeClean(page, 'period refused');
      expect(refused).toEqual([]);
    } finally {
      await context.setOffline(false);
      await page.close();
    }
  });

  // The meeting's actions, on this file's sign-in (painel-meeting-actions.cases.ts).
  meetingActionCases(() => h, () => context);
  // "Enviar link para reagendar" (painel-rebook-link.cases.ts).
  rebookLinkCases(() => h, () => context);
  // Reuniões' filters and totals (painel-meeting-filters.cases.ts).
  meetingFilterCases(() => h, () => context);
});
