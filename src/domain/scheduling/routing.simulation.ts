// A booking simulation for routing.test.ts and the bench: leads pick times on a grid of days × times,
// consultants are busy where they already have a meeting, and route() decides each booking with the
// same facts availability and booking build (counts, credit, weights, caps, last assignment).
import { replays, route, type RouteCandidate, type RoutingWhy } from './routing';

/** mulberry32: a small seeded generator, so every simulation is reproducible. */
export function seeded(seed: number): () => number {
  let s = seed | 0;
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** hours: works only the first `hours` times of each day (the rest is 'fora do horário'). */
export type SimConsultant = { id: string; weight?: number; capDay?: number | null; joinsAt?: number; offDays?: number[]; hours?: number };
export type SimOptions = {
  consultants: SimConsultant[];
  bookings: number;
  seed: number;
  days?: number;
  times?: number;
  equalAhead?: number | null;
  /** How the lead picks: a random day and time, or a random day and its first time offered. */
  pick?: 'random' | 'first';
};
export type SimResult = { counts: Record<string, number>; order: string[]; whys: RoutingWhy[]; prefixes: Record<string, number>[] };

export function simulate(o: SimOptions): SimResult {
  const rand = seeded(o.seed);
  const days = o.days ?? 42;
  const times = o.times ?? 18;
  const busy = new Set<string>();
  const counts: Record<string, number> = {};
  const dayCounts: Record<string, number> = {};
  const last: Record<string, string | null> = {};
  const credit: Record<string, number> = {};
  const order: string[] = [];
  const whys: RoutingWhy[] = [];
  const prefixes: Record<string, number>[] = [];
  for (const c of o.consultants) {
    counts[c.id] = 0;
    last[c.id] = null;
    credit[c.id] = 0;
  }
  const at = (i: number) => new Date(Date.UTC(2026, 10, 2) + i * 60_000).toISOString();

  for (let i = 0; i < o.bookings; i++) {
    const team = o.consultants.filter((c) => (c.joinsAt ?? 0) <= i);
    // A consultant joining now starts at the average the others booked before (routing_state's credit).
    for (const c of team) {
      if (c.joinsAt === i && i > 0) {
        const before = team.filter((t) => t.id !== c.id);
        credit[c.id] = before.reduce((n, t) => n + counts[t.id], 0) / Math.max(1, before.length);
      }
    }
    const facts = (day: number, time: number): RouteCandidate[] =>
      team.map((c) => ({
        id: c.id, weight: c.weight ?? 100, count: counts[c.id], credit: credit[c.id], lastAssignedAt: last[c.id], inPool: true,
        busy: c.offDays?.includes(day) ? 'folga' : time >= (c.hours ?? times) ? 'fora do horário' : busy.has(`${c.id}:${day}:${time}`) ? 'ocupado' : null,
        worksThatDay: !c.offDays?.includes(day), dayCount: dayCounts[`${c.id}:${day}`] ?? 0, weekCount: 0, capDay: c.capDay ?? null, capWeek: null,
      }));
    for (let attempt = 0; attempt < 200; attempt++) {
      const day = Math.floor(rand() * days);
      let time = Math.floor(rand() * times);
      if (o.pick === 'first') {
        time = 0;
        while (time < times && route({ rule: 'sim', candidates: facts(day, time), equalAhead: o.equalAhead ?? null, preferred: [], random: 0 }).chosen === null) time++;
        if (time === times) continue;
      }
      const input = { rule: 'sim', candidates: facts(day, time), equalAhead: o.equalAhead ?? null, preferred: [], random: rand() };
      const decision = route(input);
      if (!decision.chosen) continue;
      const id = decision.chosen;
      whys.push({ v: 1, at: at(i), window: { kind: 'mes', from: at(0), to: at(o.bookings) }, input, decision });
      busy.add(`${id}:${day}:${time}`);
      counts[id]++;
      dayCounts[`${id}:${day}`] = (dayCounts[`${id}:${day}`] ?? 0) + 1;
      last[id] = at(i);
      order.push(id);
      prefixes.push({ ...counts });
      break;
    }
  }
  return { counts, order, whys, prefixes };
}

/** Largest minus smallest count among the given consultants. */
export const spread = (counts: Record<string, number>, ids = Object.keys(counts)) =>
  Math.max(...ids.map((id) => counts[id])) - Math.min(...ids.map((id) => counts[id]));

export const allReplay = (whys: RoutingWhy[]) => whys.every(replays);
