// Wall-clock dates and times in a named time zone, with only Intl (no Node APIs, no tz database copy).

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

let lastParts: { key: string; value: { date: string; time: string } } | null = null;

/** Local date 'YYYY-MM-DD' and time 'HH:mm' of an instant in the zone (the last answer is reused within a minute). */
export function zonedParts(instant: Date, timeZone: string): { date: string; time: string } {
  const key = `${timeZone}|${Math.floor(instant.getTime() / 60_000)}`;
  if (lastParts?.key === key) return lastParts.value;
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) p[part.type] = part.value;
  const value = { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
  lastParts = { key, value };
  return value;
}

function offsetMinutes(utcMs: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(utcMs))) p[part.type] = Number(part.value);
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(utcMs / 1000) * 1000) / 60_000;
}

// Intl is the slow part of availability (~20 µs a call), and the answers never change: memoise them.
const utcMemo = new Map<string, number>();

/** The instant at which the zone's clock shows `date` `time`. */
export function zonedToUtc(date: string, time: string, timeZone: string): Date {
  const memoKey = `${timeZone}|${date}|${time}`;
  const known = utcMemo.get(memoKey);
  if (known !== undefined) return new Date(known);
  const utc = computeZonedToUtc(date, time, timeZone);
  if (utcMemo.size > 50_000) utcMemo.clear();
  utcMemo.set(memoKey, utc);
  return new Date(utc);
}

function computeZonedToUtc(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const naive = Date.UTC(y, m - 1, d, hh, mm);
  const utc = naive - offsetMinutes(naive, timeZone) * 60_000;
  // Second pass in case the offset differs at the corrected instant (DST edges).
  return naive - offsetMinutes(utc, timeZone) * 60_000;
}

/** True for a real calendar date in the form YYYY-MM-DD. */
export function isIsoDate(s: unknown): s is string {
  if (typeof s !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [y, m, d] = s.split('-').map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

export function isIsoMonth(s: unknown): s is string {
  return typeof s === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(s);
}

export function isHhMm(s: unknown): s is string {
  return typeof s === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(s);
}

/** Day of week of a calendar date, 0 = Sunday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function daysOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}

export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
}

export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** dd/MM/yyyy for pt-BR copy. */
export function brDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}
