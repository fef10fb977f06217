// The one query for meetings left without their consultant (src/domain/painel/orphaned.ts): scheduled,
// not started, with a consultant who is inactive or has time off over the meeting, and not kept with
// them by the team ("Manter", logged as KEEP_ACTION since the meeting's time was last set). Equipe lists
// one consultant's after a day off (its period) or a deactivation; Hoje and the morning mail read them all.
import type { OrphanedMeeting } from '../../../src/domain/painel/orphaned';
import { ORPHANED_LIMIT } from '../../../src/domain/painel/orphaned';
import type { Store } from '../store/port';

/** painel_activity's action for "Manter" (its subject: the meeting's id); painel_orphaned_meetings skips those. */
export const KEEP_ACTION = 'meeting_kept';

export type OrphanedQuery = {
  now: Date;
  /** One consultant's (any case); every consultant's when absent. */
  email?: string;
  /** Only meetings overlapping [from, to) (a day off's period). */
  from?: string;
  to?: string;
  limit?: number;
};

/** Future meetings of inactive or off consultants, first first. */
export function orphanedMeetings(store: Store, q: OrphanedQuery): Promise<OrphanedMeeting[]> {
  return store.call<OrphanedMeeting[]>('painel_orphaned_meetings', {
    now: q.now.toISOString(), email: q.email ?? null, from: q.from ?? null, to: q.to ?? null, limit: q.limit ?? ORPHANED_LIMIT,
  });
}
