// The committed holiday table is date-holidays' answer for every year it holds (scripts/build/holidays.mjs
// writes it from holidays-source.ts): a new date-holidays release or a changed setting fails here until the
// table is regenerated, so the rule keeps one home and the table cannot drift from it.
import { describe, expect, it } from 'vitest';
import { schedulingConfig } from './config';
import { holidayChecker } from './holidays';
import { holidaysFromLibrary } from './holidays-source';
import { HOLIDAY_TABLE } from './holidays-table';

describe('holiday table', () => {
  it('was generated for the configured holidays', () => {
    expect(HOLIDAY_TABLE.config).toEqual({ country: schedulingConfig.holidays.country, state: schedulingConfig.holidays.state, types: schedulingConfig.holidays.types });
  });

  it('equals date-holidays for every year it holds, and holds every year from its first to its last', () => {
    const years = Object.keys(HOLIDAY_TABLE.dates).map(Number);
    expect(years).toEqual(Array.from({ length: HOLIDAY_TABLE.lastYear - HOLIDAY_TABLE.firstYear + 1 }, (_, i) => HOLIDAY_TABLE.firstYear + i));
    for (const year of years) expect(HOLIDAY_TABLE.dates[year], String(year)).toEqual(holidaysFromLibrary(schedulingConfig.holidays, year));
  });

  it('answers from the table, and refuses what it does not hold rather than calling it a working day', () => {
    const isHoliday = holidayChecker(schedulingConfig.holidays);
    expect(isHoliday('2026-12-25')).toBe(true);
    expect(isHoliday('2028-12-19')).toBe(true); // Emancipação do Paraná: the state's
    expect(isHoliday('2026-12-24')).toBe(false);
    expect(() => isHoliday(`${HOLIDAY_TABLE.lastYear + 1}-01-01`)).toThrow(/scripts\/build\/holidays\.mjs/);
    expect(() => holidayChecker({ country: 'BR', types: ['public'] })).toThrow(/not in holidays-table\.ts/);
  });
});
