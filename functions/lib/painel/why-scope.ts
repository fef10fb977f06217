// What a viewer may read of a meeting's routing why (issue 36, L6): every answer that carries a meeting
// (its view, after an outcome, a cancel or a reschedule) goes through this.
import type { MeetingView } from '../../../src/domain/painel/api';
import type { Viewer } from './store';

/**
 * What a viewer may read of a meeting's why: the mentor all of it; a consultant their own part (the
 * screen shows no more): their candidate line, the rule, window, tie-break and decision time; never a
 * colleague's weight, caps, counts, load, name or exclusion, nor the draw.
 */
export function scopedWhy(why: MeetingView['why'], viewer: Viewer): MeetingView['why'] {
  if (!why || viewer.role === 'mentor') return why;
  const own = (id: string) => id === viewer.preseller;
  const { routing } = why;
  return {
    routing: {
      ...routing,
      input: { ...routing.input, candidates: routing.input.candidates.filter((c) => own(c.id)), preferred: routing.input.preferred.filter((p) => own(p.id)), random: 0 },
      decision: {
        ...routing.decision,
        chosen: routing.decision.chosen && own(routing.decision.chosen) ? routing.decision.chosen : null,
        excluded: routing.decision.excluded.filter((e) => own(e.id)),
        loads: Object.fromEntries(Object.entries(routing.decision.loads).filter(([id]) => own(id))),
      },
    },
    names: Object.fromEntries(Object.entries(why.names).filter(([id]) => own(id))),
    partial: true,
  };
}
