// /painel and routing (issue 19), on the real server: a meeting booked through the API shows "Por que este
// consultor?" (rule, tie-break, each candidate and their reason), and a meeting without a stored why says
// so; the mentor sets a weight, caps (first error focused) and equal distribution through Equipe's forms
// and sees them listed, at 390 px; axe (WCAG 2.1 A/AA) clean in each state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { routingCopy } from '../../functions/lib/admin/routing';
import { detailsCopy, whyCopy } from '../../src/domain/scheduling/routing-why';
import { axeViolations } from './support';
import { MENTOR, painelHarness, section } from './painel.fixtures';
import { bookThroughApi } from './reuniao.fixtures';

const ANA = 'ana.souza@consultores.example.com';
const NAME = 'Rita Roteamento';

const { h, mentor } = painelHarness();

// Ana's weight and caps and the team's mode are the worker's site's, for every file after this one.
let before: { presellers: unknown[]; settings: unknown[] };
beforeAll(async () => {
  before = {
    presellers: (await h.db.query('select id, weight, cap_day, cap_week from presellers')).rows,
    settings: (await h.db.query('select count_window, equal_ahead from routing_settings')).rows,
  };
});
afterAll(async () => {
  if (!before) return;
  await h.db.query(`update presellers p set weight = b.weight, cap_day = b.cap_day, cap_week = b.cap_week
    from jsonb_to_recordset($1::text::jsonb) as b(id uuid, weight int, cap_day int, cap_week int) where p.id = b.id`, [JSON.stringify(before.presellers)]);
  const [settings] = before.settings as { count_window: string; equal_ahead: number | null }[];
  if (settings) await h.db.query('update routing_settings set count_window = $1, equal_ahead = $2', [settings.count_window, settings.equal_ahead]);
  else await h.db.query('delete from routing_settings');
});

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Leads → Buscar the lead → its meeting. */
async function openMeeting(page: Page) {
  await section(page, 'Leads').click();
  await page.getByLabel('Buscar').fill(NAME);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect.poll(() => page.locator('[data-row]:visible').count()).toBe(1);
  await page.locator('[data-row]:visible', { hasText: NAME }).click();
  await page.getByRole('button', { name: /Consultoria Empresarial ·|Consultoria ·/ }).first().click();
  await page.getByRole('heading', { name: `Reunião com ${NAME}` }).waitFor();
}

describe('/painel: routing', () => {
  it('a meeting booked through the API shows why its consultant was chosen; one without a stored why says so (390 px)', async () => {
    const { meetingId } = await bookThroughApi(h.url, h.dataDir, 'rita.roteamento@example.com', { nomeCompleto: NAME });
    const { rows } = await h.db.query<{ routing: { decision: { chosen: string; tieBreak: string } } | null; name: string }>(
      'select m.routing, p.name from meetings m join presellers p on p.id = m.preseller_id where m.id = $1', [meetingId]);
    expect(rows[0].routing?.decision.chosen).toBeTruthy();
    const page = await mentor.page();
    try {
      await openMeeting(page);
      const why = page.getByRole('region', { name: whyCopy.title });
      await why.waitFor();
      // One sentence first; the numbers behind "Detalhes" (issue 33).
      await why.getByText(`${rows[0].name} recebeu esta reunião`, { exact: false }).waitFor();
      expect(await why.getByRole('listitem').first().isVisible()).toBe(false);
      await why.getByText(whyCopy.details, { exact: true }).click();
      expect(await why.getByText(whyCopy.rule, { exact: true }).count()).toBe(1);
      expect(await why.getByText(detailsCopy.decided, { exact: true }).count()).toBe(1);
      // Every consultant of the team at booking is a candidate, each with "livre" or a reason, and the chosen
      // one is marked (other test files may have added consultants to the shared database).
      const candidates = (rows[0].routing as unknown as { input: { candidates: unknown[] } }).input.candidates.length;
      expect(candidates).toBeGreaterThanOrEqual(3);
      expect(await why.getByRole('listitem').count()).toBe(candidates);
      await why.getByRole('listitem').filter({ hasText: rows[0].name }).getByText(whyCopy.chosen.toLowerCase(), { exact: true }).waitFor();
      // In words: no ids, no "Replay" (a decision that still replays says nothing more).
      const text = await why.innerText();
      expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}|replay/i);
      expect(text).not.toContain(detailsCopy.differs);
      expect(await axeViolations(page), 'meeting: why').toEqual([]);
      expect(await noHorizontalScroll(page)).toBe(true);

      // As a meeting from before routing was recorded.
      await h.db.query('update meetings set routing = null where id = $1', [meetingId]);
      await page.getByRole('button', { name: 'Voltar' }).first().click();
      await page.getByRole('button', { name: /Consultoria Empresarial ·|Consultoria ·/ }).first().click();
      await page.getByText(whyCopy.before).waitFor();
      expect(await axeViolations(page), 'meeting: no why').toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('the mentor sets a weight, caps and equal distribution in Equipe and sees them listed (390 px, keyboard)', async () => {
    const page = await mentor.page();
    try {
      await section(page, 'Equipe').click();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ana Souza' }) });
      await card.getByText('Peso 100 · sem limite').waitFor();
      await card.getByText('Alterar Ana Souza').focus();
      await page.keyboard.press('Enter');
      // One form at a time: "Distribuição" chosen with the keyboard.
      await card.getByRole('radio', { name: 'Distribuição' }).focus();
      await page.keyboard.press('Space');

      const weight = card.getByLabel('Peso', { exact: true });
      await weight.fill('50');
      await weight.press('Enter');
      await card.getByText(routingCopy.weightSet('Ana Souza', 50)).waitFor();

      // A cap out of range: the error on "Por dia", the focus there, nothing sent.
      const day = card.getByLabel('Por dia');
      await day.fill('99');
      await card.getByRole('button', { name: 'Salvar limites' }).click();
      await expect.poll(() => day.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await day.getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page), 'equipe: cap error').toEqual([]);
      await day.fill('4');
      await card.getByLabel('Por semana').fill('15');
      await card.getByLabel('Por semana').press('Enter');
      await card.getByText(routingCopy.limitSet('Ana Souza', '4', '15')).waitFor();
      await card.getByText('Peso 50 · até 4 por dia e 15 por semana').waitFor();

      // Equal distribution, N out of range first.
      await page.getByLabel('Distribuição igual (ninguém dispara na frente)').check();
      const ahead = page.getByLabel('Máximo de reuniões à frente');
      await ahead.fill('0');
      await page.getByRole('button', { name: 'Salvar modo' }).click();
      await expect.poll(() => ahead.evaluate((el) => el === document.activeElement)).toBe(true);
      await ahead.fill('2');
      await page.getByRole('button', { name: 'Salvar modo' }).click();
      await page.getByText(routingCopy.modeSet(2)).waitFor();
      await page.getByLabel('Por semana (segunda a domingo)').check();
      await page.getByRole('button', { name: 'Salvar período' }).click();
      await page.getByText(routingCopy.windowSet('semana')).waitFor();
      expect(await axeViolations(page), 'equipe: routing set').toEqual([]);
      expect(await noHorizontalScroll(page)).toBe(true);

      // The month's report: this month, the team as cards; the focus on its title.
      await page.getByRole('button', { name: 'Ver relatório' }).click();
      const title = page.getByRole('heading', { name: /^Relatório de \d{2}\/\d{4}/ });
      await expect.poll(() => title.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByRole('region', { name: 'Relatório do mês' }).getByText('Ana Souza', { exact: true }).waitFor();
      await page.getByText(/^Leads: \d+; com reunião: \d+/).waitFor();
      expect(await axeViolations(page), 'equipe: report').toEqual([]);
      // Another month: picked by name from a list (no "AAAA-MM" to type), the report follows it.
      const month = page.getByRole('region', { name: 'Relatório do mês' }).getByLabel('Mês', { exact: true });
      expect(await month.evaluate((el) => el.tagName)).toBe('SELECT');
      const previous = await month.locator('option').nth(1).getAttribute('value');
      expect(await month.locator('option').nth(1).innerText()).toMatch(/^[a-zç]+ de \d{4}$/);
      await month.selectOption(previous!);
      await page.getByRole('button', { name: 'Ver relatório' }).click();
      await page.getByRole('heading', { name: new RegExp(`^Relatório de ${previous!.slice(5)}/${previous!.slice(0, 4)}`) }).waitFor();
      expect(await noHorizontalScroll(page)).toBe(true);
      await section(page, 'Atividade').click();
      await page.getByText('Equipe: alterou peso na distribuição').first().waitFor();
      // Who, by name, and the weight before → after.
      await page.getByRole('region', { name: 'Atividade' }).getByText(/· Ana Souza: \d+ → 50$/).first().waitFor();

      const { rows } = await h.db.query<{ weight: number; cap_day: number; cap_week: number; count_window: string; equal_ahead: number; updated_by: string }>(
        `select p.weight, p.cap_day, p.cap_week, s.count_window, s.equal_ahead, s.updated_by from presellers p, routing_settings s where p.email = $1`, [ANA]);
      expect(rows).toEqual([{ weight: 50, cap_day: 4, cap_week: 15, count_window: 'semana', equal_ahead: 2, updated_by: MENTOR }]);
    } finally {
      await page.close();
    }
  });
});
