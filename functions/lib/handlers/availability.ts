// GET /api/availability?date=YYYY-MM-DD → each bookable time once, with the consultant the router would
// assign now; ?month=YYYY-MM → days with such a time. &lead=<id> routes for that lead's rule (its pool, or
// nothing for a rule without meetings) and shows its earlier consultant wherever free; &keep=<consultant
// id> shows that consultant wherever free (a reschedule keeps them); without either, the whole team.
import type { App } from '../app';
import { allowMethods, guard, HttpError, json } from '../http';
import { candidateSlots, rangeOf, type SlotRules } from '../../../src/domain/scheduling/slots';
import { hasRoutedSlot, routedSlots, type Pool } from '../../../src/domain/scheduling/routing-facts';
import { daysOfMonth, isIsoDate, isIsoMonth } from '../../../src/domain/scheduling/time';
import { leadPool, readRoutingState, TEAM_RULE } from '../routing';
import { currentRuleSet } from '../routing-rules';
import { uuid } from './meetings';

export const availabilityCopy = {
  invalidDate: 'Data inválida. Use o formato AAAA-MM-DD.',
  invalidMonth: 'Mês inválido. Use o formato AAAA-MM.',
} as const;

export function createAvailabilityHandler(getApp: () => Promise<App>) {
  return (req: Request) =>
    guard('availability', async () => {
      allowMethods(req, ['GET']);
      const params = new URL(req.url).searchParams;
      const date = params.get('date');
      const month = params.get('month');
      if (month !== null && !isIsoMonth(month)) throw new HttpError(400, availabilityCopy.invalidMonth);
      if (month === null && !isIsoDate(date)) throw new HttpError(400, availabilityCopy.invalidDate);
      const shared = await getApp();
      const app: App = { ...shared, reads: shared.reads.forRequest() };
      const { pool, keep } = await routingOf(app, params.get('lead'), params.get('keep'));
      // Answers depend on the pool and the kept consultant, so the memo key carries them (the pool's ids
      // too, in case a rule's emails changed meanwhile).
      const key = pool ? `${pool.rule}:${pool.ids ? [...pool.ids].sort().join(',') : '*'}:${keep ?? ''}` : null;
      if (month !== null) {
        return json({ days: pool ? await app.reads.memo(`month:${month}:${key}:${minuteOf(app)}`, () => openDays(app, month, pool, keep)) : [] });
      }
      return json({ availableSlots: pool ? await app.reads.memo(`date:${date}:${key}:${minuteOf(app)}`, () => slotsOf(app, date!, pool, keep)) : [] });
    });
}

/**
 * The lead's pool and the consultant a booking would keep: the lead's earlier one, else `keep` (a
 * reschedule's). A malformed or unknown id routes for the whole team (no lead's existence is revealed).
 */
async function routingOf(app: App, lead: string | null, keep: string | null): Promise<{ pool: Pool | null; keep: string | null }> {
  const presellers = await app.reads.presellers();
  // The lead and its earlier consultant, kept with the other reads (a booking clears them): uncached, these
  // two queries capped a lead's availability at ~1,000 req/s under 50 connections (npm run bench -- routing).
  const { record, previous } = lead && uuid.safeParse(lead).success
    ? await app.reads.memo(`lead:${lead}`, async () => {
      const found = await app.store.getLead(lead);
      return { record: found, previous: found ? await app.store.previousPresellerId(found.email) : null };
    })
    : { record: null, previous: null };
  const kept = [previous, keep].find((id) => id && presellers.some((p) => p.id === id)) ?? null;
  // The rules under the same short cache as the other reads (a save in the painel clears it here).
  const pool = record
    ? leadPool(await app.reads.memo('routing-rules', async () => (await currentRuleSet(app.store, app.now())).rules), record, presellers)
    : { rule: TEAM_RULE, ids: null };
  return { pool, keep: kept };
}

/** Answers depend on "now" (the 2-hour lead time), so a memoised one is only reused within its minute. */
function minuteOf(app: App): number {
  return Math.floor(app.now().getTime() / 60_000);
}

async function rulesOf(app: App): Promise<SlotRules> {
  return { config: app.env.scheduling, now: app.now(), isHoliday: app.isHoliday, weekly: await app.reads.weekly() };
}

export async function slotsOf(app: App, date: string, pool: Pool, keep: string | null = null) {
  const candidates = candidateSlots(date, await rulesOf(app));
  if (candidates.length === 0) return [];
  const { from, to } = rangeOf([date], app.env.scheduling);
  const [presellers, busy, state] = await Promise.all([app.reads.presellers(), app.reads.busy(from, to), readRoutingState(app, [date])]);
  return routedSlots(date, candidates, presellers, busy, state, pool, keep);
}

export async function openDays(app: App, month: string, pool: Pool, keep: string | null = null): Promise<string[]> {
  const rules = await rulesOf(app);
  const days = daysOfMonth(month)
    .map((date) => ({ date, candidates: candidateSlots(date, rules) }))
    .filter((d) => d.candidates.length > 0);
  if (days.length === 0) return [];
  const dates = days.map((d) => d.date);
  const { from, to } = rangeOf(dates, app.env.scheduling);
  const [presellers, busy, state] = await Promise.all([app.reads.presellers(), app.reads.busy(from, to), readRoutingState(app, dates)]);
  return days.filter((d) => hasRoutedSlot(d.date, d.candidates, presellers, busy, state, pool, keep)).map((d) => d.date);
}
