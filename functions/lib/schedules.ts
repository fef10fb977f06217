// Consultants' schedules on top of any store: before busy times are read, due calendar feeds are synced;
// and the time outside each consultant's working hours is added to their busy intervals; so is all the time
// of a consultant whose calendar has not been read for 24 h (STALE_CALENDAR_MS; README "Agendas que param
// de ser lidas": what it does not show may be taken, so they are not offered until it is read). Availability
// and booking both read busy times through Store.listBusy, so both honour hours, time off and calendars.
import type { SchedulingConfig } from '../../src/domain/scheduling/config';
import { createCalendarSync, FEED_STALE_MS, FEED_TIMEOUT_MS, type CalendarSync, type SyncOptions } from './calendar/sync';
import { hoursByPreseller, offHoursBusy, unionHours, type Weekly } from '../../src/domain/scheduling/hours';
import { STALE_CALENDAR_MS } from '../../src/domain/scheduling/calendar-copy';
import type { Busy } from '../../src/domain/scheduling/slots';
import type { Preseller, Store } from './store/port';

/** The active consultants and each one's weekly hours: what availability reads before anything else. */
export type Team = { presellers: Preseller[]; hours: Map<string, Weekly> };

export type ScheduledStore<S extends Store> = S & {
  calendars: CalendarSync;
  /** The active consultants with their hours, read together (availability reads them once per request). */
  team(): Promise<Team>;
  /** The union of the active consultants' weekly hours (SlotRules.weekly); from `team` when already read. */
  weeklyHours(team?: Team): Promise<Weekly>;
  /** Busy intervals as Store.listBusy, plus off-hours and unread calendars; `team` when already read. */
  listBusy(from: Date, to: Date, team?: Team): Promise<Busy[]>;
};

/** clock: the app's, for which calendars count as unread (the sync keeps its own, sync.now). */
export function withSchedules<S extends Store>(base: S, config: SchedulingConfig, sync: Omit<SyncOptions, 'config'> & { clock?: () => Date } = {}): ScheduledStore<S> {
  if ('calendars' in base) return base as ScheduledStore<S>;
  const calendars = createCalendarSync(base, { ...sync, config });
  const now = sync.clock ?? sync.now ?? (() => new Date());
  const team = async (): Promise<Team> => {
    const [presellers, rows] = await Promise.all([base.listActivePresellers(), base.listWorkingHours()]);
    return { presellers, hours: hoursByPreseller(presellers.map((p) => p.id), rows, config) };
  };
  return {
    ...base,
    calendars,
    team,
    async weeklyHours(known) {
      return unionHours((known ?? (await team())).hours);
    },
    async listBusy(from: Date, to: Date, known?: Team) {
      // A request waits for calendars at most the 2 s a fetch may take; a slower sync saves when done.
      await calendars.refreshDue(FEED_STALE_MS, FEED_TIMEOUT_MS);
      const [busy, { hours }, stale] = await Promise.all([base.listBusy(from, to), known ?? team(), base.staleCalendarFeeds(new Date(now().getTime() - STALE_CALENDAR_MS))]);
      const unread: Busy[] = stale.map((f) => ({ presellerId: f.presellerId, startsAt: from, endsAt: to, kind: 'calendar' }));
      return [...busy, ...unread, ...offHoursBusy(hours, from, to, config.timeZone)];
    },
  };
}
