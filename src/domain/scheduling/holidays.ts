// Holidays (national + the configured state, of the configured types) from date-holidays, cached per year.
import Holidays from 'date-holidays';

type HolidayConfig = { country: string; state?: string; types: readonly string[] };
const cache = new Map<string, Set<string>>();

/** Calendar dates ('YYYY-MM-DD') that are public holidays in the given year. */
function holidaysOf(year: number, config: HolidayConfig): Set<string> {
  const key = `${config.country}/${config.state ?? ''}/${config.types.join(',')}/${year}`;
  let set = cache.get(key);
  if (!set) {
    const hd = config.state ? new Holidays(config.country, config.state) : new Holidays(config.country);
    // Observances (e.g. Mother's Day) and 'optional' half days stay bookable unless configured.
    set = new Set(hd.getHolidays(year).filter((h) => config.types.includes(h.type)).map((h) => h.date.slice(0, 10)));
    cache.set(key, set);
  }
  return set;
}

export function holidayChecker(config: HolidayConfig): (date: string) => boolean {
  return (date) => holidaysOf(Number(date.slice(0, 4)), config).has(date);
}
