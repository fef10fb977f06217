// Meeting times as people read them: the wall clock in Brasília (schedulingConfig.timeZone, through
// Intl's time-zone database, so a future change of the zone's rules needs no code change), plus the
// visitor's own clock when it reads differently. Shared by the scheduling dialog and /reuniao.
import { schedulingConfig } from '../domain/scheduling/config';

export type WallClock = { day: string; date: string; time: string };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string | undefined) {
  const key = timeZone ?? '';
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(key, f);
  }
  return f;
}

/** Day (YYYY-MM-DD), date (dd/MM/yyyy) and time (HH:mm) of an instant in a zone (default: Brasília). */
export function wallClock(instant: Date, timeZone: string | undefined = schedulingConfig.timeZone): WallClock {
  const parts = Object.fromEntries(formatter(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, date: `${parts.day}/${parts.month}/${parts.year}`, time: `${parts.hour}:${parts.minute}` };
}

/** The browser's own time zone (IANA name). */
export const visitorTimeZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The visitor's clock time for an instant, or null when it reads the same as Brasília's. Another day
 * is named: '05:30 (25/11)'. `timeZone` is the visitor's (default: the browser's).
 */
export function localTimeAt(instant: Date, timeZone: string = visitorTimeZone()): string | null {
  if (Number.isNaN(instant.getTime())) return null;
  const brasilia = wallClock(instant);
  const local = wallClock(instant, timeZone);
  if (local.day === brasilia.day && local.time === brasilia.time) return null;
  return local.day === brasilia.day ? local.time : `${local.time} (${local.date.slice(0, 5)})`;
}
