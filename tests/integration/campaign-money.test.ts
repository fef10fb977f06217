// "Qual campanha paga": over Números' known history (numbers-history.ts) plus deals won and lost (one-off and
// monthly), imported spend of mapped campaigns (one renamed on the platform, mapped to its old utm value)
// and of an unmapped one, every cell of the endpoint equals a reference query written apart from the
// migration's, on PGlite and PostgreSQL; a consultant's answer holds their own people and deals and no spend;
// the CSV parses back to the screen's cells.
import { describe, expect, inject, it } from 'vitest';
import {
  campaignMoneyHeader, campaignMoneyRows, consultantMoneyCells, costPer, roas, type CampaignMoney, type CampaignMoneyView,
} from '../../src/domain/painel/campaign-money';
import { PRESELLERS } from './painel-helpers';
import { historyHarness, NOW, referencePeople } from './numbers-history';
import type { Opened } from './stores';
import { storeCases } from './stores';

// October 2026 in Brasília (UTC−3), and the 31 days before it.
const OCT = { from: '2026-10-01T03:00:00.000Z', to: '2026-11-01T03:00:00.000Z', fromDay: '2026-10-01', toDay: '2026-10-31' };
const PREV = { from: '2026-08-31T03:00:00.000Z', to: '2026-10-01T03:00:00.000Z', fromDay: '2026-08-31', toDay: '2026-09-30' };
const QUERY = 'periodo=personalizado&de=2026-10-01&ate=2026-10-31';

/** Deals on leads of each campaign, spend imported twice (the second overlapping the first), a campaign map. */
async function addMoney(db: Opened) {
  const leads = await db.query<{ id: string; campaign: string | null; created_at: string }>(
    `select id, first_touch->>'utm_campaign' as campaign, created_at from leads order by created_at`);
  const pick = (campaign: string | null, n: number) => leads.filter((l) => l.campaign === campaign)[n];
  const deal = async (leadId: string, d: { stage: string; cents: number; billing?: string; months?: number | null; created: string; closed?: string; preseller: string }) => {
    const won = d.stage === 'ganho' ? d.closed : null;
    const lost = d.stage === 'perdido' ? d.closed : null;
    await db.query(`insert into deals (lead_id, created_by, preseller_id, stage, value_cents, billing, months, won_at, lost_at, lost_reason, created_at, updated_at)
      values ($1, 'teste@x', $2, $3, $4, $5, $6, $7::timestamptz, $8::timestamptz, $9, $10::timestamptz, coalesce($7::timestamptz, $8::timestamptz, $10::timestamptz))`,
    [leadId, d.preseller, d.stage, d.cents, d.billing ?? 'avulso', d.months ?? null, won ?? null, lost ?? null, lost ? 'preco' : null, d.created]);
  };
  // Won in October: a one-off on 'verao', a monthly 3.000 × 12 on 'energia', one on a lead without campaign.
  await deal(pick('verao', 0).id, { stage: 'ganho', cents: 1_500_000, created: '2026-09-25T15:00:00Z', closed: '2026-10-05T15:00:00Z', preseller: PRESELLERS.ana });
  await deal(pick('energia', 1).id, { stage: 'ganho', cents: 300_000, billing: 'mensal', months: 12, created: '2026-10-02T15:00:00Z', closed: '2026-10-20T15:00:00Z', preseller: PRESELLERS.bruno });
  await deal(pick(null, 0).id, { stage: 'ganho', cents: 80_000, created: '2026-10-03T15:00:00Z', closed: '2026-10-30T23:00:00Z', preseller: PRESELLERS.ana });
  // Won on Nov 1st 02:00 UTC: still October 31st in Brasília.
  await deal(pick('solar-b2b', 0).id, { stage: 'ganho', cents: 250_000, created: '2026-10-10T15:00:00Z', closed: '2026-11-01T02:00:00Z', preseller: PRESELLERS.bruno });
  // Won in September (the previous period), lost in October, still open, and won after the period.
  await deal(pick('verao', 1).id, { stage: 'ganho', cents: 700_000, created: '2026-09-02T15:00:00Z', closed: '2026-09-20T15:00:00Z', preseller: PRESELLERS.ana });
  await deal(pick('energia', 2).id, { stage: 'perdido', cents: 900_000, created: '2026-10-06T15:00:00Z', closed: '2026-10-25T15:00:00Z', preseller: PRESELLERS.ana });
  await deal(pick('verao', 2).id, { stage: 'em_negociacao', cents: 450_000, created: '2026-10-07T15:00:00Z', preseller: PRESELLERS.bruno });
  await deal(pick('solar-b2b', 1).id, { stage: 'ganho', cents: 999_999, created: '2026-10-28T15:00:00Z', closed: '2026-11-02T15:00:00Z', preseller: PRESELLERS.bruno });

  const spend = async (file: string, rows: [string, string, string, number][]) => {
    const [imp] = await db.query<{ id: string }>(`insert into spend_imports (platform, file_name, file_sha256, row_count, first_day, last_day, total_cents, imported_by, imported_at)
      values ($1, $2, $3, $4, $5, $6, $7, 'm@x', $8) returning id`,
    [rows[0][0], file, file.padEnd(64, '0').replace(/[^0-9a-f]/g, 'a').slice(0, 64), rows.length,
      rows.map((r) => r[2]).sort()[0], rows.map((r) => r[2]).sort().at(-1), rows.reduce((s, r) => s + r[3], 0), NOW.toISOString()]);
    for (const [platform, campaign, day, cents] of rows) {
      await db.query(`insert into ad_spend_rows (import_id, platform, campaign, day, spend_cents) values ($1, $2, $3, $4, $5)`, [imp.id, platform, campaign, day, cents]);
      await db.query(`insert into ad_spend (platform, campaign, day, spend_cents, import_id) values ($1, $2, $3, $4, $5)
        on conflict (platform, campaign, day) do update set spend_cents = excluded.spend_cents, import_id = excluded.import_id`, [platform, campaign, day, cents, imp.id]);
    }
  };
  await spend('google-a', [
    ['google', 'Verão 2026', '2026-09-30', 10_000], ['google', 'Verão 2026', '2026-10-01', 12_345],
    ['google', 'Verão 2026 - v2', '2026-10-31', 20_000], ['google', 'Verão 2026 - v2', '2026-11-01', 99_000],
    ['google', 'Marca', '2026-10-15', 5_555],
  ]);
  await spend('meta-b', [['meta', 'Energia | Leads', '2026-10-10', 33_333], ['meta', 'Energia | Leads', '2026-09-10', 44_444]]);
  for (const [platform, campaign, utm] of [['google', 'Verão 2026', 'verao'], ['google', 'Verão 2026 - v2', 'verao'], ['meta', 'Energia | Leads', 'energia']]) {
    await db.query(`insert into campaign_map (platform, campaign, utm_campaign, updated_by, updated_at) values ($1, $2, $3, 'm@x', $4)`, [platform, campaign, utm, NOW.toISOString()]);
  }
}

/** The reference: people by referencePeople, deals and spend by their own queries over the tables. */
async function reference(db: Opened, p: typeof OCT, touch: 'first' | 'last', preseller: string | null) {
  const people = await referencePeople(db, p.from, p.to, preseller);
  const deals = await db.query<{ campaign: string | null; proposed: boolean; won: boolean; total: string; lost: boolean }>(`
    select (case when $3 then l.last_touch else l.first_touch end)->>'utm_campaign' as campaign,
      d.created_at >= $1 and d.created_at < $2 as proposed, d.stage = 'ganho' and d.won_at >= $1 and d.won_at < $2 as won,
      d.stage = 'perdido' and d.lost_at >= $1 and d.lost_at < $2 as lost,
      case when d.billing = 'mensal' then d.value_cents * d.months else d.value_cents end as total
    from deals d join leads l on l.id = d.lead_id where $4::uuid is null or d.preseller_id = $4::uuid`, [p.from, p.to, touch === 'last', preseller]);
  const spend = await db.query<{ utm: string | null; cents: string }>(`
    select m.utm_campaign as utm, sum(s.spend_cents) as cents from ad_spend s
    left join campaign_map m using (platform, campaign) where s.day between $1 and $2 group by 1`, [p.fromDay, p.toDay]);
  const campaigns = new Set<string | null>([
    ...people.map((x) => (touch === 'first' ? x.first_touch : x.last_touch)?.utm_campaign ?? null),
    ...deals.filter((d) => d.proposed || d.won).map((d) => d.campaign),
    ...(preseller ? [] : spend.filter((s) => s.utm !== null).map((s) => s.utm)),
  ]);
  const rows = new Map<string | null, Omit<CampaignMoney, 'previous'>>();
  for (const c of campaigns) {
    const mine = people.filter((x) => ((touch === 'first' ? x.first_touch : x.last_touch)?.utm_campaign ?? null) === c);
    const ds = deals.filter((d) => d.campaign === c);
    rows.set(c, {
      campaign: c, leads: mine.length, booked: mine.filter((x) => x.booked).length, attended: mine.filter((x) => x.attended).length,
      qualified: mine.filter((x) => x.qualified).length,
      spendCents: preseller ? null : c === null ? 0 : Number(spend.find((s) => s.utm === c)?.cents ?? 0),
      proposals: ds.filter((d) => d.proposed).length, won: ds.filter((d) => d.won).length,
      revenueCents: ds.filter((d) => d.won).reduce((s, d) => s + Number(d.total), 0),
    });
  }
  return { rows, unmapped: preseller ? null : Number(spend.find((s) => s.utm === null)?.cents ?? 0), deals };
}

describe.each(storeCases(inject('postgresUrl')))('Qual campanha paga on $name', (store) => {
  const h = historyHarness(store, () => NOW);
  let ready: Promise<void> | undefined;
  const money = () => (ready ??= addMoney(h.opened));

  it('equals the reference in every cell, for both touches and the period before', async () => {
    await money();
    for (const touch of ['first', 'last'] as const) {
      const view = await h.getJson<CampaignMoneyView>(`/api/painel/numeros/campanhas?${QUERY}&toque=${touch === 'first' ? 'primeiro' : 'ultimo'}`, h.mentor);
      const cur = await reference(h.opened, OCT, touch, null);
      const prev = await reference(h.opened, PREV, touch, null);
      expect(new Map(view.campaigns.map(({ previous: _previous, ...row }) => [row.campaign, row]))).toEqual(cur.rows);
      for (const row of view.campaigns) {
        const before = prev.rows.get(row.campaign);
        expect(row.previous, `${row.campaign}`).toEqual(before
          ? { leads: before.leads, qualified: before.qualified, spendCents: before.spendCents, won: before.won, revenueCents: before.revenueCents }
          : null);
      }
      expect(view.unmappedSpendCents).toBe(cur.unmapped);
      expect(view.previousUnmappedSpendCents).toBe(prev.unmapped);
    }
    // The history's facts, so the reference cannot agree by being empty: the renamed campaign's spend joins
    // 'verao' (12.345 + 20.000 of October), the won-at-midnight deal counts in October, a monthly deal at 12×.
    const view = await h.getJson<CampaignMoneyView>(`/api/painel/numeros/campanhas?${QUERY}`, h.mentor);
    const by = new Map(view.campaigns.map((c) => [c.campaign, c]));
    expect(by.get('verao')).toMatchObject({ spendCents: 32_345, won: 1, revenueCents: 1_500_000, proposals: 1 });
    expect(by.get('energia')).toMatchObject({ spendCents: 33_333, won: 1, revenueCents: 3_600_000, proposals: 2 });
    expect(by.get('solar-b2b')).toMatchObject({ won: 1, revenueCents: 250_000, spendCents: 0 });
    expect(by.get(null)).toMatchObject({ won: 1, revenueCents: 80_000 });
    expect(view.unmappedSpendCents).toBe(5_555);
    expect(by.get('verao')!.leads).toBeGreaterThan(0);
    expect(roas(by.get('energia')!.revenueCents, by.get('energia')!.spendCents)).toBeCloseTo(3_600_000 / 33_333, 9);
    expect(costPer(by.get('verao')!.spendCents, by.get('verao')!.qualified)).toBe(
      by.get('verao')!.qualified ? Math.round(32_345 / by.get('verao')!.qualified) : null);
  });

  it('gives each consultant their proposals, wins, losses and revenue', async () => {
    await money();
    const view = await h.getJson<CampaignMoneyView>(`/api/painel/numeros/campanhas?${QUERY}`, h.mentor);
    const ana = view.consultants.find((c) => c.id === PRESELLERS.ana);
    const bruno = view.consultants.find((c) => c.id === PRESELLERS.bruno);
    expect(ana).toMatchObject({ proposals: 2, won: 2, lost: 1, revenueCents: 1_580_000 });
    expect(bruno).toMatchObject({ proposals: 4, won: 2, lost: 0, revenueCents: 3_850_000 });
    expect(consultantMoneyCells(ana!)).toEqual(['Ana Souza', '2', '2', '1', '66,7 %', 'R$\u00a015.800,00']);
  });

  it('shows a consultant their own people and deals and no spend', async () => {
    await money();
    const view = await h.getJson<CampaignMoneyView>(`/api/painel/numeros/campanhas?${QUERY}`, h.ana);
    const cur = await reference(h.opened, OCT, 'first', PRESELLERS.ana);
    expect(new Map(view.campaigns.map(({ previous: _previous, ...row }) => [row.campaign, row]))).toEqual(cur.rows);
    expect(view.unmappedSpendCents).toBeNull();
    expect(view.campaigns.every((c) => c.spendCents === null)).toBe(true);
    expect(view.consultants.map((c) => c.id)).toEqual([PRESELLERS.ana]);
    expect(JSON.stringify(view)).not.toContain('Bruno');
  });

  it('exports the table the screen shows, cell for cell', async () => {
    await money();
    const view = await h.getJson<CampaignMoneyView>(`/api/painel/numeros/campanhas?${QUERY}`, h.mentor);
    const res = await h.call('GET', `/api/painel/exportar/campanhas?${QUERY}`, { cookie: h.mentor });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('qual-campanha-paga-primeiro-toque-2026-10-01-a-2026-10-31.csv');
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n').filter((l, i, all) => i < all.length - 1);
    const cells = lines.map((l) => l.split(';'));
    expect(cells[0]).toEqual([...campaignMoneyHeader]);
    const rows = campaignMoneyRows(view);
    expect(cells.slice(1, 1 + rows.length)).toEqual(rows.map((r) => r.cells.map(String)));
    expect(rows.at(-1)!.cells[0]).toBe('Total');
    expect(rows.map((r) => r.key)).toContain('unmapped');
  });
});
