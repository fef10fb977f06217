// "Qual campanha paga" in Números at 390 px on the real server and database: a campaign with a qualified lead,
// a won deal and two days of imported spend (a platform campaign mapped to the lead's utm value) shows its
// spend, CPL, custo por qualificada and ROAS; "Exportar CSV" parses back to the screen's cells. axe clean; the
// table scrolls inside its card, never the page. (Recording the deal and importing the files through their own
// screens: painel-deals.test.ts and painel-spend.test.ts; a consultant's view: campaign-money.test.ts.)
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { campaignMoneyCopy } from '../../src/domain/painel/campaign-money';
import { axeViolations } from './support';
import { MENTOR, painelHarness } from './painel.fixtures';
import { keepSpendAsFound } from './spend.fixtures';

const { h, mentor } = painelHarness();
keepSpendAsFound(() => h.db, MENTOR);

const PERIOD = '#numeros&periodo=personalizado&de=2026-11-01&ate=2026-11-30';
const screenTable = (page: Page, id: string) => page.locator(`#${id}`).evaluate((table) =>
  [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').replace(/\u00A0/g, ' '))));

/** Early November 2026: one lead of `campaign`, met and qualified, a deal won on it; spend on two days, mapped. */
async function history(campaign: string, stamp: number) {
  const touch = JSON.stringify({ utm_source: 'facebook', utm_medium: 'paid', utm_campaign: campaign, landing_path: '/' });
  const { rows: [consultant] } = await h.db.query<{ id: string; email: string }>('select id, email from presellers where active order by created_at limit 1');
  const { rows: [lead] } = await h.db.query<{ id: string }>(
    `insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
       segmento, modelo_negocio, origem, consent_at, privacy_policy_version, first_touch, last_touch, servico, routing_kind)
     values ('2026-11-04T13:00:00Z', $1, 'Lead Receita', $2, '11987654321', 'Empresa Receita', '11222333000181', 'ceo-proprietario', '100-500', '1-2',
       'energia-solar', 'b2b', 'site', '2026-11-04T13:00:00Z', 'v1', $3::text::jsonb, $3::text::jsonb, 'trafego', 'team') returning id`,
    [`money-${stamp}`, `money.${stamp}@exemplo.com.br`, touch]);
  const { rows: [meeting] } = await h.db.query<{ id: string }>(
    `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, booked_at, created_at, time_set_at)
     values ($1, $2, '2026-11-05T13:00:00Z', '2026-11-05T13:30:00Z', 'trafego', 50, $3, '2026-11-04T13:05:00Z', '2026-11-04T13:05:00Z', '2026-11-04T13:05:00Z') returning id`,
    [lead.id, consultant.id, `money-m-${stamp}`]);
  await h.db.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by, recorded_at) values ($1, 'attended', true, $2, '2026-11-05T14:00:00Z')`, [meeting.id, MENTOR]);
  await h.db.query(`insert into deals (lead_id, created_by, preseller_id, stage, value_cents, billing, won_at, created_at, updated_at)
    values ($1, $2, $3, 'ganho', 1200000, 'avulso', '2026-11-06T15:00:00Z', '2026-11-05T15:00:00Z', '2026-11-06T15:00:00Z')`, [lead.id, MENTOR, consultant.id]);
  const platformCampaign = `[Leads] ${campaign}`;
  const { rows: [imp] } = await h.db.query<{ id: string }>(`insert into spend_imports (platform, file_name, file_sha256, row_count, first_day, last_day, total_cents, imported_by, imported_at)
    values ('meta', 'meta.csv', encode(sha256(convert_to($1, 'UTF8')), 'hex'), 2, '2026-11-03', '2026-11-04', 323456, $2, now()) returning id`, [platformCampaign, MENTOR]);
  for (const [day, cents] of [['2026-11-03', 123_456], ['2026-11-04', 200_000]] as const) {
    await h.db.query(`insert into ad_spend_rows (import_id, platform, campaign, day, spend_cents) values ($1, 'meta', $2, $3, $4)`, [imp.id, platformCampaign, day, cents]);
    await h.db.query(`insert into ad_spend (platform, campaign, day, spend_cents, import_id) values ('meta', $1, $2, $3, $4)`, [platformCampaign, day, cents, imp.id]);
  }
  await h.db.query(`insert into campaign_map (platform, campaign, utm_campaign, updated_by, updated_at) values ('meta', $1, $2, $3, now())`, [platformCampaign, campaign, MENTOR]);
}

describe('/painel Qual campanha paga', () => {
  it('shows a campaign\'s spend, cost per qualified meeting and ROAS, and exports them as the screen shows them', async () => {
    const stamp = Date.now();
    const campaign = `receita-${stamp}`;
    await history(campaign, stamp);
    const page = await mentor.page();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    try {
      await page.evaluate((hash) => void (location.hash = hash), PERIOD);
      const table = page.locator('#numeros-campanhas');
      await table.waitFor({ timeout: 30_000 });
      await page.getByText(campaignMoneyCopy.note).waitFor();
      const row = async () => (await screenTable(page, 'numeros-campanhas')).find((r) => r[0] === campaign);
      await expect.poll(row).toBeDefined();
      const cells = (await row())!;
      const header = (await screenTable(page, 'numeros-campanhas'))[0];
      const cell = (name: string) => cells[header.indexOf(name)];
      expect([cell('Gasto'), cell('Leads'), cell('CPL'), cell('Qualificados'), cell('Custo por qualificada'), cell('Ganhos'), cell('Receita'), cell('ROAS')])
        .toEqual(['R$ 3.234,56', '1', 'R$ 3.234,56', '1', 'R$ 3.234,56', '1', 'R$ 12.000,00', '3,7×']);
      expect((await screenTable(page, 'numeros-campanhas')).at(-1)![0]).toBe(campaignMoneyCopy.total);
      expect(await axeViolations(page), 'qual campanha paga').toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      const shown = await screenTable(page, 'numeros-campanhas');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('link', { name: `Exportar CSV de ${campaignMoneyCopy.title}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('qual-campanha-paga-primeiro-toque-2026-11-01-a-2026-11-30.csv');
      const parsed = parse((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''), { delimiter: ';', relax_column_count: true }) as string[][];
      // The file: the screen's table (money with its no-break space as Intl writes it), a blank line, the consultants'.
      expect(parsed.slice(0, shown.length).map((r) => r.map((c) => c.replace(/\u00A0/g, ' ')))).toEqual(shown);

      // "Este ano": this year so far against the same number of days before it, the money table with it.
      const asked: string[] = [];
      page.on('request', (r) => r.url().includes('/api/painel/numeros/campanhas') && asked.push(new URL(r.url()).search));
      await page.getByRole('radio', { name: 'Este ano' }).check();
      await expect.poll(() => page.evaluate(() => location.hash)).toContain('periodo=ano');
      await expect.poll(() => asked.some((q) => q.includes('periodo=ano'))).toBe(true);
      await page.locator('#numeros-campanhas').waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await axeViolations(page), 'este ano').toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
