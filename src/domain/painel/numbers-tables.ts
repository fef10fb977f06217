// Every table of Números, once: its title, its columns and each cell, read by the screen (which shows
// counts as "1.234") and by its CSV export (functions/lib/painel/handlers/numbers.ts, through the lists'
// Excel-safe writer), so a file always says what the screen said.
import { faturamentoOptions, labelOf, segmentoOptions, serviceOptions } from '../options';
import {
  figureLabels as f, formatChange, formatDay, formatDuration, formatRate, rate,
  type ConsultantRow, type Funnel, type GroupRow, type NumbersView, type OriginRow,
} from './numbers';

export type Cell = string | number;
export type Column<T> = { header: string; cell: (row: T) => Cell };
export type Table<T> = { title: string; columns: Column<T>[]; rows: (view: NumbersView) => T[] };

export const noCampaign = 'sem campanha';

/** A funnel's columns after the group's own: the counts and the rate at each step. */
const funnelColumns = <T extends Funnel>(): Column<T>[] => [
  { header: f.leads, cell: (r) => r.leads },
  { header: f.booked, cell: (r) => r.booked },
  { header: 'Taxa de agendamento', cell: (r) => formatRate(rate(r.booked, r.leads)) },
  { header: f.attended, cell: (r) => r.attended },
  { header: 'Taxa de comparecimento', cell: (r) => formatRate(rate(r.attended, r.booked)) },
  { header: f.qualified, cell: (r) => r.qualified },
  { header: 'Taxa de qualificação', cell: (r) => formatRate(rate(r.qualified, r.attended)) },
  { header: 'Qualificados por lead', cell: (r) => formatRate(rate(r.qualified, r.leads)) },
];

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
    columns: [
      { header: 'Origem / mídia / campanha', cell: originLabel },
      { header: 'Site de origem', cell: (r) => r.referrer ?? '—' },
      ...funnelColumns<OriginRow>(),
    ],
    rows: (v) => v.groups.origin,
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

/** A table's header and cells as plain rows, for the screen and the CSV alike. */
export function tableRows(id: NumbersTable, view: NumbersView): { header: string[]; rows: Cell[][] } {
  const table = numbersTables[id] as unknown as Table<unknown>;
  return { header: table.columns.map((c) => c.header), rows: table.rows(view).map((r) => table.columns.map((c) => c.cell(r))) };
}
