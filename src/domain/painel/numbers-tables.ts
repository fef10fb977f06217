// Every table of Números, once: its title, its columns and each cell, read by the screen (which shows
// counts as "1.234") and by its CSV export (functions/lib/painel/handlers/numbers.ts, through the lists'
// Excel-safe writer), so a file always says what the screen said.
import { faturamentoOptions, labelOf, segmentoOptions, serviceOptions } from '../options';
import {
  figureLabels as f, formatChange, formatDay, formatDuration, formatRate, rate,
  type ConsultantRow, type Funnel, type GroupRow, type NumbersView, type OriginRow,
} from './numbers';

export type Cell = string | number;
/** What a column sorts by: a count's own number, a rate's fraction (null: no rate, last), a text as it reads. */
export type SortKey = number | string | null;
export type Column<T> = { header: string; cell: (row: T) => Cell; sort?: (row: T) => SortKey };
/**
 * `sortBy`: the table can be sorted by any column on the screen, and starts (and exports) sorted by this
 * column, descending; a table without it keeps its rows' own order.
 */
export type Table<T> = { title: string; columns: Column<T>[]; rows: (view: NumbersView) => T[]; sortBy?: string };
export type SortOrder = { column: number; descending: boolean };

export const noCampaign = 'sem campanha';

const rateColumn = <T extends Funnel>(header: string, n: (r: T) => number, d: (r: T) => number): Column<T> =>
  ({ header, cell: (r) => formatRate(rate(n(r), d(r))), sort: (r) => rate(n(r), d(r)) });

/** A funnel's columns, each once: the counts and the rate at each step. */
const funnel = <T extends Funnel>() => ({
  leads: { header: f.leads, cell: (r) => r.leads } as Column<T>,
  booked: { header: f.booked, cell: (r) => r.booked } as Column<T>,
  bookingRate: rateColumn<T>('Taxa de agendamento', (r) => r.booked, (r) => r.leads),
  attended: { header: f.attended, cell: (r) => r.attended } as Column<T>,
  attendanceRate: rateColumn<T>('Taxa de comparecimento', (r) => r.attended, (r) => r.booked),
  qualified: { header: f.qualified, cell: (r) => r.qualified } as Column<T>,
  qualificationRate: rateColumn<T>('Taxa de qualificação', (r) => r.qualified, (r) => r.attended),
  qualifiedPerLead: rateColumn<T>('Qualificados por lead', (r) => r.qualified, (r) => r.leads),
});

/** A funnel's columns after the group's own, in the funnel's order. */
const funnelColumns = <T extends Funnel>(): Column<T>[] => {
  const c = funnel<T>();
  return [c.leads, c.booked, c.bookingRate, c.attended, c.attendanceRate, c.qualified, c.qualificationRate, c.qualifiedPerLead];
};

/**
 * "Por origem": what a campaign brought first (qualified, attended and their rates), so a 390 px phone shows
 * them beside the campaign's name; the volume and where the visit came from after.
 */
const originColumns = (): Column<OriginRow>[] => {
  const c = funnel<OriginRow>();
  return [
    { header: 'Origem / mídia / campanha', cell: originLabel },
    c.qualified, c.attended, c.qualificationRate, c.attendanceRate, c.qualifiedPerLead, c.leads, c.booked, c.bookingRate,
    { header: 'Site de origem', cell: (r) => r.referrer ?? '—' },
  ];
};

type Step = { step: string; now: number; before: number; base: number | null };
const funnelSteps = (v: NumbersView): Step[] => [
  { step: f.leads, now: v.funnel.leads, before: v.previousFunnel.leads, base: null },
  { step: 'Viram o calendário', now: v.funnel.offered, before: v.previousFunnel.offered, base: v.funnel.offeredKnown },
  { step: 'Sem reunião por regra', now: v.funnel.noRule, before: v.previousFunnel.noRule, base: v.funnel.leads },
  { step: f.booked, now: v.funnel.booked, before: v.previousFunnel.booked, base: v.funnel.leads },
  { step: f.attended, now: v.funnel.attended, before: v.previousFunnel.attended, base: v.funnel.booked },
  { step: f.qualified, now: v.funnel.qualified, before: v.previousFunnel.qualified, base: v.funnel.attended },
];

export const originLabel = (r: OriginRow) =>
  r.source || r.medium || r.campaign ? [r.source ?? '—', r.medium ?? '—', r.campaign ?? '—'].join(' / ') : noCampaign;

const profile = (title: string, header: string, key: 'segmento' | 'faturamento' | 'servico', label: (v: string) => string): Table<GroupRow> => ({
  title,
  columns: [{ header, cell: (r) => (r.value === null ? 'não informado' : label(r.value)) }, ...funnelColumns<GroupRow>()],
  rows: (v) => v.groups[key],
});

const time = (v: NumbersView) => v.time;
type TimeRow = { metric: string; value: string };

export const numbersTables = {
  funil: {
    title: 'Funil',
    columns: [
      { header: 'Etapa', cell: (r) => r.step },
      { header: 'Pessoas', cell: (r) => r.now },
      { header: 'Taxa', cell: (r) => (r.base === null ? '—' : formatRate(rate(r.now, r.base))) },
      { header: 'Período anterior', cell: (r) => r.before },
      { header: 'Variação', cell: (r) => formatChange(r.now, r.before) },
    ],
    rows: funnelSteps,
  } satisfies Table<Step>,
  origem: {
    title: 'Por origem',
    columns: originColumns(),
    rows: (v) => v.groups.origin,
    sortBy: f.qualified,
  } satisfies Table<OriginRow>,
  consultor: {
    title: 'Por consultor',
    columns: [
      { header: 'Consultor', cell: (r) => r.name },
      { header: 'Agendadas', cell: (r) => r.booked },
      { header: 'Canceladas', cell: (r) => r.cancelled },
      { header: f.held, cell: (r) => r.held },
      { header: f.noShows, cell: (r) => r.noShows },
      { header: 'Taxa de não comparecimento', cell: (r) => formatRate(rate(r.noShows, r.held + r.noShows)) },
      { header: 'Qualificadas', cell: (r) => r.qualified },
      { header: 'Taxa de qualificação', cell: (r) => formatRate(rate(r.qualified, r.held)) },
      { header: f.pending, cell: (r) => r.pending },
      { header: 'Participação', cell: (r) => formatRate(r.share) },
      { header: 'Pelo peso', cell: (r) => formatRate(r.target) },
    ],
    rows: (v) => v.consultants,
  } satisfies Table<ConsultantRow>,
  segmento: profile('Por segmento', 'Segmento', 'segmento', (v) => labelOf(segmentoOptions, v)),
  faturamento: profile('Por faturamento', 'Faturamento', 'faturamento', (v) => labelOf(faturamentoOptions, v)),
  servico: profile('Por serviço', 'Serviço', 'servico', (v) => labelOf(serviceOptions, v)),
  tempo: {
    title: 'Tempo',
    columns: [{ header: 'Medida', cell: (r) => r.metric }, { header: 'Valor', cell: (r) => r.value }],
    rows: (v): TimeRow[] => {
      const t = time(v);
      return [
        { metric: 'Do lead ao agendamento (mediana)', value: formatDuration(t.leadToBooking.median) },
        { metric: 'Do lead ao agendamento (90 % até)', value: formatDuration(t.leadToBooking.p90) },
        { metric: 'Do agendamento à reunião (mediana)', value: formatDuration(t.bookingToMeeting.median) },
        { metric: 'Do agendamento à reunião (90 % até)', value: formatDuration(t.bookingToMeeting.p90) },
        { metric: 'Reuniões agendadas no período', value: String(t.booked) },
        { metric: 'Canceladas pelo lead', value: `${t.cancelledByLead} (${formatRate(rate(t.cancelledByLead, t.booked))})` },
        { metric: 'Canceladas pela equipe', value: `${t.cancelledByTeam} (${formatRate(rate(t.cancelledByTeam, t.booked))})` },
        { metric: 'Remarcadas', value: `${t.rescheduled} (${formatRate(rate(t.rescheduled, t.booked))})` },
        { metric: 'Remarcadas pela equipe', value: String(t.rescheduledByTeam) },
      ];
    },
  } satisfies Table<TimeRow>,
  semanas: {
    title: 'Semanas',
    columns: [
      { header: 'Semana de', cell: (r) => (r.value ? formatDay(r.value) : '—') },
      { header: f.leads, cell: (r) => r.leads },
      { header: f.qualified, cell: (r) => r.qualified },
    ],
    rows: (v) => v.groups.week,
  } satisfies Table<GroupRow>,
};

export type NumbersTable = keyof typeof numbersTables;
export const numbersTableIds = Object.keys(numbersTables) as NumbersTable[];
export const isNumbersTable = (v: string | null): v is NumbersTable => v !== null && Object.hasOwn(numbersTables, v);

/** Descending puts the largest first; a missing rate (null) is last either way; ties keep the rows' order. */
function compareKeys(a: SortKey, b: SortKey, descending: boolean): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  const order = typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'pt-BR');
  return descending ? -order : order;
}

/** A sortable table's first order (its `sortBy`, descending); null: not sortable. */
export function defaultSort(id: NumbersTable): SortOrder | null {
  const table = numbersTables[id] as unknown as Table<unknown>;
  return table.sortBy === undefined ? null : { column: table.columns.findIndex((c) => c.header === table.sortBy), descending: true };
}

/** The export's `ordem` ("3-desc", "0-asc"): the screen's order, so the file lists the rows as shown. */
export const sortParam = (order: SortOrder) => `${order.column}-${order.descending ? 'desc' : 'asc'}`;

/** `ordem` read back: a column this table has, else (absent, edited, not sortable) the table's default. */
export function parseSort(id: NumbersTable, text: string | null): SortOrder | null {
  const fallback = defaultSort(id);
  const match = /^(\d{1,2})-(asc|desc)$/.exec(text ?? '');
  if (!fallback || !match) return fallback;
  const column = Number(match[1]);
  return column < numbersTables[id].columns.length ? { column, descending: match[2] === 'desc' } : fallback;
}

/**
 * A table's header and cells as plain rows, for the screen and the CSV alike, in `order` (a sortable
 * table: its default order unless told): the file lists the rows as the screen first shows them.
 */
export function tableRows(id: NumbersTable, view: NumbersView, order: SortOrder | null = defaultSort(id)): { header: string[]; rows: Cell[][] } {
  const table = numbersTables[id] as unknown as Table<unknown>;
  let items = table.rows(view);
  if (order) {
    const column = table.columns[order.column];
    const key = (r: unknown): SortKey => (column.sort ? column.sort(r) : column.cell(r));
    items = items.map((r, i) => ({ r, i, k: key(r) })).sort((a, b) => compareKeys(a.k, b.k, order.descending) || a.i - b.i).map((x) => x.r);
  }
  return { header: table.columns.map((c) => c.header), rows: items.map((r) => table.columns.map((c) => c.cell(r))) };
}
