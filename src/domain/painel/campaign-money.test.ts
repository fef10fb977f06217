// The divisions of "Qual campanha paga" and the rows as the screen and the CSV print them: no division by zero
// shown as a number, ROAS as "3,7×", the rows in order with "Sem campanha", the unmapped spend and a total
// that adds every row; a consultant's view without spend prints "—".
import { describe, expect, it } from 'vitest';
import { campaignMoneyHeader, campaignMoneyRows, campaignMoneyTotal, costPer, formatRoas, roas, type CampaignMoney, type CampaignMoneyView } from './campaign-money';

const row = (campaign: string | null, over: Partial<CampaignMoney> = {}): CampaignMoney => ({
  campaign, leads: 10, booked: 5, attended: 4, qualified: 2, spendCents: 100_000, proposals: 2, won: 1, revenueCents: 370_000,
  previous: { leads: 8, qualified: 1, spendCents: 90_000, won: 0, revenueCents: 0 }, ...over,
});
const view = (campaigns: CampaignMoney[], unmapped: number | null): CampaignMoneyView => ({
  period: { de: '2026-11-01', ate: '2026-11-30', touch: 'first' }, previous: { de: '2026-10-02', ate: '2026-10-31' },
  campaigns, unmappedSpendCents: unmapped, previousUnmappedSpendCents: unmapped === null ? null : 0, consultants: [],
});
const col = (name: (typeof campaignMoneyHeader)[number]) => campaignMoneyHeader.indexOf(name);

describe('campaign money', () => {
  it('divides only what has a base: cost per unit in whole cents, ROAS of revenue over spend', () => {
    expect(costPer(100_000, 3)).toBe(33_333);
    expect(costPer(100_000, 0)).toBeNull();
    expect(costPer(null, 3)).toBeNull();
    expect(roas(370_000, 100_000)).toBe(3.7);
    expect(roas(370_000, 0)).toBeNull();
    expect(formatRoas(3.7)).toBe('3,7×');
    expect(formatRoas(null)).toBe('—');
  });

  it('prints the campaigns by revenue, then "Sem campanha", the unmapped spend and the total of every row', () => {
    const rows = campaignMoneyRows(view([row('b', { revenueCents: 0 }), row(null), row('a')], 5_555));
    expect(rows.map((r) => r.cells[0])).toEqual(['a', 'b', 'Sem campanha', 'Gasto sem campanha mapeada', 'Total']);
    const a = rows[0].cells.map((c) => String(c).replace(/\u00A0/g, ' '));
    expect([a[col('Gasto')], a[col('CPL')], a[col('Custo por qualificada')], a[col('ROAS')], a[col('Leads vs. período anterior')], a[col('Receita vs. período anterior')]])
      .toEqual(['R$ 1.000,00', 'R$ 100,00', 'R$ 500,00', '3,7×', '↑ 25,0 %', 'novo']);
    const total = campaignMoneyTotal(view([row('a'), row('b')], 5_555));
    expect(total).toMatchObject({ leads: 20, spendCents: 205_555, revenueCents: 740_000, previous: { spendCents: 180_000, leads: 16 } });
    expect(rows.at(-1)!.cells[col('Gasto')]).toBe('R$\u00a03.055,55');
  });

  it('shows "—" where a consultant has no spend', () => {
    const rows = campaignMoneyRows(view([row('a', { spendCents: null, previous: null })], null));
    expect(rows.map((r) => r.cells[0])).toEqual(['a', 'Total']);
    for (const name of ['Gasto', 'CPL', 'Custo por agendada', 'ROAS'] as const) expect(rows[0].cells[col(name)]).toBe('—');
  });
});
