// Who is getting far fewer meetings than their weight says, over the routing window (month or week, as
// counted by routing_state): the one rule behind the flag of Equipe and Hoje, and its words.
//
// What a consultant should have received is the team's load per share times their share, less their
// credit (the meetings booked before they joined or on their full days off, which they could not take).
// A newcomer starts at about the team's load, so expects little; someone whose hours, calendar or caps
// keep them out of most times expects their share and gets less. "Far below": at most half of it and
// at least MIN_GAP meetings short, so a quiet start of the window or one unlucky day flags nobody.

import type { RoutingWindowKind } from './routing';

export type ShareFacts = { id: string; weight: number; count: number; credit: number };
export type Behind = { count: number; expected: number };

/** Fewer than this many meetings short is noise, whatever the ratio. */
export const MIN_GAP = 3;

export const fairShareCopy = {
  flag: 'recebendo menos que o esperado',
  /** "2 de cerca de 9 reuniões que o peso dele daria neste mês" */
  detail: (b: Behind, window: RoutingWindowKind) =>
    `${b.count} de cerca de ${b.expected} ${b.expected === 1 ? 'reunião' : 'reuniões'} que o peso daria ${window === 'semana' ? 'nesta semana' : 'neste mês'}`,
} as const;

/** The active consultants far below their share, by id (the facts: routing_state's count and credit). */
export function behindShare(team: ShareFacts[]): Map<string, Behind> {
  const weighted = team.filter((c) => c.weight > 0);
  const out = new Map<string, Behind>();
  if (weighted.length < 2) return out;
  const shares = weighted.reduce((sum, c) => sum + c.weight / 100, 0);
  const perShare = weighted.reduce((sum, c) => sum + c.count + c.credit, 0) / shares;
  for (const c of weighted) {
    const expected = perShare * (c.weight / 100) - c.credit;
    if (expected - c.count >= MIN_GAP && c.count <= expected / 2) out.set(c.id, { count: c.count, expected: Math.round(expected) });
  }
  return out;
}
