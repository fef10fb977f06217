// "Qual campanha paga": the contract of GET /api/painel/numeros/campanhas, its rows as the screen and the
// CSV show them, and the divisions (CPL, custo por reunião, ROAS, taxa de ganho). What each count counts is
// decided once in SQL campaign_money_rows (supabase/schemas/functions/campaign_money_rows.sql); this module
// only divides, so the screen, the CSV and the tests agree by construction.
import { formatBrl } from '../money';
import { figureLabels, formatChange, formatCount, formatRate, rate, type Period, type Touch } from './numbers';

export type CampaignMoney = {
  /** utm_campaign of the chosen touch; null: "Sem campanha". */
  campaign: string | null;
  leads: number; booked: number; attended: number; qualified: number;
  /** Imported spend of the campaigns mapped to this value; null for a consultant (spend is the mentor's). */
  spendCents: number | null;
  proposals: number; won: number; revenueCents: number;
  previous: { leads: number; qualified: number; spendCents: number | null; won: number; revenueCents: number } | null;
};
export type ConsultantMoney = { id: string; name: string; active: boolean; proposals: number; won: number; lost: number; revenueCents: number };
export type CampaignMoneyView = {
  period: Period & { touch: Touch };
  previous: Period;
  campaigns: CampaignMoney[];
  /** Spend of platform campaigns mapped to no utm value ("Gasto sem campanha mapeada"); null for a consultant. */
  unmappedSpendCents: number | null;
  previousUnmappedSpendCents: number | null;
  consultants: ConsultantMoney[];
};

export const campaignMoneyPath = '/api/painel/numeros/campanhas';
/** Every negociação in the viewer's scope, one per line (GET → text/csv). */
export const dealsCsvPath = '/api/painel/exportar/negociacoes';

export const campaignMoneyCopy = {
  title: 'Qual campanha paga',
  note: 'Números do site (leads, reuniões e negociações registradas aqui e gastos importados), não os do Google Ads ou do Meta.',
  noCampaign: 'Sem campanha',
  unmapped: 'Gasto sem campanha mapeada',
  total: 'Total',
  consultantsTitle: 'Propostas por consultor',
  dealsCsv: 'Exportar todas as negociações (CSV)',
} as const;

/** Cost per unit in cents (rounded), or null without units or without spend. */
export const costPer = (spendCents: number | null, units: number): number | null =>
  spendCents === null || units <= 0 ? null : Math.round(spendCents / units);

/** Revenue ÷ spend, or null without spend. */
export const roas = (revenueCents: number, spendCents: number | null): number | null =>
  spendCents === null || spendCents <= 0 ? null : revenueCents / spendCents;

const roasFormat = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
/** "3,4×", or "—". */
export const formatRoas = (value: number | null) => (value === null ? '—' : `${roasFormat.format(value)}×`);
export const formatMoney = (cents: number | null) => (cents === null ? '—' : formatBrl(cents));

type Cell = string | number;
/** The deal figures' names, as the table, the consultants' table and the morning mail print them. */
export const moneyLabels = { proposals: 'Propostas', won: 'Ganhos', revenue: 'Receita' } as const;
export const campaignMoneyHeader = [
  'Campanha', 'Gasto', figureLabels.leads, 'CPL', figureLabels.booked, 'Custo por agendada', figureLabels.attended, 'Custo por realizada',
  figureLabels.qualified, 'Custo por qualificada', moneyLabels.proposals, moneyLabels.won, moneyLabels.revenue, 'ROAS', 'Leads vs. período anterior',
  'Receita vs. período anterior',
] as const;

/** The sum of every row (the campaigns and the unmapped spend): the "Total" row. */
export function campaignMoneyTotal(view: CampaignMoneyView): CampaignMoney {
  const sum = (pick: (c: CampaignMoney) => number | null) => view.campaigns.reduce((s, c) => s + (pick(c) ?? 0), 0);
  const spend = view.unmappedSpendCents === null ? null : sum((c) => c.spendCents) + view.unmappedSpendCents;
  const previousSpend = view.previousUnmappedSpendCents === null ? null : sum((c) => c.previous?.spendCents ?? 0) + view.previousUnmappedSpendCents;
  return {
    campaign: null, leads: sum((c) => c.leads), booked: sum((c) => c.booked), attended: sum((c) => c.attended),
    qualified: sum((c) => c.qualified), spendCents: spend, proposals: sum((c) => c.proposals), won: sum((c) => c.won),
    revenueCents: sum((c) => c.revenueCents),
    previous: {
      leads: sum((c) => c.previous?.leads ?? 0), qualified: sum((c) => c.previous?.qualified ?? 0), spendCents: previousSpend,
      won: sum((c) => c.previous?.won ?? 0), revenueCents: sum((c) => c.previous?.revenueCents ?? 0),
    },
  };
}

/** One row as the screen and the CSV print it (strings already formatted in pt-BR). */
export function campaignMoneyCells(row: CampaignMoney, label: string): Cell[] {
  return [
    label, formatMoney(row.spendCents), formatCount(row.leads), formatMoney(costPer(row.spendCents, row.leads)),
    formatCount(row.booked), formatMoney(costPer(row.spendCents, row.booked)),
    formatCount(row.attended), formatMoney(costPer(row.spendCents, row.attended)),
    formatCount(row.qualified), formatMoney(costPer(row.spendCents, row.qualified)),
    formatCount(row.proposals), formatCount(row.won), formatBrl(row.revenueCents), formatRoas(roas(row.revenueCents, row.spendCents)),
    formatChange(row.leads, row.previous?.leads ?? 0), formatChange(row.revenueCents, row.previous?.revenueCents ?? 0),
  ];
}

/** Every row in the screen's order: the campaigns by revenue, then spend, "Sem campanha", the unmapped spend, the total. */
export function campaignMoneyRows(view: CampaignMoneyView): { key: string; cells: Cell[] }[] {
  const named = view.campaigns.filter((c) => c.campaign !== null)
    .sort((a, b) => b.revenueCents - a.revenueCents || (b.spendCents ?? 0) - (a.spendCents ?? 0) || b.leads - a.leads || a.campaign!.localeCompare(b.campaign!));
  const none = view.campaigns.find((c) => c.campaign === null);
  const rows = named.map((c) => ({ key: `c:${c.campaign}`, cells: campaignMoneyCells(c, c.campaign!) }));
  if (none) rows.push({ key: 'none', cells: campaignMoneyCells(none, campaignMoneyCopy.noCampaign) });
  if (view.unmappedSpendCents !== null) {
    const unmapped: CampaignMoney = {
      campaign: null, leads: 0, booked: 0, attended: 0, qualified: 0, spendCents: view.unmappedSpendCents, proposals: 0, won: 0, revenueCents: 0,
      previous: { leads: 0, qualified: 0, spendCents: view.previousUnmappedSpendCents, won: 0, revenueCents: 0 },
    };
    rows.push({ key: 'unmapped', cells: campaignMoneyCells(unmapped, campaignMoneyCopy.unmapped) });
  }
  rows.push({ key: 'total', cells: campaignMoneyCells(campaignMoneyTotal(view), campaignMoneyCopy.total) });
  return rows;
}

export const consultantMoneyHeader = ['Consultor', moneyLabels.proposals, moneyLabels.won, 'Perdidos', 'Taxa de ganho', moneyLabels.revenue] as const;
/** A consultant's deals in the period; the win rate is won ÷ (won + lost) of the period. */
export const consultantMoneyCells = (c: ConsultantMoney): Cell[] => [
  c.active ? c.name : `${c.name} (inativo)`, formatCount(c.proposals), formatCount(c.won), formatCount(c.lost),
  formatRate(rate(c.won, c.won + c.lost)), formatBrl(c.revenueCents),
];
