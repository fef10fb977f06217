// The one home of the holiday rule: which of date-holidays' days block meetings. Used only to generate
// holidays-table.ts (scripts/build/holidays.mjs) and by the test that the table still equals it
// (holidays.test.ts), never at run time: date-holidays took 60 % of a function's cold start (docs/operations.md
// "Cold start"), for a handful of dates a year.
import Holidays from 'date-holidays';

export type HolidayConfig = { country: string; state?: string; types: readonly string[] };

/** Calendar dates ('YYYY-MM-DD', sorted) that are holidays of the configured types in `year`, as date-holidays says. */
export function holidaysFromLibrary(config: HolidayConfig, year: number): string[] {
  const hd = config.state ? new Holidays(config.country, config.state) : new Holidays(config.country);
  // Observances (e.g. Mother's Day) and 'optional' half days stay bookable unless configured.
  const dates = hd.getHolidays(year).filter((h) => config.types.includes(h.type)).map((h) => h.date.slice(0, 10));
  return [...new Set(dates)].sort();
}
