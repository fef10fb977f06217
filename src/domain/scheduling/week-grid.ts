// Weekly hours as the painel's grid shows them (issue 33): a row per weekday, on or off, one or more
// intervals picked from 30-minute steps; and the hours in words ("seg–sex, 9h–18h"). Pure: the grid's
// checks run in the browser (a message next to the field) and the server re-checks the same ranges with
// parseHours (hours.ts), the one parser the CLI uses too. The grid saves through formatHours → 'hours'.
import { formatHours, type HoursRange } from './hours';
import { minutesOf } from './time';

export type GridRange = { start: string; end: string };
export type DayRow = { on: boolean; ranges: GridRange[] };
/** Index = weekday, 0 = Sunday (as HoursRange). */
export type WeekGrid = DayRow[];

/** Monday first, as a Brazilian week is read. */
export const gridOrder = [1, 2, 3, 4, 5, 6, 0] as const;
export const dayNames = ['Domingo', 'Segunda', 'Terça', 'Quarta', 'Quinta', 'Sexta', 'Sábado'] as const;
const shortNames = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'] as const;

/** 00:00, 00:30 … 23:30 and 23:59 (the end of the day, shown as 24h). */
export const gridTimes: string[] = [...Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`), '23:59'];

export const gridCopy = {
  endBeforeStart: 'O fim deve ser depois do início.',
  overlap: 'Este intervalo se sobrepõe a outro do mesmo dia.',
  emptyDay: 'Inclua um intervalo ou desligue o dia.',
  noDay: 'Ligue ao menos um dia. Para parar de receber agendamentos, use “Desativar”.',
  tooMany: 'No máximo 6 intervalos por dia.',
} as const;
export const MAX_RANGES_PER_DAY = 6;

/** "9h", "9h30", "24h". */
export function timeWords(time: string): string {
  if (time === '23:59') return '24h';
  const [h, m] = time.split(':');
  return `${Number(h)}h${m === '00' ? '' : m}`;
}

export function gridFromRanges(ranges: HoursRange[]): WeekGrid {
  const grid: WeekGrid = Array.from({ length: 7 }, () => ({ on: false, ranges: [] }));
  for (const r of [...ranges].sort((a, b) => minutesOf(a.start) - minutesOf(b.start))) {
    grid[r.weekday].on = true;
    grid[r.weekday].ranges.push({ start: r.start, end: r.end });
  }
  return grid;
}

export function rangesFromGrid(grid: WeekGrid): HoursRange[] {
  return grid.flatMap((day, weekday) => (day.on ? day.ranges.map((r) => ({ weekday, ...r })) : []));
}

/** The grid as the 'hours' command takes it ("seg-sex 09:00-18:00"). */
export const gridCommandText = (grid: WeekGrid) => formatHours(rangesFromGrid(grid));

/**
 * Errors by field: `${weekday}-${index}-end` (end before start), `${weekday}-${index}-start` (overlap),
 * `${weekday}` (a day on without intervals), 'week' (no day on). Empty: the grid can be saved.
 */
export function checkGrid(grid: WeekGrid): Record<string, string> {
  const errors: Record<string, string> = {};
  grid.forEach((day, weekday) => {
    if (!day.on) return;
    if (day.ranges.length === 0) errors[weekday] = gridCopy.emptyDay;
    if (day.ranges.length > MAX_RANGES_PER_DAY) errors[weekday] = gridCopy.tooMany;
    day.ranges.forEach((r, i) => {
      if (minutesOf(r.end) <= minutesOf(r.start)) errors[`${weekday}-${i}-end`] = gridCopy.endBeforeStart;
      else if (day.ranges.some((o, j) => j !== i && minutesOf(o.end) > minutesOf(o.start) && minutesOf(r.start) < minutesOf(o.end) && minutesOf(o.start) < minutesOf(r.end) && j < i)) {
        errors[`${weekday}-${i}-start`] = gridCopy.overlap;
      }
    });
  });
  if (!grid.some((d) => d.on)) errors.week = gridCopy.noDay;
  return errors;
}

/** The hours in words, days grouped as the week is read: "seg–sex, 9h–12h e 13h–18h; sáb, 9h–12h". */
export function hoursInWords(ranges: HoursRange[]): string {
  const grid = gridFromRanges(ranges);
  const text = (d: DayRow) => d.ranges.map((r) => `${timeWords(r.start)}–${timeWords(r.end)}`).join(' e ');
  const groups: { from: number; to: number; text: string }[] = [];
  for (const weekday of gridOrder) {
    const day = grid[weekday];
    if (!day.on) continue;
    const last = groups.at(-1);
    const position = gridOrder.indexOf(weekday);
    if (last && gridOrder.indexOf(last.to as (typeof gridOrder)[number]) === position - 1 && last.text === text(day)) last.to = weekday;
    else groups.push({ from: weekday, to: weekday, text: text(day) });
  }
  return groups.map((g) => `${shortNames[g.from]}${g.to !== g.from ? `–${shortNames[g.to]}` : ''}, ${g.text}`).join('; ');
}
