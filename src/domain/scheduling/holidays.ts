// Holidays (national + the configured state, of the configured types): a table generated from date-holidays
// (holidays-table.ts, by scripts/build/holidays.mjs; holidays-source.ts holds the rule), not the library itself,
// which took 60 % of a function's cold start (docs/operations.md "Cold start"). holidays.test.ts keeps the
// table equal to the library's answer.
import { HOLIDAY_TABLE } from './holidays-table';
import type { HolidayConfig } from './holidays-source';

const byYear = new Map(Object.entries(HOLIDAY_TABLE.dates).map(([year, dates]) => [Number(year), new Set(dates)]));

const sameConfig = (config: HolidayConfig) =>
  config.country === HOLIDAY_TABLE.config.country && (config.state ?? undefined) === HOLIDAY_TABLE.config.state && config.types.join() === HOLIDAY_TABLE.config.types.join();

/**
 * Whether a calendar date ('YYYY-MM-DD') is a holiday. Other settings than the table's, or a year outside it,
 * throw rather than answer "no holiday": regenerate the table (node scripts/build/holidays.mjs).
 */
export function holidayChecker(config: HolidayConfig): (date: string) => boolean {
  if (!sameConfig(config)) throw new Error(`holidays of ${JSON.stringify(config)} not in holidays-table.ts (${JSON.stringify(HOLIDAY_TABLE.config)}): run node scripts/build/holidays.mjs`);
  return (date) => {
    const year = Number(date.slice(0, 4));
    const dates = byYear.get(year);
    if (!dates) throw new Error(`holidays of ${year} not in holidays-table.ts (${HOLIDAY_TABLE.firstYear}–${HOLIDAY_TABLE.lastYear}): run node scripts/build/holidays.mjs`);
    return dates.has(date);
  };
}
