// "Qual campanha paga" (GET /api/painel/numeros/campanhas, and …/exportar/campanhas as CSV): SQL
// painel_campaign_money for Números' period and touch, the one before it for the comparison. A consultant gets
// their own people and deals and no spend; the period rules are Números' own (resolvePeriod).
import {
  campaignMoneyHeader, campaignMoneyRows, consultantMoneyCells, consultantMoneyHeader, type CampaignMoneyView,
} from '../../../../src/domain/painel/campaign-money';
import { parseTouch, previousPeriod, resolvePeriod, touchWords, type Period, type Touch } from '../../../../src/domain/painel/numbers';
import { addDays, zonedParts, zonedToUtc } from '../../../../src/domain/scheduling/time';
import { HttpError } from '../../http';
import type { Store } from '../../store/port';
import { painelJson, type SignedIn } from '../context';
import { onePageCsv } from './exports';

type Raw = Omit<CampaignMoneyView, 'period' | 'previous'>;

const instant = (day: string, tz: string) => zonedToUtc(day, '00:00', tz).toISOString();

/** SQL painel_campaign_money for the Brasília days of `period` and the period before; preseller: a consultant's own. */
export async function queryCampaignMoney(store: Store, args: { period: Period; touch: Touch; timeZone: string; preseller: string | null }): Promise<CampaignMoneyView> {
  const { period, touch, timeZone: tz } = args;
  const previous = previousPeriod(period);
  const raw = await store.call<Raw>('painel_campaign_money', {
    from: instant(period.de, tz), to: instant(addDays(period.ate, 1), tz), prev_from: instant(previous.de, tz),
    from_day: period.de, to_day: period.ate, prev_from_day: previous.de, prev_to_day: previous.ate, touch, preseller: args.preseller,
  });
  return { ...raw, period: { ...period, touch }, previous };
}

async function view(ctx: SignedIn): Promise<CampaignMoneyView> {
  const q = ctx.url.searchParams;
  const tz = ctx.app.env.scheduling.timeZone;
  const asked = resolvePeriod({ periodo: q.get('periodo'), de: q.get('de'), ate: q.get('ate') }, zonedParts(ctx.app.now(), tz).date);
  if (!asked.ok) throw new HttpError(400, asked.error);
  return queryCampaignMoney(ctx.app.store, {
    period: asked.period, touch: parseTouch(q.get('toque')), timeZone: tz, preseller: ctx.viewer.role === 'consultor' ? ctx.viewer.preseller : null,
  });
}

export async function showCampaignMoney(ctx: SignedIn): Promise<Response> {
  return painelJson(await view(ctx));
}

/** The table as the screen shows it, then the consultants' (after an empty line), as one Excel-safe file. */
export async function exportCampaignMoney(ctx: SignedIn): Promise<Response> {
  const money = await view(ctx);
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_csv', subject: 'numeros-campanhas', ipHash: ctx.ipHash }, ctx.app.now());
  type Line = (string | number | null)[];
  const lines: Line[] = [
    ...campaignMoneyRows(money).map((r) => r.cells),
    [],
    [...consultantMoneyHeader],
    ...money.consultants.map(consultantMoneyCells),
  ];
  const columns = campaignMoneyHeader.map((name, i) => ({ header: name, value: (line: Line) => line[i] ?? null }));
  return onePageCsv(columns, lines, `qual-campanha-paga-${touchWords[money.period.touch]}-toque-${money.period.de}-a-${money.period.ate}.csv`);
}
