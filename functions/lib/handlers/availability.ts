// GET /api/availability?date=YYYY-MM-DD → each bookable time once, with the consultant the router would
// assign now; ?month=YYYY-MM → days with such a time. &lead=<id> routes for that lead's rule (its pool, or
// nothing for a rule without meetings); without it, the whole team.
import type { App } from '../app';
import { allowMethods, guard, HttpError, json } from '../http';
import { candidateSlots, rangeOf, type SlotRules } from '../../../src/domain/scheduling/slots';
import { routedSlots, type Pool } from '../../../src/domain/scheduling/routing-facts';
import { daysOfMonth, isIsoDate, isIsoMonth } from '../../../src/domain/scheduling/time';
import { leadPool, readRoutingState } from '../routing';
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
      const app = await getApp();
      const pool = await poolOfRequest(app, params.get('lead'));
      // Answers depend on the pool, so the memo key carries the rule (and the pool's ids, in case a rule's
      // emails changed meanwhile).
      const key = pool ? `${pool.rule}:${pool.ids ? [...pool.ids].sort().join(',') : '*'}` : null;
      if (month !== null) {
        return json({ days: pool ? await app.reads.memo(`month:${month}:${key}:${minuteOf(app)}`, () => openDays(app, month, pool)) : [] });
      }
      return json({ availableSlots: pool ? await app.reads.memo(`date:${date}:${key}:${minuteOf(app)}`, () => slotsOf(app, date!, pool)) : [] });
    });
}

/** The lead's pool; a malformed or unknown id routes for the whole team (no lead's existence is revealed). */
async function poolOfRequest(app: App, lead: string | null): Promise<Pool | null> {
  const presellers = await app.reads.presellers();
  const record = lead && uuid.safeParse(lead).success ? await app.store.getLead(lead) : null;
  return leadPool(record, presellers);
}

/** Answers depend on "now" (the 2-hour lead time), so a memoised one is only reused within its minute. */
function minuteOf(app: App): number {
  return Math.floor(app.now().getTime() / 60_000);
}

async function rulesOf(app: App): Promise<SlotRules> {
  return { config: app.env.scheduling, now: app.now(), isHoliday: app.isHoliday, weekly: await app.reads.weekly() };
}

export async function slotsOf(app: App, date: string, pool: Pool) {
  const candidates = candidateSlots(date, await rulesOf(app));
  if (candidates.length === 0) return [];
  const { from, to } = rangeOf([date], app.env.scheduling);
  const [presellers, busy, state] = await Promise.all([app.reads.presellers(), app.reads.busy(from, to), readRoutingState(app, [date])]);
  return routedSlots(date, candidates, presellers, busy, state, pool);
}

export async function openDays(app: App, month: string, pool: Pool): Promise<string[]> {
  const rules = await rulesOf(app);
  const days = daysOfMonth(month)
    .map((date) => ({ date, candidates: candidateSlots(date, rules) }))
    .filter((d) => d.candidates.length > 0);
  if (days.length === 0) return [];
  const dates = days.map((d) => d.date);
  const { from, to } = rangeOf(dates, app.env.scheduling);
  const [presellers, busy, state] = await Promise.all([app.reads.presellers(), app.reads.busy(from, to), readRoutingState(app, dates)]);
  return days.filter((d) => routedSlots(d.date, d.candidates, presellers, busy, state, pool).length > 0).map((d) => d.date);
}
