// "Which campaign pays", walked through the screens as the mentor at 390 px on the real server and database:
// on a lead whose first touch is the campaign (met and qualified) a proposal is recorded and moved to Ganho;
// a Meta and a Google export go in through the file input; one campaign of each platform is mapped to the
// leads' utm value; Números for "Este ano" shows that campaign's Gasto, Custo por qualificada and ROAS as the
// files and the deal make them, and "Exportar CSV" parses back to the screen's table. The keyboard wherever a
// person presses something; axe clean in each new state. Then a consultant: the same campaign without any
// spend figure, and no import or campaign map to use.
// The platform exports are the fixtures moved to days of this year (the app's clock is the real one) and to
// campaign names of this run, so what the table sums is only what this test imported, whichever files ran
// before it on the shared site; afterAll takes the imports and mappings away again (painel-spend.test.ts
// starts from "Nenhuma importação ainda.").
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { campaignMoneyCopy } from '../../src/domain/painel/campaign-money';
import { dealCopy } from '../../src/domain/painel/deals';
import { spendCopy } from '../../src/domain/painel/spend';
import { PHONE } from './orcamento.fixtures';
import { MENTOR, painelHarness, section, signedIn } from './painel.fixtures';
import { rewrittenSpendExport } from './spend.fixtures';
import { axeViolations } from './support';

const { h, mentor } = painelHarness();

const CONSULTANT = 'carla.mendes@consultores.example.com';
const TZ = 'America/Sao_Paulo';
const stamp = Date.now();
const UTM = `caminho-${stamp}`;
const LEAD_NAME = `Lia Caminho ${stamp}`;

// The fixtures' days, and the one campaign of each file this test maps with its spend there (cents per day).
const FILE_DAYS = ['2026-11-03', '2026-11-04', '2026-11-05'] as const;
const META = { file: 'meta-pt-BR.csv', campaign: '[Leads] Integradores SP - Formulário', spend: { '2026-11-03': 123_456, '2026-11-04': 200_000 } };
const GOOGLE = { file: 'google-pt-BR.csv', campaign: 'Pesquisa - Energia Solar SP', spend: { '2026-11-03': 123_456, '2026-11-04': 98_765 } };
const renamed = (campaign: string) => `${campaign} ${stamp}`;
const DEAL = { typed: '12.000,00', cents: 1_200_000 };

// Dates are the mentor's calendar days (Brasília), as "Este ano" counts them.
const dayIn = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const br = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const today = dayIn(new Date());
const yearStart = `${today.slice(0, 4)}-01-01`;
// A few days back, never before 1 January: the files' three days become `first` and the two after it.
const first = addDays(today, -4) < yearStart ? yearStart : addDays(today, -4);
const days: Record<string, string> = Object.fromEntries(FILE_DAYS.map((d, i) => [d, addDays(first, i)]));

// What the screen must say, worked out here from the files and the deal (not by the app's own functions).
const brl = (cents: number) => `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
// Only the days up to today are "este ano" (in the first days of January the files' last days lie ahead).
const spendCents = [META, GOOGLE].flatMap((c) => Object.entries(c.spend)).filter(([d]) => days[d] <= today).reduce((s, [, cents]) => s + cents, 0);
const LEADS = 4;
const QUALIFIED = 3;
const expected = {
  Gasto: brl(spendCents),
  Leads: String(LEADS),
  CPL: brl(Math.round(spendCents / LEADS)),
  Qualificados: String(QUALIFIED),
  'Custo por qualificada': brl(Math.round(spendCents / QUALIFIED)),
  Propostas: '1',
  Ganhos: '1',
  Receita: brl(DEAL.cents),
  ROAS: `${(DEAL.cents / spendCents).toFixed(1).replace('.', ',')}×`,
};

// Intl writes R$ with a no-break space: read the page's text as a person reads it.
const text = async (locator: Locator) => (await locator.innerText()).replace(/\u00A0/g, ' ');
const fitsPhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.replace(/\u00A0/g, ' ') ?? '');
const screenTable = (page: Page) => page.locator('#numeros-campanhas').evaluate((table) =>
  [...table.querySelectorAll('tr')].map((tr) => [...tr.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').replace(/\u00A0/g, ' '))));
/** The named cells of one row of a table whose first row is its header. */
const cellsOf = (table: string[][], label: string) => {
  const row = table.find((r) => r[0] === label);
  return row && Object.fromEntries(table[0].map((name, i) => [name, row[i]]));
};
const pick = (cells: Record<string, string> | undefined, names: string[]) => cells && Object.fromEntries(names.map((n) => [n, cells[n]]));

/** Focuses a control and presses a key on it, as a keyboard user tabs to it and presses. */
async function press(page: Page, locator: Locator, key = 'Enter') {
  await locator.focus();
  await page.keyboard.press(key);
}

/**
 * Four people whose first touch is UTM, on `first` (Brasília): three met the consultant and were qualified,
 * one never booked. Returns the first one's lead id (the deal goes on it).
 */
async function campaignLeads(): Promise<string> {
  const touch = JSON.stringify({ utm_source: 'facebook', utm_medium: 'paid', utm_campaign: UTM, landing_path: '/' });
  const { rows: [consultant] } = await h.db.query<{ id: string }>('select id from presellers where email = $1', [CONSULTANT]);
  // 09:00 of that day, or now when it has not come yet (1 January's first hours): inside this year either way.
  const at = `least(($1::date + time '09:00') at time zone '${TZ}', now())`;
  const ids: string[] = [];
  for (let i = 1; i <= LEADS; i++) {
    const { rows: [lead] } = await h.db.query<{ id: string }>(
      `insert into leads (created_at, idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
         segmento, modelo_negocio, origem, consent_at, privacy_policy_version, first_touch, last_touch, servico, routing_kind)
       values (${at}, $2, $3, $4, '11987654321', 'Empresa Caminho', '11222333000181', 'ceo-proprietario', '100-500', '1-2',
         'energia-solar', 'b2b', 'site', ${at}, 'v1', $5::text::jsonb, $5::text::jsonb, 'trafego', 'team') returning id`,
      [first, `caminho-${stamp}-${i}`, i === 1 ? LEAD_NAME : `Lead Caminho ${i}`, `caminho.${stamp}.${i}@exemplo.com.br`, touch]);
    ids.push(lead.id);
  }
  for (const [i, leadId] of ids.slice(0, QUALIFIED).entries()) {
    // The consultant's half hours may be taken by other files' meetings (the exclusion constraint): the next one.
    let meetingId: string | undefined;
    for (let slot = 1 + 2 * i; !meetingId && slot < 100; slot++) {
      try {
        ({ rows: [{ id: meetingId }] } = await h.db.query<{ id: string }>(
          `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key, booked_at, created_at, time_set_at)
           select $1, $2, s, s + interval '30 minutes', 'trafego', 50, $3, l.created_at, l.created_at, l.created_at
           from leads l, lateral (select l.created_at + make_interval(mins => 30 * $4::int) as s) x where l.id = $1 returning id`,
          [leadId, consultant.id, `caminho-m-${stamp}-${i}`, slot]));
      } catch (error) {
        if ((error as { code?: string }).code !== '23P01') throw error;
      }
    }
    if (!meetingId) throw new Error(`no free half hour for ${CONSULTANT}`);
    await h.db.query(`insert into meeting_outcomes (meeting_id, attendance, qualified, recorded_by, recorded_at)
      select id, 'attended', true, $2, ends_at from meetings where id = $1`, [meetingId, MENTOR]);
  }
  return ids[0];
}

// The shared site as it was before: this run's imports undone and gone, its mappings removed.
afterAll(async () => {
  const campaigns = [renamed(META.campaign), renamed(GOOGLE.campaign)];
  const { rows } = await h.db.query<{ id: string }>('select distinct import_id as id from ad_spend_rows where campaign = any($1)', [campaigns]);
  for (const { id } of rows) await h.db.query(`select spend_undo(jsonb_build_object('id', $1::text, 'actor', $2::text, 'now', now()))`, [id, MENTOR]);
  await h.db.query('delete from spend_imports where id = any($1::uuid[])', [rows.map((r) => r.id)]);
  await h.db.query('delete from campaign_map where campaign = any($1)', [campaigns]);
});

describe('/painel Qual campanha paga, walked through the screens', () => {
  it('the mentor records a won deal, imports both platforms, maps a campaign and reads its spend, cost per qualified and ROAS for "Este ano"', async () => {
    const leadId = await campaignLeads();
    const page = await mentor.page();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    try {
      // The lead's Negociações: a one-off proposal, then Ganho.
      await page.evaluate((id) => void (location.hash = `lead=${id}`), leadId);
      await page.getByRole('heading', { level: 2, name: LEAD_NAME }).waitFor({ timeout: 30_000 });
      const deals = page.getByRole('region', { name: 'Negociações' });
      await deals.getByText(dealCopy.none).waitFor({ timeout: 20_000 });
      await press(page, deals.getByRole('button', { name: 'Nova proposta' }));
      const form = deals.getByRole('form', { name: 'Nova proposta' });
      await form.getByLabel('Valor (R$)').focus();
      await page.keyboard.type(DEAL.typed);
      await press(page, form.getByRole('button', { name: 'Salvar proposta' }));
      await deals.getByRole('status').filter({ hasText: dealCopy.saved }).waitFor({ timeout: 20_000 });
      const card = deals.locator('[data-deal]');
      expect(await card.count()).toBe(1);
      expect(await text(card)).toContain('Proposta enviada');
      expect(await text(card)).toContain(brl(DEAL.cents));
      expect(await axeViolations(page), 'proposal saved').toEqual([]);

      await press(page, card.getByRole('button', { name: /^Alterar/ }));
      const edit = deals.getByRole('form', { name: 'Alterar negociação' });
      await edit.getByLabel('Etapa').selectOption('ganho');
      await press(page, edit.getByRole('button', { name: 'Salvar alterações' }));
      await card.getByText(/Ganho em \d{2}\/\d{2}\/\d{4}/).waitFor({ timeout: 20_000 });
      expect(await axeViolations(page), 'deal won').toEqual([]);
      const { rows: [deal] } = await h.db.query<{ stage: string; value_cents: string }>('select stage, value_cents from deals where lead_id = $1', [leadId]);
      expect([deal.stage, Number(deal.value_cents)]).toEqual(['ganho', DEAL.cents]);

      // Números → Gastos com anúncios: the Meta export, then the Google one, from the file input.
      await press(page, section(page, 'Números'));
      const spend = page.getByRole('region', { name: spendCopy.title });
      const input = spend.getByLabel(spendCopy.fileLabel);
      await input.waitFor({ timeout: 30_000 });
      const importButton = spend.getByRole('button', { name: 'Importar', exact: true });
      const importFile = async (platform: typeof META, line: string) => {
        await input.setInputFiles(await rewrittenSpendExport(platform.file, { days, campaigns: { [platform.campaign]: renamed(platform.campaign) } }));
        await press(page, importButton);
        await spend.getByRole('status').filter({ hasText: line }).waitFor({ timeout: 20_000 });
        expect(await focusedText(page)).toBe(line);
      };
      // Rows, days and total of each whole file (every campaign in it, mapped or not).
      await importFile(META, `Importado: 5 linhas, ${br(days['2026-11-03'])} a ${br(days['2026-11-05'])}, R$ 3.324,91`);
      await importFile(GOOGLE, `Importado: 4 linhas, ${br(days['2026-11-03'])} a ${br(days['2026-11-04'])}, R$ 2.267,31`);
      expect(await axeViolations(page), 'both imported').toEqual([]);

      // Campanhas: each platform's campaign counts for the leads' utm value, typed and saved.
      const campaigns = spend.getByRole('region', { name: spendCopy.campaignsTitle });
      for (const platform of [META, GOOGLE]) {
        const name = renamed(platform.campaign);
        const row = campaigns.getByRole('group', { name });
        await press(page, row.getByLabel(spendCopy.utmLabel), 'End');
        await page.keyboard.type(UTM);
        await press(page, row.getByRole('button', { name: spendCopy.save }));
        const saved = `"${name}" agora conta para "${UTM}". ${LEADS} leads têm esse valor.`;
        await row.getByRole('status').filter({ hasText: saved }).waitFor({ timeout: 20_000 });
        expect(await focusedText(page)).toBe(saved);
        await row.getByText(`Conta para: ${UTM}`).waitFor();
      }
      expect(await axeViolations(page), 'mapped').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);

      // Período: from "Últimos 30 dias" to "Este ano" with the arrow keys.
      const thisYear = page.getByRole('radio', { name: 'Este ano' });
      await page.getByRole('radio', { name: 'Últimos 30 dias' }).focus();
      for (let i = 0; i < 6 && !(await thisYear.isChecked()); i++) await page.keyboard.press('ArrowRight');
      expect(await thisYear.isChecked()).toBe(true);
      await expect.poll(() => page.evaluate(() => location.hash)).toContain('periodo=ano');
      await page.getByText(campaignMoneyCopy.note).waitFor({ timeout: 30_000 });
      const names = Object.keys(expected);
      await expect.poll(async () => pick(cellsOf(await screenTable(page), UTM), names), { timeout: 30_000 }).toEqual(expected);
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await axeViolations(page), 'qual campanha paga, este ano').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);

      // "Exportar CSV" by the keyboard: the screen's table, cell for cell, and the campaign's figures in it.
      const shown = await screenTable(page);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        press(page, page.getByRole('link', { name: `Exportar CSV de ${campaignMoneyCopy.title}` })),
      ]);
      expect(download.suggestedFilename()).toBe(`qual-campanha-paga-primeiro-toque-${yearStart}-a-${today}.csv`);
      const parsed = (parse((await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, ''), { delimiter: ';', relax_column_count: true }) as string[][])
        .map((r) => r.map((c) => c.replace(/\u00A0/g, ' ')));
      // The file: the screen's table, a blank line, then the consultants'.
      expect(parsed.slice(0, shown.length)).toEqual(shown);
      expect(pick(cellsOf(parsed.slice(0, shown.length), UTM), names)).toEqual(expected);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  // After the walk, on what it left: the consultant's leads (the meetings are theirs), the won deal, the spend.
  it('a consultant sees the campaign\'s deals but no spend figure, and nothing to import or map', async () => {
    const { context, page } = await signedIn(h, CONSULTANT, PHONE);
    try {
      await page.evaluate(() => void (location.hash = 'numeros&periodo=ano'));
      await page.getByText(campaignMoneyCopy.note).waitFor({ timeout: 30_000 });
      await expect.poll(async () => cellsOf(await screenTable(page), UTM)?.Ganhos, { timeout: 30_000 }).toBe('1');
      const table = await screenTable(page);
      expect(cellsOf(table, UTM)!.Receita).toBe(brl(DEAL.cents));
      // Every figure made of spend is "—" on every row, the total's too; the unmapped spend has no row.
      const spendColumns = ['Gasto', 'CPL', 'Custo por agendada', 'Custo por realizada', 'Custo por qualificada', 'ROAS'];
      for (const row of table.slice(1)) expect(pick(cellsOf(table, row[0]), spendColumns), row[0]).toEqual(Object.fromEntries(spendColumns.map((c) => [c, '—'])));
      expect(table.map((r) => r[0])).not.toContain(campaignMoneyCopy.unmapped);
      expect(table.at(-1)![0]).toBe(campaignMoneyCopy.total);
      expect(await page.getByRole('region', { name: spendCopy.title }).count()).toBe(0);
      expect(await page.locator('input[type="file"]').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Importar', exact: true }).count()).toBe(0);
      expect(await page.getByLabel(spendCopy.utmLabel).count()).toBe(0);
      expect(await axeViolations(page), 'consultant').toEqual([]);
      expect(await fitsPhone(page)).toBe(true);
    } finally {
      await context.close();
    }
  });
});
