// The month's routing report in pt-BR (`npm run consultants -- report [AAAA-MM]` and the console's
// "Relatório do mês"): one home for its column names and how its numbers read.
import { brNumber } from './routing-why';

/** One consultant's row: meetings booked in the month (by when they were booked) and what became of them. */
export type ReportRow = {
  name: string;
  active: boolean;
  weight: number;
  booked: number;
  held: number;
  noShows: number;
  cancelled: number;
  /** Counted meetings ÷ the team's (null: the team has none). */
  share: number | null;
  /** weight ÷ Σ weights of the active consultants (null: inactive). */
  target: number | null;
};
export type RoutingReportView = {
  month: string; consultants: ReportRow[]; leads: number; leadsBooked: number;
  /** "Falta só escolher o horário" not sent this month, by why (the painel's report; issue #36 M3). */
  followupSkips?: { automated: number; sourceCap: number; hourlyCap: number };
};

export const reportCopy = {
  columns: ['Consultor', 'Agendadas', 'Realizadas', 'Não compareceu', 'Canceladas', 'Participação', 'Meta'],
  title: (month: string) => `Relatório de ${month.slice(5)}/${month.slice(0, 4)} (reuniões pela data em que foram agendadas)`,
  leads: (n: number, m: number) => `Leads: ${n}; com reunião: ${m} (${n ? percent(m / n) : '—'})`,
  note: 'Participação: reuniões que contam (não canceladas, sem "Lead não compareceu") ÷ as do time. Meta: peso ÷ soma dos pesos dos ativos.',
  inactive: ' (inativo)',
  followupSkips: (s: { automated: number; sourceCap: number; hourlyCap: number }) =>
    `Lembretes de agendamento não enviados: ${s.automated} de envios automáticos, ${s.sourceCap} pelo limite por origem e ${s.hourlyCap} pelo limite por hora.`,
} as const;

/** "33,3 %" */
export const percent = (x: number) => `${brNumber(Math.round(x * 1000) / 10)} %`;

/** A row's cells, in the columns' order. */
export const reportCells = (c: ReportRow): string[] => [
  `${c.name}${c.active ? '' : reportCopy.inactive}`, String(c.booked), String(c.held), String(c.noShows), String(c.cancelled),
  c.share === null ? '—' : percent(c.share), c.target === null ? '—' : percent(c.target),
];
