// The facts route() decides on, built (pure) from what the database holds: each consultant's counts in
// the window (routing_state), their busy intervals with what holds them, their caps and the lead's pool.
// Availability and booking both build them here, so a time is offered with exactly the consultant a
// booking of it would get.
import type { AvailabilitySlot } from '../api';
import { locationOf } from '../meeting-location';
import { firstName } from '../text';
import { route, type BusyReason, type RouteCandidate, type RouteDecision, type RoutingWindowKind } from './routing';
import type { Busy, BusyKind, Candidate, PresellerRef } from './slots';
import { addDays, mondayOf } from './time';

export type ConsultantState = {
  weight: number;
  capDay: number | null;
  capWeek: number | null;
  count: number;
  credit: number;
  lastAssignedAt: string | null;
};
export type RoutingState = {
  window: { kind: RoutingWindowKind; from: string; to: string };
  equalAhead: number | null;
  consultants: Map<string, ConsultantState>;
  /** Scheduled meetings per consultant per local date (YYYY-MM-DD), for the caps. */
  load: Map<string, Map<string, number>>;
};
/** The lead's rule: its name and, for a pool, the consultants' ids (null: the whole team). */
export type Pool = { rule: string; ids: Set<string> | null };

// What holds a consultant, in the order the "why" names it: time off, then hours, then a meeting/block.
// A calendar block reads as 'ocupado' like a meeting, but only meetings are working time (dayFacts).
const reasons: [BusyReason, (kind: BusyKind | undefined) => boolean][] = [
  ['folga', (k) => k === 'time_off'],
  ['fora do horário', (k) => k === 'hours'],
  ['ocupado', (k) => k === undefined || k === 'meeting'],
  ['ocupado', (k) => k === 'calendar'],
];
const MEETING = 2;

type Intervals = { starts: number[]; maxEnds: number[] };
const indexes = new WeakMap<Busy[], Map<string, Intervals[]>>();

/** Per consultant, one sorted index per reason (with running maximum ends), built once per busy list. */
function reasonIndex(busy: Busy[]): Map<string, Intervals[]> {
  let index = indexes.get(busy);
  if (index) return index;
  const grouped = new Map<string, [number, number][][]>();
  for (const b of busy) {
    const lists = grouped.get(b.presellerId) ?? reasons.map(() => []);
    lists[reasons.findIndex(([, is]) => is(b.kind))].push([new Date(b.startsAt).getTime(), new Date(b.endsAt).getTime()]);
    grouped.set(b.presellerId, lists);
  }
  index = new Map();
  for (const [id, lists] of grouped) {
    index.set(id, lists.map((list) => {
      list.sort((x, y) => x[0] - y[0]);
      let max = -Infinity;
      return { starts: list.map((x) => x[0]), maxEnds: list.map((x) => (max = Math.max(max, x[1]))) };
    }));
  }
  indexes.set(busy, index);
  return index;
}

function overlapsAny({ starts, maxEnds }: Intervals, start: number, end: number): boolean {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] < end) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && maxEnds[lo - 1] > start;
}

/** Which of `reasons` holds a consultant over [startsAt, endsAt) (the first), or -1 when free. */
function reasonIndexAt(busy: Busy[], presellerId: string, slot: { startsAt: Date; endsAt: Date }): number {
  return firstReason(reasonIndex(busy).get(presellerId), slot.startsAt.getTime(), slot.endsAt.getTime());
}

function firstReason(lists: Intervals[] | undefined, start: number, end: number): number {
  if (!lists) return -1;
  for (let i = 0; i < lists.length; i++) if (overlapsAny(lists[i], start, end)) return i;
  return -1;
}

/** Why a consultant is busy over [startsAt, endsAt), or null when free. */
export function busyReasonAt(busy: Busy[], presellerId: string, slot: { startsAt: Date; endsAt: Date }): BusyReason | null {
  const i = reasonIndexAt(busy, presellerId, slot);
  return i < 0 ? null : reasons[i][0];
}

type DayFacts = Map<string, { worksThatDay: boolean; dayCount: number; weekCount: number }>;

/** Per consultant, for one date: whether they work it (some time not off) and their meetings that day and week. */
export function dayFacts(date: string, slots: Candidate[], presellers: PresellerRef[], busy: Busy[], state: RoutingState): DayFacts {
  const monday = mondayOf(date);
  const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const index = reasonIndex(busy);
  return new Map(presellers.map((p) => {
    const load = state.load.get(p.id);
    const lists = index.get(p.id);
    // Working time: free, or in a meeting (time off, off-hours and calendar blocks are not). Looked up once
    // per consultant, not per time: ~2,400 lookups for a month of 6 were 2.6 ms of a ?month request.
    const works = slots.some((s) => {
      const reason = firstReason(lists, s.startsAt.getTime(), s.endsAt.getTime());
      return reason === -1 || reason === MEETING;
    });
    return [p.id, {
      worksThatDay: works,
      dayCount: load?.get(date) ?? 0,
      weekCount: week.reduce((n, d) => n + (load?.get(d) ?? 0), 0),
    }];
  }));
}

/** Every consultant's facts at one time. A consultant missing from the state (just added) counts as new. */
export function candidatesAt(slot: Candidate, presellers: PresellerRef[], busy: Busy[], state: RoutingState, day: DayFacts, pool: Pool): RouteCandidate[] {
  return presellers.map((p) => {
    const s = state.consultants.get(p.id);
    const d = day.get(p.id);
    return {
      id: p.id,
      weight: s?.weight ?? 100,
      count: s?.count ?? 0,
      credit: s?.credit ?? 0,
      lastAssignedAt: s?.lastAssignedAt ?? null,
      inPool: pool.ids === null || pool.ids.has(p.id),
      busy: busyReasonAt(busy, p.id, slot),
      worksThatDay: d?.worksThatDay ?? false,
      dayCount: d?.dayCount ?? 0,
      weekCount: d?.weekCount ?? 0,
      capDay: s?.capDay ?? null,
      capWeek: s?.capWeek ?? null,
    };
  });
}

/**
 * A stable draw in [0, 1) for a time on the list: the list shows one consultant per time and a booking
 * honours it, so this draw is the tie-break for list-driven bookings. It changes with the counts, so
 * the same time does not always favour the same consultant.
 */
export function listDraw(date: string, time: string, state: RoutingState): number {
  let h = 2166136261;
  const total = [...state.consultants.values()].reduce((n, c) => n + c.count, 0);
  for (const ch of `${date}T${time}#${total}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) / 4294967296;
}

/**
 * The times of a date, each once, with the consultant the router would assign now. `keep`: a consultant
 * the booking would keep wherever free (the lead's earlier one, or a rescheduled meeting's).
 */
export function routedSlots(date: string, slots: Candidate[], presellers: PresellerRef[], busy: Busy[], state: RoutingState, pool: Pool, keep: string | null = null): AvailabilitySlot[] {
  return [...eachRoutedSlot(date, slots, presellers, busy, state, pool, keep)];
}

/**
 * Whether a date has a time the router would assign: the month view asks only this, and stopping at the
 * first such time routes ~1 time a day instead of all 18 (?month: routedSlots × 22 days, 3.6 → 0.9 ms,
 * npm run bench -- routing).
 */
export function hasRoutedSlot(date: string, slots: Candidate[], presellers: PresellerRef[], busy: Busy[], state: RoutingState, pool: Pool, keep: string | null = null): boolean {
  return !eachRoutedSlot(date, slots, presellers, busy, state, pool, keep).next().done;
}

function* eachRoutedSlot(date: string, slots: Candidate[], presellers: PresellerRef[], busy: Busy[], state: RoutingState, pool: Pool, keep: string | null): Generator<AvailabilitySlot> {
  if (slots.length === 0) return;
  const day = dayFacts(date, slots, presellers, busy, state);
  const byId = new Map(presellers.map((p) => [p.id, p]));
  for (const slot of slots) {
    const decision: RouteDecision = route({
      rule: pool.rule, candidates: candidatesAt(slot, presellers, busy, state, day, pool),
      equalAhead: state.equalAhead, preferred: keep ? [{ id: keep, reason: 'anterior' }] : [], random: listDraw(date, slot.time, state),
    });
    const p = decision.chosen ? byId.get(decision.chosen) : undefined;
    if (p) yield { time: slot.time, presellerId: p.id, presellerName: firstName(p.name), location: locationOf(p.roomUrl).kind };
  }
}
