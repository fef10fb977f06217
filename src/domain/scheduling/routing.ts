// Who gets a lead (pure): the routing rule. Given the facts about each consultant at one time, it excludes
// the ones who cannot take it (each with its reason) and picks among the rest:
// 1. the lead's earlier consultant ('consultor anterior'), when free;
// 2. the consultant the dialog showed for the chosen time ('horário escolhido'), when still allowed;
// 3. the lowest load — (meetings counted in the window + credit) ÷ share, so a 50 % consultant is
//    "as loaded" as a full one with half the meetings — then the least recently assigned, then a draw.
// Never alphabetical. The facts and the draw are stored with each booking (RoutingWhy), and replaying
// them through route() gives the same consultant.

/** Why a consultant was not a candidate; the pt-BR words are what the console and the CLI show. */
export type Exclusion = 'fora do grupo' | 'folga' | 'fora do horário' | 'ocupado' | 'limite diário' | 'limite semanal' | 'à frente do time';
/** What makes a consultant busy at a time, as an exclusion. */
export type BusyReason = Extract<Exclusion, 'ocupado' | 'folga' | 'fora do horário'>;

export type RouteCandidate = {
  id: string;
  /** Share of the leads: 100 = a full share, 50 = half. */
  weight: number;
  /** Meetings booked in the window that count (not cancelled, not "Lead não compareceu"). */
  count: number;
  /** Meetings credited without being booked: joined mid-window, full days off (SQL routing_state). */
  credit: number;
  /** When this consultant was last assigned a meeting (ISO), null: never. */
  lastAssignedAt: string | null;
  /** In the pool of the lead's routing rule. */
  inPool: boolean;
  /** Busy at this time, and why; null: free. */
  busy: BusyReason | null;
  /** Has working time that day (not all off-hours, time off or calendar blocks): equal distribution compares these. */
  worksThatDay: boolean;
  /** Scheduled meetings on the meeting's day and week, against the caps (null: no cap). */
  dayCount: number;
  weekCount: number;
  capDay: number | null;
  capWeek: number | null;
};

export type RouteInput = {
  /** The name of the routing rule that matched the lead (content/roteamento.yaml). */
  rule: string;
  candidates: RouteCandidate[];
  /** Equal distribution: exclude a consultant this many meetings (or more) ahead; null: off. */
  equalAhead: number | null;
  preferred: { id: string; reason: 'anterior' | 'escolhido' }[];
  /** A draw in [0, 1) for exact ties. */
  random: number;
};

export type TieBreak = 'consultor anterior' | 'horário escolhido' | 'único livre' | 'menor contagem' | 'menos recente' | 'sorteio';
export type RouteDecision = {
  /** null: nobody can take this time. */
  chosen: string | null;
  tieBreak: TieBreak | null;
  excluded: { id: string; reason: Exclusion }[];
  /** Each candidate's load (meetings + credit) ÷ share, rounded to 0.001. */
  loads: Record<string, number>;
};

/** Stored with each booking (meetings.routing): the facts, the draw and the decision; ids only. */
/** The routing window: the meetings of this month, or of this week (Monday to Sunday), are counted. */
export type RoutingWindowKind = 'mes' | 'semana';

export type RoutingWhy = {
  v: 1;
  /** When the decision was made (ISO). */
  at: string;
  window: { kind: RoutingWindowKind; from: string; to: string };
  input: RouteInput;
  decision: RouteDecision;
};

/** Equal distribution's N when the mentor turns it on without one (`mode igual`): 3, as Calendly and Cal.com do. */
export const EQUAL_AHEAD_DEFAULT = 3;

const round = (n: number) => Math.round(n * 1000) / 1000;
/** Load in "full-share meetings": what fairness equalises. */
export const loadOf = (c: Pick<RouteCandidate, 'count' | 'credit' | 'weight'>) => round(((c.count + c.credit) * 100) / Math.max(1, c.weight));

/** The cap a consultant has reached for the meeting's day or week, if any. */
export function capReached(c: RouteCandidate): Extract<Exclusion, 'limite diário' | 'limite semanal'> | null {
  if (c.capDay !== null && c.dayCount >= c.capDay) return 'limite diário';
  if (c.capWeek !== null && c.weekCount >= c.capWeek) return 'limite semanal';
  return null;
}

/** The first reason a consultant cannot take the time, before fairness. */
function hardExclusion(c: RouteCandidate): Exclusion | null {
  if (!c.inPool) return 'fora do grupo';
  if (c.busy) return c.busy;
  return capReached(c);
}

export function route(input: RouteInput): RouteDecision {
  const loads = Object.fromEntries(input.candidates.map((c) => [c.id, loadOf(c)]));
  const excluded: RouteDecision['excluded'] = [];
  const allowed: RouteCandidate[] = [];
  for (const c of input.candidates) {
    const reason = hardExclusion(c);
    if (reason) excluded.push({ id: c.id, reason });
    else allowed.push(c);
  }
  // The earlier consultant keeps a returning lead whenever free, whatever the fairness.
  const previous = input.preferred.find((p) => p.reason === 'anterior' && allowed.some((c) => c.id === p.id));
  if (previous) return { chosen: previous.id, tieBreak: 'consultor anterior', excluded, loads };

  let eligible = allowed;
  if (input.equalAhead !== null) {
    // Compared with those who could still take a meeting that day: at a cap, a consultant's load stops
    // growing, and everyone else would end up hidden behind them.
    const working = input.candidates.filter((c) => c.inPool && c.worksThatDay && !capReached(c));
    const least = Math.min(...working.map((c) => loads[c.id]));
    eligible = allowed.filter((c) => {
      const ahead = Number.isFinite(least) && loads[c.id] - least >= input.equalAhead!;
      if (ahead) excluded.push({ id: c.id, reason: 'à frente do time' });
      return !ahead;
    });
  }
  if (eligible.length === 0) return { chosen: null, tieBreak: null, excluded, loads };

  const shown = input.preferred.find((p) => p.reason === 'escolhido' && eligible.some((c) => c.id === p.id));
  if (shown) return { chosen: shown.id, tieBreak: 'horário escolhido', excluded, loads };
  if (eligible.length === 1) return { chosen: eligible[0].id, tieBreak: 'único livre', excluded, loads };

  const lowest = Math.min(...eligible.map((c) => loads[c.id]));
  const byLoad = eligible.filter((c) => loads[c.id] === lowest);
  if (byLoad.length === 1) return { chosen: byLoad[0].id, tieBreak: 'menor contagem', excluded, loads };

  // Never assigned sorts first (''), then the oldest assignment.
  const stamp = (c: RouteCandidate) => c.lastAssignedAt ?? '';
  const oldest = byLoad.map(stamp).sort()[0];
  const byRecency = byLoad.filter((c) => stamp(c) === oldest);
  if (byRecency.length === 1) return { chosen: byRecency[0].id, tieBreak: 'menos recente', excluded, loads };

  // Ids sorted so the same draw always picks the same consultant (replay).
  const tied = byRecency.map((c) => c.id).sort();
  const draw = Math.min(tied.length - 1, Math.floor(Math.max(0, input.random) * tied.length));
  return { chosen: tied[draw], tieBreak: 'sorteio', excluded, loads };
}

/** Replays a stored decision: true when the same facts and draw give the same consultant. */
export function replays(why: RoutingWhy): boolean {
  return route(why.input).chosen === why.decision.chosen;
}
