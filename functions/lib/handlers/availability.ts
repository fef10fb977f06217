// GET /api/availability?date=YYYY-MM-DD → free slots; ?month=YYYY-MM → days with a free slot.
import type { App } from '../app';
import { allowMethods, guard, HttpError, json } from '../http';
import { candidateSlots, freeSlots, rangeOf, type SlotRules } from '../../../src/domain/scheduling/slots';
import { daysOfMonth, isIsoDate, isIsoMonth } from '../../../src/domain/scheduling/time';

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
      if (month !== null) {
        if (!isIsoMonth(month)) throw new HttpError(400, availabilityCopy.invalidMonth);
        const app = await getApp();
        return json({ days: await app.reads.memo(`month:${month}:${minuteOf(app)}`, () => openDays(app, month)) });
      }
      if (!isIsoDate(date)) throw new HttpError(400, availabilityCopy.invalidDate);
      const app = await getApp();
      return json({ availableSlots: await app.reads.memo(`date:${date}:${minuteOf(app)}`, () => slotsOf(app, date)) });
    });
}

/** Answers depend on "now" (the 2-hour lead time), so a memoised one is only reused within its minute. */
function minuteOf(app: App): number {
  return Math.floor(app.now().getTime() / 60_000);
}

async function rulesOf(app: App): Promise<SlotRules> {
  return { config: app.env.scheduling, now: app.now(), isHoliday: app.isHoliday, weekly: await app.reads.weekly() };
}

export async function slotsOf(app: App, date: string) {
  const candidates = candidateSlots(date, await rulesOf(app));
  if (candidates.length === 0) return [];
  const { from, to } = rangeOf([date], app.env.scheduling);
  const [presellers, busy] = await Promise.all([app.reads.presellers(), app.reads.busy(from, to)]);
  return freeSlots(candidates, presellers, busy);
}

export async function openDays(app: App, month: string): Promise<string[]> {
  const rules = await rulesOf(app);
  const days = daysOfMonth(month)
    .map((date) => ({ date, candidates: candidateSlots(date, rules) }))
    .filter((d) => d.candidates.length > 0);
  if (days.length === 0) return [];
  const { from, to } = rangeOf(days.map((d) => d.date), app.env.scheduling);
  const [presellers, busy] = await Promise.all([app.reads.presellers(), app.reads.busy(from, to)]);
  return days.filter((d) => freeSlots(d.candidates, presellers, busy).length > 0).map((d) => d.date);
}
