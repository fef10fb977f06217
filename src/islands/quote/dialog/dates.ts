// Calendar dates are wall-clock dates in Brasília; the API speaks YYYY-MM-DD and YYYY-MM.
import { format } from 'date-fns';

export const isoDay = (date: Date) => format(date, 'yyyy-MM-dd');
export const isoMonth = (date: Date) => format(date, 'yyyy-MM');
export const shortDate = (date: Date) => format(date, 'dd/MM/yyyy');

/** Brasília has had no daylight saving since 2019: always UTC−3. */
const BRASILIA_OFFSET = '-03:00';

/**
 * The visitor's own clock time for a Brasília slot, or null when it reads the same
 * (their zone matches Brasília at that moment).
 */
export function localTimeOf(day: string, time: string, timeZone?: string): string | null {
  const instant = new Date(`${day}T${time}:00${BRASILIA_OFFSET}`);
  if (Number.isNaN(instant.getTime())) return null;
  const local = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(instant);
  const sameDay = new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant) === day;
  if (local === time && sameDay) return null;
  return sameDay ? local : `${local} (${new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', timeZone }).format(instant)})`;
}

export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
