// Slot rules (pure): which start times a day offers, and which consultants are free at each.
import type { SchedulingConfig } from '../../src/domain/scheduling-config';
import type { AvailabilitySlot } from '../../src/domain/api';
import { addDays, hhmm, isIsoDate, minutesOf, weekdayOf, zonedParts, zonedToUtc } from './time';

export type SlotRules = { config: SchedulingConfig; now: Date; isHoliday: (date: string) => boolean };
export type Candidate = { time: string; startsAt: Date; endsAt: Date };
export type Busy = { presellerId: string; startsAt: Date; endsAt: Date };
export type PresellerRef = { id: string; name: string };

/** Why a day offers nothing, or null when it is a working day inside the horizon. */
export function closedReason(date: string, { config, now, isHoliday }: SlotRules): string | null {
  if (!isIsoDate(date)) return 'invalid';
  if (!config.weekdays.includes(weekdayOf(date))) return 'weekday';
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
  const end = minutesOf(config.dayEnd);
  for (let m = minutesOf(config.dayStart); m + config.slotMinutes <= end; m += config.slotMinutes) {
    const time = hhmm(m);
    const startsAt = zonedToUtc(date, time, config.timeZone);
    if (startsAt.getTime() < earliest) continue;
    out.push({ time, startsAt, endsAt: new Date(startsAt.getTime() + config.slotMinutes * 60_000) });
  }
  return out;
}

export function overlaps(a: { startsAt: Date; endsAt: Date }, b: { startsAt: Date; endsAt: Date }): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** Consultants free for a candidate (no meeting or time off overlapping it). */
export function freePresellers<P extends PresellerRef>(slot: Candidate, presellers: P[], busy: Busy[]): P[] {
  return presellers.filter((p) => !busy.some((b) => b.presellerId === p.id && overlaps(slot, b)));
}

/** Every free (time, consultant) pair, sorted by time then consultant name. */
export function freeSlots(candidates: Candidate[], presellers: PresellerRef[], busy: Busy[]): AvailabilitySlot[] {
  const sorted = [...presellers].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  const out: AvailabilitySlot[] = [];
  for (const slot of candidates) {
    for (const p of freePresellers(slot, sorted, busy)) {
      out.push({ time: slot.time, presellerId: p.id, presellerName: firstName(p.name) });
    }
  }
  return out;
}

/** The first and last instant worth loading meetings and time off for, over some dates. */
export function rangeOf(dates: string[], config: SchedulingConfig): { from: Date; to: Date } {
  const sorted = [...dates].sort();
  return {
    from: zonedToUtc(sorted[0], '00:00', config.timeZone),
    to: zonedToUtc(addDays(sorted[sorted.length - 1], 1), '00:00', config.timeZone),
  };
}
