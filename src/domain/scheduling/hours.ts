// Weekly working hours (pure): the mentor's notation, each consultant's effective hours, and the busy
// intervals outside them. Hours are wall-clock times in the scheduling time zone.
import type { SchedulingConfig } from './config';
import type { Busy } from './busy';
import { addDays, hhmm, isHhMm, minutesOf, weekdayOf, zonedParts, zonedToUtc } from './time';

/** One working range on a weekday (0 = Sunday), 'HH:MM' to 'HH:MM'. */
export type HoursRange = { weekday: number; start: string; end: string };
export type WorkingHours = HoursRange & { presellerId: string };
/** Ranges per weekday, minutes from local midnight, sorted and merged. */
export type Weekly = Map<number, [number, number][]>;

export const weekdayNames = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sab'] as const;

export const hoursCopy = {
  empty: 'Informe os horários, por exemplo: "seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00".',
  weekday: (w: string) => `Dia da semana inválido: "${w}". Use dom, seg, ter, qua, qui, sex ou sab (ou um intervalo como seg-sex).`,
  range: (r: string) => `Horário inválido: "${r}". Use HH:MM-HH:MM, com o fim depois do início (ex.: 09:00-12:00).`,
  noRange: (d: string) => `Faltam os horários de "${d}" (ex.: ${d} 09:00-12:00).`,
  overlap: (d: string) => `Horários sobrepostos em ${d}.`,
  repeated: (d: string) => `O dia ${d} aparece mais de uma vez.`,
} as const;

export class HoursError extends Error {}

function parseDays(token: string): number[] {
  const [a, b, extra] = token.split('-');
  const from = weekdayNames.indexOf(a as (typeof weekdayNames)[number]);
  const to = b === undefined ? from : weekdayNames.indexOf(b as (typeof weekdayNames)[number]);
  if (extra !== undefined || from < 0 || to < 0) throw new HoursError(hoursCopy.weekday(token));
  const days: number[] = [];
  for (let d = from; ; d = (d + 1) % 7) {
    days.push(d);
    if (d === to) break;
  }
  return days;
}

function parseRange(token: string): [string, string] {
  const m = /^(\d{2}:\d{2})-(\d{2}:\d{2}|24:00)$/.exec(token);
  if (!m || !isHhMm(m[1]) || (m[2] !== '24:00' && !isHhMm(m[2])) || minutesOf(m[2]) <= minutesOf(m[1])) {
    throw new HoursError(hoursCopy.range(token));
  }
  return [m[1], m[2] === '24:00' ? '23:59' : m[2]];
}

/**
 * `seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00` → ranges. Groups are separated by `;`; a group is
 * a day or day interval (wrapping allowed: sex-seg) followed by one or more ranges. Days not listed are off.
 */
export function parseHours(text: string): HoursRange[] {
  const groups = text.split(';').map((g) => g.trim()).filter(Boolean);
  if (groups.length === 0) throw new HoursError(hoursCopy.empty);
  const out: HoursRange[] = [];
  const seen = new Set<number>();
  for (const group of groups) {
    const [dayToken, ...rangeTokens] = group.toLowerCase().split(/\s+/);
    const days = parseDays(dayToken);
    if (rangeTokens.length === 0) throw new HoursError(hoursCopy.noRange(dayToken));
    const ranges = rangeTokens.map(parseRange).sort((x, y) => minutesOf(x[0]) - minutesOf(y[0]));
    ranges.forEach((r, i) => {
      if (i > 0 && minutesOf(r[0]) < minutesOf(ranges[i - 1][1])) throw new HoursError(hoursCopy.overlap(dayToken));
    });
    for (const day of days) {
      if (seen.has(day)) throw new HoursError(hoursCopy.repeated(weekdayNames[day]));
      seen.add(day);
      for (const [start, end] of ranges) out.push({ weekday: day, start, end });
    }
  }
  return out.sort((a, b) => a.weekday - b.weekday || minutesOf(a.start) - minutesOf(b.start));
}

/** Ranges back in the mentor's notation; consecutive days with the same ranges are grouped (`seg-sex …`). */
export function formatHours(ranges: HoursRange[]): string {
  const byDay = new Map<number, string>();
  for (const r of [...ranges].sort((a, b) => a.weekday - b.weekday || minutesOf(a.start) - minutesOf(b.start))) {
    byDay.set(r.weekday, `${byDay.has(r.weekday) ? `${byDay.get(r.weekday)} ` : ''}${r.start}-${r.end}`);
  }
  const groups: { from: number; to: number; text: string }[] = [];
  for (const [day, text] of byDay) {
    const last = groups.at(-1);
    if (last && last.to === day - 1 && last.text === text) last.to = day;
    else groups.push({ from: day, to: day, text });
  }
  return groups
    .map((g) => `${weekdayNames[g.from]}${g.to > g.from ? `-${weekdayNames[g.to]}` : ''} ${g.text}`)
    .join('; ');
}

/** The global rules as weekly ranges: the hours of a consultant who has none of their own. */
export function defaultHours(config: SchedulingConfig): HoursRange[] {
  return config.weekdays.map((weekday) => ({ weekday, start: config.dayStart, end: config.dayEnd }));
}

function toWeekly(ranges: HoursRange[]): Weekly {
  const weekly: Weekly = new Map();
  for (const r of ranges) weekly.set(r.weekday, [...(weekly.get(r.weekday) ?? []), [minutesOf(r.start), minutesOf(r.end)]]);
  for (const [day, list] of weekly) {
    list.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [s, e] of list) {
      const last = merged.at(-1);
      if (last && s <= last[1]) last[1] = Math.max(last[1], e);
      else merged.push([s, e]);
    }
    weekly.set(day, merged);
  }
  return weekly;
}

/** Each consultant's weekly ranges: their own rows, else the default hours. */
export function hoursByPreseller(presellerIds: string[], rows: WorkingHours[], config: SchedulingConfig): Map<string, Weekly> {
  const own = new Map<string, HoursRange[]>();
  for (const r of rows) own.set(r.presellerId, [...(own.get(r.presellerId) ?? []), r]);
  return new Map(presellerIds.map((id) => [id, toWeekly(own.get(id) ?? defaultHours(config))]));
}

/** The union of everyone's hours: when the site offers slots at all. */
export function unionHours(byPreseller: Map<string, Weekly>): Weekly {
  return toWeekly([...byPreseller.values()].flatMap((w) => [...w].flatMap(([weekday, list]) =>
    list.map(([s, e]) => ({ weekday, start: hhmm(s), end: hhmm(e) })))));
}

/** Busy intervals outside each consultant's hours, over the local days touching [from, to). */
export function offHoursBusy(byPreseller: Map<string, Weekly>, from: Date, to: Date, timeZone: string): Busy[] {
  const out: Busy[] = [];
  const first = addDays(zonedParts(from, timeZone).date, -1);
  const last = addDays(zonedParts(to, timeZone).date, 1);
  // The instants of a day's boundaries, once per day: the team mostly shares its hours, and converting
  // each consultant's own (~1,200 conversions for a month of 6) was ~2.8 ms of a ?month request.
  let day: Map<number, number>;
  const at = (date: string, minutes: number) => {
    let ms = day.get(minutes);
    if (ms === undefined) {
      ms = (minutes >= 1439 ? zonedToUtc(addDays(date, 1), '00:00', timeZone) : zonedToUtc(date, hhmm(minutes), timeZone)).getTime();
      day.set(minutes, ms);
    }
    return new Date(ms);
  };
  for (let date = first; date <= last; date = addDays(date, 1)) {
    day = new Map();
    const weekday = weekdayOf(date);
    for (const [presellerId, weekly] of byPreseller) {
      let cursor = 0;
      for (const [s, e] of weekly.get(weekday) ?? []) {
        if (s > cursor) out.push({ presellerId, startsAt: at(date, cursor), endsAt: at(date, s), kind: 'hours' });
        cursor = e;
      }
      if (cursor < 1439) out.push({ presellerId, startsAt: at(date, cursor), endsAt: at(date, 1440), kind: 'hours' });
    }
  }
  return out.filter((b) => b.startsAt < to && b.endsAt > from && b.endsAt > b.startsAt);
}
