// "Reuniões da semana" (issue 34, Números → Semanas): the meetings of one week, Monday to Sunday in
// Brasília, for the screen (src/islands/painel/numbers/WeekMeetings.tsx) and its endpoint
// (functions/lib/painel/handlers/week.ts). Which meetings: every meeting that starts in the week —
// cancelled ones too, marked so — by the day it starts on (the date Números counts "Realizadas" on).
import { addDays, mondayOf } from '../scheduling/time';
import type { MeetingRow } from './api';
import { attendanceLabels, meetingStatusLabels } from './copy';
import { isPainelDay } from './numbers';

export const weekPath = '/api/painel/semana';

/** GET ?de=<any day of the week>&consultor=<id> → WeekView; `de` absent: this week. */
export type WeekView = {
  /** Monday and Sunday of the week (Brasília days). */
  de: string;
  ate: string;
  /** Seven days, Monday first, each with its meetings in the order they start. */
  days: { day: string; meetings: MeetingRow[] }[];
  /** More meetings than WEEK_LIMIT: the week shows the first ones (never seen in a real team's week). */
  truncated: boolean;
};

/** At most this many meetings a week are listed: a team of ten fully booked is about 400. */
export const WEEK_LIMIT = 600;

/** The Monday of the week an address names: a day that cannot be one is this week (an old or edited address still opens). */
export function weekStart(value: string | null | undefined, today: string): string {
  return mondayOf(isPainelDay(value) ? value : today);
}

export const weekDays = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

const weekdayNames = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];
/** "Seg 23/11" */
export function weekdayLabel(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return `${weekdayNames[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]} ${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** "3 reuniões", "1 reunião", "nenhuma reunião" */
export const meetingCount = (n: number) => (n === 0 ? 'nenhuma reunião' : `${n} ${n === 1 ? 'reunião' : 'reuniões'}`);

/**
 * What became of a meeting, as one short phrase: cancelled; its latest outcome (and "qualificado");
 * "Sem desfecho" once it ended without one; "Marcada" before that.
 */
export function meetingStatus(m: MeetingRow, now: Date): string {
  if (m.status === 'cancelled') return meetingStatusLabels.cancelled;
  if (m.outcome) return `${attendanceLabels[m.outcome.attendance]}${m.outcome.qualified ? ' · qualificado' : ''}`;
  return Date.parse(m.endsAt) <= now.getTime() ? 'Sem desfecho' : 'Marcada';
}
