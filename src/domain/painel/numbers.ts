// Números and Hoje (issue 34): the contract of GET /api/painel/numeros and /api/painel/hoje, the period
// rules (presets, the largest period, the one before for the comparison) and the rates. What each count
// counts is decided in one place, SQL painel_numbers (supabase/migrations/20261130020000_numbers.sql);
// this module only divides them, so the screen, its CSV files and the tests agree by construction.
import type { NeedsYouItem } from './needs-you';
import type { Behind } from '../scheduling/fair-share';
import type { RoutingWindowKind } from '../scheduling/routing';
import { addDays, isIsoDate } from '../scheduling/time';
import { periodOrderMessage } from './period';

/** A period's people, step by step (numbers_people): one e-mail identity is one lead. */
export type Funnel = {
  leads: number;
  /** "Viram o calendário": routed to a calendar; offeredKnown: of the leads whose routing was recorded. */
  offered: number;
  offeredKnown: number;
  /** "Sem reunião por regra": a routing rule gave them no calendar, and they booked none. */
  noRule: number;
  booked: number;
  attended: number;
  qualified: number;
};
export type OriginRow = Funnel & { source: string | null; medium: string | null; campaign: string | null; referrer: string | null };
export type GroupRow = Funnel & { value: string | null };
export type ConsultantCounts = {
  booked: number; cancelled: number; scheduled: number; held: number; noShows: number; consultantNoShows: number;
  qualified: number; pending: number; counted: number;
};
export type ConsultantRow = ConsultantCounts & { id: string; name: string; active: boolean; share: number | null; target: number | null };
export type Quantiles = { median: number | null; p90: number | null };
export type TimeNumbers = {
  booked: number; leadToBooking: Quantiles; bookingToMeeting: Quantiles;
  cancelledByLead: number; cancelledByTeam: number; rescheduled: number; rescheduledByTeam: number;
};

/** The names of the figures, as every table, Hoje and the morning mail print them. */
export const figureLabels = {
  leads: 'Leads', booked: 'Agendaram', attended: 'Compareceram', qualified: 'Qualificados',
  held: 'Realizadas', noShows: 'Não compareceu', pending: 'Sem desfecho',
} as const;

export type Touch = 'first' | 'last';
export type NumbersView = {
  period: Period & { touch: Touch };
  previous: Period;
  funnel: Funnel;
  previousFunnel: Funnel;
  groups: { origin: OriginRow[]; segmento: GroupRow[]; faturamento: GroupRow[]; servico: GroupRow[]; week: GroupRow[] };
  consultants: ConsultantRow[];
  team: ConsultantCounts;
  time: TimeNumbers;
};

/** Hoje: yesterday, today and the next 7 days (from tomorrow), each with its leads and meetings. */
export type TodayWindow = { key: 'ontem' | 'hoje' | 'proximos'; label: string } & Period & { leads: number; team: ConsultantCounts; consultants: ConsultantRow[] };
export type TodayView = {
  windows: TodayWindow[];
  /** The mentor's: the consultants far below their share in the routing window (domain/scheduling/fair-share.ts); a consultant gets []. */
  behind: { window: RoutingWindowKind; consultants: ({ id: string } & Behind)[] };
  /** "Precisa de você": the viewer's part (src/domain/painel/needs-you.ts); empty: nothing shown. */
  needsYou: NeedsYouItem[];
};

// In a module of its own: the console's first screen asks for Hoje before this module's date code loads.
export { numbersPaths } from './numbers-paths';

export const presets = ['7d', '30d', 'mes', 'mes-passado', 'ano', 'ano-passado', 'personalizado'] as const;
export type Preset = (typeof presets)[number];
export const presetLabels: Record<Preset, string> = {
  '7d': 'Últimos 7 dias', '30d': 'Últimos 30 dias', mes: 'Este mês', 'mes-passado': 'Mês passado', ano: 'Este ano', 'ano-passado': 'Ano passado',
  personalizado: 'Personalizado',
};
export const touchWords: Record<Touch, string> = { first: 'primeiro', last: 'ultimo' };

/** Brasília days, both ends inclusive (YYYY-MM-DD). */
export type Period = { de: string; ate: string };

/**
 * Longer periods are refused: two years (731 days, a leap day included) holds "this year against last year".
 * What they cost on 50,000 leads is in `npm run bench -- painel` (tests/tools/bench-painel.mjs) and
 * docs/painel-numbers.md "Números on a year": with the per-day totals the writers keep, a year or two is
 * answered within Números' budgets of 100 ms (PostgreSQL) and 300 ms (embedded database), as a quarter is
 * (docs/performance-painel.md "Two full runs (2026-11-29, evening)").
 */
export const MAX_PERIOD_DAYS = 731;
export const periodMessages = {
  order: periodOrderMessage,
  tooLong: `O período pode ter no máximo ${MAX_PERIOD_DAYS} dias. Escolha um intervalo menor.`,
  date: 'Informe as duas datas do período (de 2000 a 2100).',
} as const;

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
export const periodDays = (p: Period) => dayNumber(p.ate) - dayNumber(p.de) + 1;
/** The days a painel address may name (Números' period, the week of Reuniões da semana), and the pickers' bounds. */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2100-12-31';
export const isPainelDay = (v: unknown): v is string => isIsoDate(v) && v >= FIRST_DAY && v <= LAST_DAY;

/** The days a preset means on `today` (Brasília). */
export function presetPeriod(preset: Exclude<Preset, 'personalizado'>, today: string): Period {
  const first = `${today.slice(0, 8)}01`;
  if (preset === '7d') return { de: addDays(today, -6), ate: today };
  if (preset === '30d') return { de: addDays(today, -29), ate: today };
  if (preset === 'mes') return { de: first, ate: today };
  const year = Number(today.slice(0, 4));
  if (preset === 'ano') return { de: `${year}-01-01`, ate: today };
  if (preset === 'ano-passado') return { de: `${year - 1}-01-01`, ate: `${year - 1}-12-31` };
  const lastOfPrevious = addDays(first, -1);
  return { de: `${lastOfPrevious.slice(0, 8)}01`, ate: lastOfPrevious };
}

/**
 * The period a query asks for: a preset (default: 30 days), or `personalizado` with `de` and `ate`.
 * An unknown preset or touch is read as the default (an old or edited address still opens); dates that
 * cannot be a period get a pt-BR message, never a guess.
 */
export function resolvePeriod(q: { periodo?: string | null; de?: string | null; ate?: string | null }, today: string):
  { ok: true; preset: Preset; period: Period } | { ok: false; error: string } {
  const preset = (presets as readonly string[]).includes(q.periodo ?? '') ? (q.periodo as Preset) : '30d';
  if (preset !== 'personalizado') return { ok: true, preset, period: presetPeriod(preset, today) };
  if (!isPainelDay(q.de) || !isPainelDay(q.ate)) return { ok: false, error: periodMessages.date };
  const period = { de: q.de, ate: q.ate };
  if (period.de > period.ate) return { ok: false, error: periodMessages.order };
  if (periodDays(period) > MAX_PERIOD_DAYS) return { ok: false, error: periodMessages.tooLong };
  return { ok: true, preset, period };
}

export const parseTouch = (value: string | null | undefined): Touch => (value === touchWords.last ? 'last' : 'first');

/** The period of equal length just before (the comparison). */
export function previousPeriod(p: Period): Period {
  const days = periodDays(p);
  return { de: addDays(p.de, -days), ate: addDays(p.de, -1) };
}

/** n ÷ d, or null when there is nothing to divide by (shown as "—", never as 0 %). */
export const rate = (n: number, d: number): number | null => (d > 0 ? n / d : null);

// Made on first use (the painel evaluates this module before its first screen, which may need neither).
let countFormatter: Intl.NumberFormat | undefined;
let rateFormatter: Intl.NumberFormat | undefined;
const countFormat = { format: (n: number) => (countFormatter ??= new Intl.NumberFormat('pt-BR')).format(n) };
const rateFormat = { format: (n: number) => (rateFormatter ??= new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })).format(n) };
/** "1.234" */
export const formatCount = (n: number) => countFormat.format(n);
/** "12,5 %", or "—" without a base. */
export const formatRate = (r: number | null) => (r === null ? '—' : `${rateFormat.format(r * 100)} %`);
/**
 * A change against the previous period: "↑ 12,5 %", "↓ 3,0 %", "novo" from zero, "—" for none. Arrows, not
 * "+": a CSV cell starting with "+" is escaped as a formula (csv.ts), and the file must say what the screen says.
 */
export function formatChange(now: number, before: number): string {
  if (before === 0) return now === 0 ? '—' : 'novo';
  const change = (now - before) / before;
  return `${change > 0 ? '↑ ' : change < 0 ? '↓ ' : ''}${rateFormat.format(Math.abs(change) * 100)} %`;
}
/** A duration in seconds as people say it: "45 min", "5,5 h", "3,2 dias"; "—" for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '—';
  if (seconds < 3600) return `${countFormat.format(Math.round(seconds / 60))} min`;
  if (seconds < 48 * 3600) return `${rateFormat.format(seconds / 3600)} h`;
  return `${rateFormat.format(seconds / 86_400)} dias`;
}
/** "26/11" */
export const formatDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
