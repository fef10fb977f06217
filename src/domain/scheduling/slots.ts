// Slot rules (pure): which start times a day offers, and which consultants are free at each.
import type { Busy } from './busy';
import type { SchedulingConfig } from './config';
import type { Weekly } from './hours';
import { addDays, hhmm, isIsoDate, minutesOf, weekdayOf, zonedParts, zonedToUtc } from './time';

/**
 * `weekly`: the union of the active consultants' working hours (hours.ts). Without it, the global
 * weekdays and dayStart–dayEnd. Each consultant's own hours are applied as busy intervals (lib/schedules.ts).
 */
export type SlotRules = { config: SchedulingConfig; now: Date; isHoliday: (date: string) => boolean; weekly?: Weekly };
export type Candidate = { time: string; startsAt: Date; endsAt: Date };
export type { Busy, BusyKind } from './busy';
/** roomUrl: the consultant's video room (null or absent: a phone call); only its kind leaves here. */
export type PresellerRef = { id: string; name: string; roomUrl?: string | null };

/** Why a day offers nothing, or null when it is a working day inside the horizon. */
export function closedReason(date: string, { config, now, isHoliday, weekly }: SlotRules): string | null {
  if (!isIsoDate(date)) return 'invalid';
  if (!rangesOn(date, config, weekly).length) return 'weekday';
  const today = zonedParts(now, config.timeZone).date;
  if (date < today) return 'past';
  if (date > addDays(today, config.horizonDays)) return 'horizon';
  if (isHoliday(date)) return 'holiday';
  return null;
}

/** Start times the rules allow on a date: working hours, slot grid, at least minLeadMinutes from now. */
export function candidateSlots(date: string, rules: SlotRules): Candidate[] {
  if (closedReason(date, rules)) return [];
  const { config, now } = rules;
  const earliest = now.getTime() + config.minLeadMinutes * 60_000;
  const out: Candidate[] = [];
  // Slots start on one grid all day long, aligned with dayStart (09:00, 09:30, … for 30-minute slots).
  const step = config.slotMinutes;
  const offset = minutesOf(config.dayStart) % step;
  for (const [start, end] of rangesOn(date, config, rules.weekly)) {
    for (let m = start + ((offset - (start % step) + step) % step); m + step <= end; m += step) {
      const time = hhmm(m);
      const startsAt = zonedToUtc(date, time, config.timeZone);
      if (startsAt.getTime() < earliest) continue;
      out.push({ time, startsAt, endsAt: new Date(startsAt.getTime() + step * 60_000) });
    }
  }
  return out;
}

function rangesOn(date: string, config: SchedulingConfig, weekly?: Weekly): [number, number][] {
  const weekday = weekdayOf(date);
  if (weekly) return weekly.get(weekday) ?? [];
  return config.weekdays.includes(weekday) ? [[minutesOf(config.dayStart), minutesOf(config.dayEnd)]] : [];
}

export function overlaps(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

/** Consultants free for a candidate (no meeting, time off, calendar block or off-hours overlapping it). */
export function freePresellers<P extends PresellerRef>(slot: Candidate, presellers: P[], busy: Busy[]): P[] {
  const index = busyIndex(busy);
  return presellers.filter((p) => !isBusy(index.get(p.id), slot.startsAt.getTime(), slot.endsAt.getTime()));
}

// Busy lists reach thousands of intervals (calendar feeds, off-hours over a month), asked about for every
// slot of a month: index them once per list, per consultant, sorted by start, with running maximum ends.
type Intervals = { starts: number[]; maxEnds: number[] };
const indexes = new WeakMap<Busy[], Map<string, Intervals>>();

function busyIndex(busy: Busy[]): Map<string, Intervals> {
  let index = indexes.get(busy);
  if (index) return index;
  const grouped = new Map<string, [number, number][]>();
  for (const b of busy) {
    const list = grouped.get(b.presellerId) ?? [];
    list.push([new Date(b.startsAt).getTime(), new Date(b.endsAt).getTime()]);
    grouped.set(b.presellerId, list);
  }
  index = new Map();
  for (const [id, list] of grouped) {
    list.sort((x, y) => x[0] - y[0]);
    let max = -Infinity;
    index.set(id, { starts: list.map((x) => x[0]), maxEnds: list.map((x) => (max = Math.max(max, x[1]))) });
  }
  indexes.set(busy, index);
  return index;
}

/** True when an interval starting before `end` ends after `start`. */
function isBusy(intervals: Intervals | undefined, start: number, end: number): boolean {
  if (!intervals) return false;
  // Last interval starting before `end`: the running maximum of ends up to it decides.
  let lo = 0;
  let hi = intervals.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (intervals.starts[mid] < end) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && intervals.maxEnds[lo - 1] > start;
}

/** The first and last instant worth loading meetings and time off for, over some dates. */
export function rangeOf(dates: string[], config: SchedulingConfig): { from: Date; to: Date } {
  const sorted = [...dates].sort();
  return {
    from: zonedToUtc(sorted[0], '00:00', config.timeZone),
    to: zonedToUtc(addDays(sorted[sorted.length - 1], 1), '00:00', config.timeZone),
  };
}
