// Calendar dates are wall-clock dates in Brasília; the API speaks YYYY-MM-DD and YYYY-MM.
import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { schedulingConfig } from '../../../domain/scheduling/config';
import { localTimeAt } from '../../../lib/meeting-time';

export const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');
export const isoMonth = (date: Date) => format(date, 'yyyy-MM');
export const shortDate = (date: Date) => format(date, 'dd/MM/yyyy');

/**
 * The visitor's own clock time for a Brasília slot (day YYYY-MM-DD, time HH:mm), or null when it reads
 * the same. The slot's instant comes from the zone's rules, not a fixed offset.
 */
export function localTimeOf(day: string, time: string, timeZone?: string): string | null {
  const [y, m, d] = day.split('-').map(Number);
  const [h, min] = time.split(':').map(Number);
  return localTimeAt(new TZDate(y, m - 1, d, h, min, schedulingConfig.timeZone), timeZone);
}

/**
 * Today in Brasília, as a local-midnight Date for the calendar: the first bookable day and the horizon
 * count from the business's day, whatever the visitor's time zone (at 22:00 in São Paulo it is already
 * tomorrow in Lisbon, and the calendar must still offer São Paulo's today).
 */
export function brasiliaToday(now: number = Date.now()): Date {
  const there = new TZDate(now, schedulingConfig.timeZone);
  return new Date(there.getFullYear(), there.getMonth(), there.getDate());
}
