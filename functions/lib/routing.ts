// Routing on top of the store: reads the router's facts (routing_state), turns the lead's rule into a
// pool of consultants, and decides one booking (availability lists with routedSlots, in the domain).
import { behindShare, type Behind } from '../../src/domain/scheduling/fair-share';
import { capReached, route, type RoutingWhy, type RoutingWindowKind } from '../../src/domain/scheduling/routing';
import { candidatesAt, dayFacts, type Pool, type RoutingState } from '../../src/domain/scheduling/routing-facts';
import type { LeadRoute } from '../../src/domain/scheduling/rules';
import type { Candidate, PresellerRef } from '../../src/domain/scheduling/slots';
import { addDays, daysOfMonth, mondayOf, zonedParts, zonedToUtc } from '../../src/domain/scheduling/time';
import type { App } from './app';
import type { Preseller } from './store/port';
import { leadRouteOf } from './routing-rules';
import type { RoutingRules } from '../../src/domain/scheduling/rules';

type StateRow = {
  settings: { window: RoutingWindowKind; equal_ahead: number | null };
  window: { from: string; to: string };
  consultants: { id: string; weight: number; cap_day: number | null; cap_week: number | null; count: number; credit: number; last_assigned_at: string | null }[];
  load: { id: string; date: string; n: number }[];
};

/** The counting windows around now (the month and the Monday-based week, local), and the caps' dates. */
export function windowsOf(now: Date, dates: string[], timeZone: string) {
  const today = zonedParts(now, timeZone).date;
  const month = today.slice(0, 7);
  const nextMonthStart = addDays(daysOfMonth(month).at(-1)!, 1);
  const week = mondayOf(today);
  const sorted = [...dates].sort();
  return {
    month_from: zonedToUtc(`${month}-01`, '00:00', timeZone), month_to: zonedToUtc(nextMonthStart, '00:00', timeZone),
    week_from: zonedToUtc(week, '00:00', timeZone), week_to: zonedToUtc(addDays(week, 7), '00:00', timeZone),
    load_from: zonedToUtc(mondayOf(sorted[0] ?? today), '00:00', timeZone),
    load_to: zonedToUtc(addDays(mondayOf(sorted[sorted.length - 1] ?? today), 7), '00:00', timeZone),
  };
}

/** The router's facts for bookings on these dates, as of the app's clock. */
export async function readRoutingState(app: App, dates: string[]): Promise<RoutingState> {
  const tz = app.env.scheduling.timeZone;
  const row = await app.store.call<StateRow>('routing_state', { ...windowsOf(app.now(), dates, tz), now: app.now(), time_zone: tz });
  const load = new Map<string, Map<string, number>>();
  for (const l of row.load) {
    const days = load.get(l.id) ?? new Map<string, number>();
    days.set(l.date, Number(l.n));
    load.set(l.id, days);
  }
  return {
    window: { kind: row.settings.window, ...row.window },
    equalAhead: row.settings.equal_ahead,
    consultants: new Map(row.consultants.map((c) => [c.id, {
      weight: c.weight, capDay: c.cap_day, capWeek: c.cap_week, count: Number(c.count), credit: Number(c.credit), lastAssignedAt: c.last_assigned_at,
    }])),
    load,
  };
}

/** The active consultants far below their share in the routing window now (Equipe and Hoje), by id. */
export async function consultantsBehind(app: App): Promise<{ window: RoutingWindowKind; behind: Map<string, Behind> }> {
  const state = await readRoutingState(app, [zonedParts(app.now(), app.env.scheduling.timeZone).date]);
  const behind = behindShare([...state.consultants].map(([id, c]) => ({ id, weight: c.weight, count: c.count, credit: c.credit })));
  return { window: state.window.kind, behind };
}

/** The consultants a rule sends the lead to; null for a rule without meetings. */
function poolOf(leadRoute: LeadRoute, presellers: Preseller[]): Pool | null {
  if (leadRoute.kind === 'none') return null;
  if (leadRoute.kind === 'team') return { rule: leadRoute.rule, ids: null };
  const emails = new Set(leadRoute.emails.map((e) => e.toLowerCase()));
  const ids = new Set(presellers.filter((p) => emails.has(p.email.toLowerCase())).map((p) => p.id));
  // No active consultant left in the pool (deactivated after the rule was saved; "Desativar" warned of
  // it and a save of such a rule is refused): the lead goes to the whole team, never to a calendar with
  // no times that says the slot is gone.
  return { rule: leadRoute.rule, ids: ids.size > 0 ? ids : null };
}

/** A fresh draw in [0, 1) for a booking's exact ties. */
const freshDraw = () => crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32;

/** Decisions per booking or move: each retry follows a refusal by the database (the time taken, a cap reached). */
export const MAX_ROUTING_ATTEMPTS = 4;
/**
 * Routes again after "moved" (equal distribution shifted because other bookings committed first). Not
 * counted in MAX_ROUTING_ATTEMPTS: each move means another booking went through, so it is progress, and
 * a burst of 12 at once made the 4 attempts run out (8 of 12 booked in CI). Bounded all the same.
 */
export const MAX_ROUTING_MOVES = 24;

export type Decide = {
  date: string;
  slot: Candidate;
  /** The day's bookable times (whether a consultant works that day is read over them). */
  daySlots: Candidate[];
  presellers: PresellerRef[];
  state: RoutingState;
  pool: Pool;
  /** Busy intervals over the whole day. */
  busy: Parameters<typeof dayFacts>[3];
  preferred: { id: string; reason: 'anterior' | 'escolhido' }[];
  /** Consultants already tried in this request (the database refused them: taken or at their cap). */
  tried: Set<string>;
  now: Date;
};

/** One booking's decision with its "why". The tried ones read as taken. */
export function decide(d: Decide): RoutingWhy {
  const day = dayFacts(d.date, d.daySlots, d.presellers, d.busy, d.state);
  const candidates = candidatesAt(d.slot, d.presellers, d.busy, d.state, day, d.pool)
    // Refused by the database meanwhile (the time taken): read as taken, unless the fresh facts say why.
    .map((c) => (d.tried.has(c.id) && !c.busy && !capReached(c) ? { ...c, busy: 'ocupado' as const } : c));
  const input = { rule: d.pool.rule, candidates, equalAhead: d.state.equalAhead, preferred: d.preferred, random: freshDraw() };
  return {
    v: 1, at: d.now.toISOString(),
    window: d.state.window,
    input,
    decision: route(input),
  };
}

/**
 * The pool of a stored lead: its rule (the rules in force, routing-rules.ts) on its answers and service.
 * null: the rule gives this lead no meeting. An unknown lead gets the whole team (the caller decides what else).
 */
export function leadPool(rules: RoutingRules, lead: (Parameters<typeof leadRouteOf>[1]) | null, presellers: Preseller[]): Pool | null {
  if (!lead) return { rule: TEAM_RULE, ids: null };
  return poolOf(leadRouteOf(rules, lead), presellers);
}
/** The rule name stored when no lead is known (availability without ?lead=, e.g. the manage page). */
export const TEAM_RULE = 'equipe';
