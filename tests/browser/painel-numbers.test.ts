// Hoje and Números at 390 px on the real server and database (issue 34's "Done when"): the mentor opens
// Hoje (the first screen), follows "Sem desfecho" to the list, opens Números, picks "Mês passado",
// switches first/last touch, exports "Por origem" and the file parses back to the screen's numbers.
// axe clean in each state; tables scroll inside their card, never the page.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support';
import { PHONE, startHarness, type Harness } from './orcamento.fixtures';
import { signedIn } from './painel.fixtures';
import { periodMessages } from '../../src/domain/painel/numbers';

const MENTOR = 'contato@mentorsolar.com.br';
let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const hashOf = (page: Page) => page.evaluate(() => location.hash);
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Last month: three leads from two campaigns (first ≠ last touch), one met and qualified; yesterday: a meeting
 * without an outcome, its lead two days old in a campaign of its own (on the 1st or 2nd of a month that is last
 * month too); today: one more lead in the first campaign, so the last 30 days' table never shows last month's count.
 */
async function history(stamp: number): Promise<void> {
  const { rows: [consultant] } = await h.db.query<{ id: string }>('select id from presellers where active order by created_at limit 1');
  const touch = (source: string, campaign: string) => JSON.stringify({ utm_source: source, utm_medium: 'cpc', utm_campaign: campaign, landing_path: '/' });
  const lead = async (i: number, at: string, first: string, last: string) => (await h.db.query<{ id: string }>(
    `insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
       segmento, modelo_negocio, origem, consent_at, privacy_policy_version, first_touch, last_touch, servico, routing_kind)
     values (${at}, $1, 'Lead Números', $2, '11987654321', 'Empresa Números', '11222333000181', 'ceo-proprietario', '100-500', '1-2',
       'energia-solar', 'b2b', 'site', now(), 'v1', $3::text::jsonb, $4::text::jsonb, 'trafego', 'team') returning id`,
    [`numeros-${stamp}-${i}`, `numeros.${stamp}.${i}@exemplo.com.br`, first, last])).rows[0].id;
  const lastMonth = `(date_trunc('month', now() at time zone 'America/Sao_Paulo') - interval '20 days') at time zone 'America/Sao_Paulo'`;
  const met = await lead(1, lastMonth, touch('google', `verao-${stamp}`), touch('facebook', `inverno-${stamp}`));
  await lead(2, lastMonth, touch('google', `verao-${stamp}`), touch('google', `verao-${stamp}`));
  await lead(3, lastMonth, touch('facebook', `inverno-${stamp}`), touch('facebook', `inverno-${stamp}`));
  const { rows: [meeting] } = await h.db.query<{ id: string }>(
    `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, booked_at, created_at, time_set_at)
     values ($1, $2, ${lastMonth} + interval '3 days 2 minutes', ${lastMonth} + interval '3 days 32 minutes', 'trafego', 50, $3, ${lastMonth} + interval '1 hour', ${lastMonth}, ${lastMonth}) returning id`,
    [met, consultant.id, `numeros-m-${stamp}`]);
  await h.db.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by) values ($1, 'attended', true, $2)`, [meeting.id, MENTOR]);
  const yesterday = `((date_trunc('day', now() at time zone 'America/Sao_Paulo') - interval '1 day' + interval '6 hours 7 minutes') at time zone 'America/Sao_Paulo')`;
  const pending = await lead(4, `${yesterday} - interval '1 day'`, touch('google', `pendente-${stamp}`), touch('google', `pendente-${stamp}`));
  await lead(5, 'now()', touch('google', `verao-${stamp}`), touch('google', `verao-${stamp}`));
  await h.db.query(
    `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, booked_at, created_at, time_set_at)
     values ($1, $2, ${yesterday}, ${yesterday} + interval '30 minutes', 'trafego', 50, $3, ${yesterday} - interval '1 day', ${yesterday} - interval '1 day', ${yesterday} - interval '1 day')`,
    [pending, consultant.id, `numeros-p-${stamp}`]);
}

/** The cells of a table as the screen shows them (header row first). */
const screenTable = (page: Page, id: string) => page.locator(`#${id}`).evaluate((table) =>
  [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));

describe('/painel Hoje and Números', () => {
  it('Hoje → "Sem desfecho"; Números: "Mês passado", first/last touch, "Por origem" exported as the screen shows it', async () => {
    const stamp = Date.now();
    await history(stamp);
    const { context, page } = await signedIn(h, MENTOR, PHONE);
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    try {
      // Hoje is the first screen.
      await page.getByRole('heading', { level: 2, name: 'Hoje' }).waitFor();
      expect(await hashOf(page)).toBe('#hoje');
      const yesterday = page.getByRole('region', { name: /^Ontem/ });
      const pending = yesterday.getByRole('link', { name: /^Sem desfecho \(ontem\): [1-9]/ });
      await pending.waitFor();
      expect(await axeViolations(page), 'hoje').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);

      await pending.click();
      await expect.poll(() => page.getByRole('tab', { name: 'Sem desfecho' }).getAttribute('aria-selected')).toBe('true');
      expect(await hashOf(page)).toMatch(/^#reunioes&aba=sem-desfecho&de=\d{4}-\d{2}-\d{2}&ate=\d{4}-\d{2}-\d{2}$/);
      await page.locator('[data-row]:visible', { hasText: 'Lead Números' }).first().waitFor();
      // Back: Hoje again.
      await page.goBack();
      await page.getByRole('heading', { level: 2, name: 'Hoje' }).waitFor();

      await page.getByRole('navigation', { name: 'Seções do painel' }).getByRole('button', { name: 'Números' }).click();
      await page.getByRole('heading', { level: 2, name: 'Números' }).waitFor();
      await page.getByRole('radio', { name: 'Mês passado' }).check();
      await expect.poll(() => hashOf(page)).toContain('periodo=mes-passado');
      // Polled: the last 30 days' table stays on screen until last month's arrives, and it has this row too
      // with another count (today's lead 5: 1, or 3 until the 10th, when leads 1 and 2 are 30 days old or less).
      const row = (table: string[][], label: string) => table.find((r) => r[0] === label);
      // The key columns first: the campaign, then what it brought (qualified, attended, their rates).
      const header = (await screenTable(page, 'numeros-origem'))[0];
      expect(header.slice(0, 6)).toEqual(['Origem / mídia / campanha', 'Qualificados', 'Compareceram', 'Taxa de qualificação', 'Taxa de comparecimento', 'Qualificados por lead']);
      const leadsColumn = header.indexOf('Leads');
      await expect.poll(async () => row(await screenTable(page, 'numeros-origem'), `google / cpc / verao-${stamp}`)?.[leadsColumn]).toBe('2');
      expect(await axeViolations(page), 'números, mês passado').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);

      // The last touch: the met lead moves to facebook's campaign.
      await page.getByRole('radio', { name: 'Último toque' }).check();
      await expect.poll(() => hashOf(page)).toContain('toque=ultimo');
      await expect.poll(async () => row(await screenTable(page, 'numeros-origem'), `facebook / cpc / inverno-${stamp}`)?.[leadsColumn]).toBe('2');
      expect(await axeViolations(page), 'último toque').toEqual([]);

      // Sorted by Qualificados, largest first, said to a screen reader; the key columns fit a 390 px phone.
      const origin = page.locator('#numeros-origem');
      const sortedBy = () => origin.locator('th[aria-sort]').evaluateAll((ths) => ths.map((th) => `${th.textContent} ${th.getAttribute('aria-sort')}`));
      expect(await sortedBy()).toEqual(['Qualificados descending']);
      const count = (cell: string) => Number(cell.replace(/\./g, ''));
      const column = async (i: number) => (await screenTable(page, 'numeros-origem')).slice(1).map((r) => count(r[i]));
      const qualified = await column(1);
      expect(qualified).toEqual([...qualified].sort((a, b) => b - a));
      for (const name of ['Origem / mídia / campanha', 'Qualificados', 'Compareceram']) {
        const box = (await origin.getByRole('columnheader', { name, exact: true }).boundingBox())!;
        expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
      }
      // Another column: largest first; pressed again, smallest first.
      await origin.getByRole('button', { name: 'Leads', exact: true }).click();
      await expect.poll(sortedBy).toEqual(['Leads descending']);
      const leads = await column(leadsColumn);
      expect(leads).toEqual([...leads].sort((a, b) => b - a));
      await origin.getByRole('button', { name: 'Leads', exact: true }).click();
      await expect.poll(sortedBy).toEqual(['Leads ascending']);
      const ascending = await column(leadsColumn);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      expect(await axeViolations(page), 'por origem, ordenada por leads').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);
      // The export below lists the rows in this order too.
      const shown = await screenTable(page, 'numeros-origem');

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV de Por origem' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^numeros-origem-ultimo-toque-\d{4}-\d{2}-01-a-\d{4}-\d{2}-\d{2}\.csv$/);
      const file = await readFile((await download.path())!, 'utf8');
      const parsed = parse(file.replace(/^\uFEFF/, ''), { delimiter: ';' }) as string[][];
      // Counts are plain in the file ("1234") and pt-BR on the screen ("1.234"); every other cell is the same text.
      expect(parsed.map((r) => r.map((c) => c.replace(/^'/, '')))).toEqual(shown.map((r) => r.map((c) => c.replace(/(\d)\.(\d{3})/g, '$1$2'))));

      // "Personalizado" with the end before the start: said at its field, which takes the focus; nothing asked.
      const refused: number[] = [];
      page.on('response', (r) => r.url().includes('/api/painel/') && r.status() >= 400 && refused.push(r.status()));
      await page.getByRole('radio', { name: 'Personalizado' }).check();
      await page.locator('#numeros-de').fill('2026-10-31');
      await page.locator('#numeros-ate').fill('2026-10-01');
      await page.getByRole('button', { name: 'Aplicar' }).click();
      await page.getByText(periodMessages.order).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('numeros-de');
      expect(await axeViolations(page), 'período invertido').toEqual([]);
      expect(refused).toEqual([]);
      // An edited address asking for ten years: the reason in pt-BR, not a broken screen.
      await page.evaluate(() => {
        location.hash = '#numeros&periodo=personalizado&de=2016-01-01&ate=2026-01-01';
      });
      await page.getByRole('alert').filter({ hasText: periodMessages.tooLong }).waitFor();
      expect(await axeViolations(page), 'dez anos').toEqual([]);
      // An address with a campaign value and a period the screen does not know: the defaults (30 days), no error.
      const refusedBefore = refused.length; // the ten years' 400
      await page.evaluate(() => {
        location.hash = '#numeros&periodo=ano-todo&campanha=%3Cinverno%3E&utm_campaign=nada&toque=meio';
      });
      await expect.poll(() => page.getByRole('radio', { name: 'Últimos 30 dias' }).isChecked()).toBe(true);
      await expect.poll(() => page.getByRole('radio', { name: 'Primeiro toque' }).isChecked()).toBe(true);
      await page.locator('#numeros-origem').waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(refused.length).toBe(refusedBefore);
      expect(await axeViolations(page), 'campanha desconhecida').toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
