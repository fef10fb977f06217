// Meetings their consultant cannot hold: booked with someone deactivated since, or under a time off
// saved over them, and not kept with them by the team ("Manter", logged as KEEP_ACTION since the
// meeting's time was last set). One query (SQL painel_orphaned_meetings) read by "Precisa de você" (Hoje
// and the morning mail) and by Equipe when a time off or a deactivation is saved (handlers/team.ts).
import type { OrphanedMeeting } from '../../../src/domain/painel/orphaned';
import type { Store } from '../store/port';

export type { OrphanedMeeting, OrphanReason } from '../../../src/domain/painel/orphaned';

/** painel_activity's action for "Manter" (its subject: the meeting's id); painel_orphaned_meetings skips those. */
export const KEEP_ACTION = 'meeting_kept';

export type OrphanedQuery = {
  /** The clock: meetings from this instant on, unless `from` says otherwise. */
  now: Date;
  from?: Date;
  /** Exclusive; none: every meeting to come. */
  until?: Date;
  /** One consultant's only, by id (a consultant's own view)… */
  presellerId?: string | null;
  /** …or by e-mail, any case (the team commands name consultants by e-mail). */
  email?: string | null;
  /** At most this many; none: all. */
  limit?: number;
};

/** Scheduled meetings from `from` (default `now`) whose consultant is inactive or off over them, oldest first. */
export function orphanedMeetings(store: Store, q: OrphanedQuery): Promise<OrphanedMeeting[]> {
  return store.call<OrphanedMeeting[]>('painel_orphaned_meetings', {
    now: q.now.toISOString(),
    from: q.from?.toISOString() ?? null,
    until: q.until?.toISOString() ?? null,
    preseller: q.presellerId ?? null,
    email: q.email ?? null,
    limit: q.limit ?? null,
  });
}
