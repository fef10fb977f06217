// Meeting rules the mentor can change in one place. Used by the availability and booking functions;
// the calendar can read it too (e.g. to grey out weekends before availability arrives).

export const schedulingConfig = {
  /** All dates and times the site shows and receives are wall-clock times in this zone. */
  timeZone: 'America/Sao_Paulo',
  /** Label used in emails next to the time. */
  timeZoneLabel: 'horário de Brasília',
  /** Days with meetings, 0 = Sunday … 6 = Saturday. */
  weekdays: [1, 2, 3, 4, 5],
  /** First start and end of the working day (the last meeting must end by dayEnd). */
  dayStart: '09:00',
  dayEnd: '18:00',
  /** Meeting length; slots start every slotMinutes (09:00, 09:30, … 17:30). */
  slotMinutes: 30,
  /** Never book less than this many minutes ahead. */
  minLeadMinutes: 120,
  /** How many days ahead (from today) can be booked. */
  horizonDays: 60,
  /**
   * Holidays blocked: national plus this state's (date-holidays codes). 'bank' adds Carnival Monday and
   * Tuesday and Corpus Christi, when most businesses are closed; remove it to open those days.
   */
  holidays: { country: 'BR', state: 'PR', types: ['public', 'bank'] },
} as const;

export type SchedulingConfig = {
  timeZone: string;
  timeZoneLabel: string;
  weekdays: readonly number[];
  dayStart: string;
  dayEnd: string;
  slotMinutes: number;
  minLeadMinutes: number;
  horizonDays: number;
  holidays: { country: string; state?: string; types: readonly string[] };
};
