// The routing commands of `npm run consultants` (issue 19), dispatched from consultants.ts's parser and
// runner, so the console's Equipe runs them too: the counting window ("janela"), equal distribution
// ("mode"), a consultant's weight and caps ("weight", "limit"), the why of one meeting ("why") and the
// month's report ("report"). Arguments are checked before the store is touched; each command is one SQL
// call (routing_admin, routing_why, routing_report in 20261127000300_routing_admin.sql).
import * as z from 'zod/mini';
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import { EQUAL_AHEAD_DEFAULT, type RoutingWhy, type RoutingWindowKind } from '../../../src/domain/scheduling/routing';
import { brNumber, whyCopy, whyLines } from '../../../src/domain/scheduling/routing-why';
import { brDate, isIsoMonth, zonedParts } from '../../../src/domain/scheduling/time';
import { reportCells, reportCopy, type RoutingReportView } from '../../../src/domain/scheduling/routing-report';
import type { Store } from '../store/port';

/** The bounds the table CHECKs hold (20261127000000_routing.sql). */
export const ROUTING_LIMITS = { weight: [1, 1000], capDay: [1, 50], capWeek: [1, 250], equalAhead: [1, 50] } as const;

export const routingUsage = [
  '  limit <email> 4/dia 15/semana   |   limit <email> sem      (limites de reuniões; "sem/dia" ou "sem/semana" tira um deles)',
  '  weight <email> 50               (parte dos leads: 100 = parte inteira, 50 = metade; de 1 a 1000)',
  '  mode igual 3   |   mode normal   (distribuição igual: ninguém fica 3 ou mais reuniões à frente)',
  '  janela mes   |   janela semana   (período em que as reuniões são contadas)',
  '  why <id-da-reunião>',
  '  report [AAAA-MM]                (padrão: o mês atual)',
];

export const routingCopy = {
  limit: `Limites inválidos: use "4/dia", "15/semana" (ou os dois), "sem/dia", "sem/semana" ou "sem" — de ${ROUTING_LIMITS.capDay[0]} a ${ROUTING_LIMITS.capDay[1]} por dia e de ${ROUTING_LIMITS.capWeek[0]} a ${ROUTING_LIMITS.capWeek[1]} por semana.`,
  weight: `Peso inválido: use um número inteiro de ${ROUTING_LIMITS.weight[0]} a ${ROUTING_LIMITS.weight[1]} (100 = parte inteira, 50 = metade).`,
  mode: `Modo inválido: use "mode igual N" (N de ${ROUTING_LIMITS.equalAhead[0]} a ${ROUTING_LIMITS.equalAhead[1]}; sem N, ${EQUAL_AHEAD_DEFAULT}) ou "mode normal".`,
  window: 'Janela inválida: use "janela mes" ou "janela semana".',
  meetingId: (id: string) => `Id de reunião inválido: "${id}". Copie o id da reunião (36 caracteres, como 0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0001).`,
  month: (m: string) => `Mês inválido: "${m}". Use AAAA-MM, por exemplo 2026-11.`,
  unknownMeeting: (id: string) => `Nenhuma reunião com o id ${id}.`,
  limitSet: (e: string, day: string, week: string) => `Limites de ${e}: ${day} por dia, ${week} por semana.`,
  weightSet: (e: string, w: number) => `Peso de ${e}: ${w} (${brNumber(w / 100)} da parte de um consultor).`,
  modeSet: (n: number | null) => (n === null ? 'Distribuição igual desligada: vale a menor carga.' : `Distribuição igual: ninguém recebe reunião estando ${n} ou mais à frente de quem tem menos.`),
  windowSet: (w: RoutingWindowKind) => `Reuniões contadas por ${w === 'mes' ? 'mês' : 'semana (segunda a domingo)'}.`,
  noCap: 'sem limite',
  teamLine: (w: RoutingWindowKind, n: number | null) =>
    `Distribuição: contagem por ${w === 'mes' ? 'mês' : 'semana'}; distribuição igual ${n === null ? 'desligada' : `(até ${n} à frente)`}.`,
  reportTitle: reportCopy.title,
  reportHeader: reportCopy.columns,
  reportLeads: reportCopy.leads,
  reportNote: reportCopy.note,
} as const;

export type RoutingCommand =
  | { action: 'routing-limit'; email: string; capDay?: number | null; capWeek?: number | null }
  | { action: 'routing-weight'; email: string; weight: number }
  | { action: 'routing-mode'; equalAhead: number | null }
  | { action: 'routing-window'; window: RoutingWindowKind }
  | { action: 'routing-why'; id: string }
  | { action: 'routing-report'; month: string | null };

export const routingCommandNames = ['limit', 'weight', 'mode', 'janela', 'why', 'report'] as const;

/** AAAA-MM between 2000 and 2100 (the console's date bounds). */
export const isReportMonth = (s: string) => isIsoMonth(s) && +s.slice(0, 4) >= 2000 && +s.slice(0, 4) <= 2100;

export const isRoutingCommand = (c: { action: string }): c is RoutingCommand => c.action.startsWith('routing-');

/** How the caller fails: `input` with a message (exit 1), `arity` for the wrong number of arguments. */
type Fail = { input: (message: string) => never; arity: () => never };

const intIn = (s: string | undefined, [min, max]: readonly [number, number]) => (s !== undefined && /^\d{1,4}$/.test(s) && +s >= min && +s <= max ? +s : null);
const uuid = z.uuid();

/** The routing command named `command`, checked; null when `command` is not one of them. */
export function parseRoutingCommand(command: string | undefined, args: string[], email: (v: string | undefined) => string, fail: Fail): RoutingCommand | null {
  const arity = (min: number, max = min) => {
    if (args.length < min || args.length > max) fail.arity();
  };
  switch (command) {
    case 'limit': {
      arity(2, 3);
      const address = email(args[0]);
      const parts = args.slice(1).map((a) => a.trim().toLowerCase());
      if (parts.length === 1 && parts[0] === 'sem') return { action: 'routing-limit', email: address, capDay: null, capWeek: null };
      const out: { capDay?: number | null; capWeek?: number | null } = {};
      for (const part of parts) {
        const m = /^(sem|\d+)\/(dia|semana)$/.exec(part);
        const key = m?.[2] === 'dia' ? 'capDay' : 'capWeek';
        if (!m || key in out) fail.input(routingCopy.limit);
        const value = m![1] === 'sem' ? null : intIn(m![1], key === 'capDay' ? ROUTING_LIMITS.capDay : ROUTING_LIMITS.capWeek);
        if (value === null && m![1] !== 'sem') fail.input(routingCopy.limit);
        out[key] = value;
      }
      return { action: 'routing-limit', email: address, ...out };
    }
    case 'weight': {
      arity(2);
      const address = email(args[0]);
      const weight = intIn(args[1]?.trim(), ROUTING_LIMITS.weight);
      if (weight === null) fail.input(routingCopy.weight);
      return { action: 'routing-weight', email: address, weight: weight! };
    }
    case 'mode': {
      arity(1, 2);
      const mode = args[0]?.trim().toLowerCase();
      if (mode === 'normal' && args.length === 1) return { action: 'routing-mode', equalAhead: null };
      const n = args.length === 1 ? EQUAL_AHEAD_DEFAULT : intIn(args[1]?.trim(), ROUTING_LIMITS.equalAhead);
      if (mode !== 'igual' || n === null) fail.input(routingCopy.mode);
      return { action: 'routing-mode', equalAhead: n };
    }
    case 'janela': {
      arity(1);
      const w = args[0]?.trim().toLowerCase();
      if (w === 'mes' || w === 'mês') return { action: 'routing-window', window: 'mes' };
      if (w === 'semana') return { action: 'routing-window', window: 'semana' };
      return fail.input(routingCopy.window);
    }
    case 'why': {
      arity(1);
      const id = args[0].trim().toLowerCase();
      if (!uuid.safeParse(id).success) fail.input(routingCopy.meetingId(args[0]));
      return { action: 'routing-why', id };
    }
    case 'report': {
      arity(0, 1);
      if (args[0] !== undefined && !isReportMonth(args[0].trim())) fail.input(routingCopy.month(args[0]));
      return { action: 'routing-report', month: args[0]?.trim() ?? null };
    }
    default:
      return null;
  }
}

export type RoutingSettings = {
  window: RoutingWindowKind;
  equal_ahead: number | null;
  updated_at: string;
  updated_by: string | null;
  consultants: { id: string; name: string; email: string; active: boolean; weight: number; cap_day: number | null; cap_week: number | null }[];
};
export type RoutingWhyRecord = {
  id: string; startsAt: string; status: 'scheduled' | 'cancelled'; consultant: { id: string; name: string };
  routing: RoutingWhy | null; names: Record<string, string>;
};
export type ReportRow = {
  id: string; name: string; email: string; active: boolean; weight: number;
  booked: number; held: number; no_shows: number; cancelled: number; counted: number; share: number | null; target: number | null;
};
export type RoutingReport = { month: string; from: string; to: string; consultants: ReportRow[]; leads: number; leads_booked: number };

export const routingSettings = (store: Store) => store.call<RoutingSettings>('routing_admin', { action: 'settings' });
export const routingReport = (store: Store, month: string, timeZone: string) => store.call<RoutingReport>('routing_report', { month, time_zone: timeZone });

const capLabel = (n: number | null) => (n === null ? routingCopy.noCap : String(n));

/** A consultant's line in `list`: their weight and caps. */
export const distributionLine = (c: { weight: number; cap_day: number | null; cap_week: number | null }) =>
  `distribuição: peso ${c.weight}; limite ${capLabel(c.cap_day)} por dia, ${capLabel(c.cap_week)} por semana`;

/** The month the report covers by default: the current one where the meetings happen. */
export const currentMonth = (now: Date, timeZone: string) => zonedParts(now, timeZone).date.slice(0, 7);

type Io = { out: (line: string) => void; err: (line: string) => void };

/** The report as the console reads it (camelCase, no ids or addresses). */
export const reportView = (r: RoutingReport): RoutingReportView => ({
  month: r.month,
  consultants: r.consultants.map((c) => ({
    name: c.name, active: c.active, weight: c.weight, booked: c.booked, held: c.held, noShows: c.no_shows, cancelled: c.cancelled,
    share: c.share, target: c.target,
  })),
  leads: r.leads,
  leadsBooked: r.leads_booked,
});

/** The report as a table: one row per consultant, then the leads. */
export function reportLines(report: RoutingReport): string[] {
  const rows = reportView(report).consultants.map(reportCells);
  const table = [routingCopy.reportHeader as readonly string[], ...rows];
  const widths = table[0].map((_, i) => Math.max(...table.map((r) => r[i].length)));
  const line = (r: readonly string[]) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd();
  return [
    routingCopy.reportTitle(report.month),
    ...table.map(line),
    routingCopy.reportLeads(report.leads, report.leads_booked),
    routingCopy.reportNote,
  ];
}

export type RoutingEnv = {
  config: SchedulingConfig;
  /** consultants.ts's words for an unknown address (one home for them). */
  unknownConsultant: (email: string) => string;
  actor?: string;
  now?: Date;
};

/** Runs one routing command; the exit code. `env.actor` is who changed a team setting (updated_by). */
export async function runRoutingCommand(store: Store, command: RoutingCommand, env: RoutingEnv, io: Io): Promise<number> {
  const unknown = env.unknownConsultant;
  switch (command.action) {
    case 'routing-limit': {
      const p: Record<string, unknown> = { action: 'limit', email: command.email };
      if (command.capDay !== undefined) p.cap_day = command.capDay;
      if (command.capWeek !== undefined) p.cap_week = command.capWeek;
      if ((await store.call<{ status: string }>('routing_admin', p)).status !== 'ok') return io.err(unknown(command.email)), 1;
      const now = (await routingSettings(store)).consultants.find((c) => c.email.toLowerCase() === command.email.toLowerCase());
      io.out(routingCopy.limitSet(command.email, capLabel(now?.cap_day ?? null), capLabel(now?.cap_week ?? null)));
      return 0;
    }
    case 'routing-weight':
      if ((await store.call<{ status: string }>('routing_admin', { action: 'weight', email: command.email, weight: command.weight })).status !== 'ok') {
        return io.err(unknown(command.email)), 1;
      }
      io.out(routingCopy.weightSet(command.email, command.weight));
      return 0;
    case 'routing-mode':
      await store.call('routing_admin', { action: 'mode', equal_ahead: command.equalAhead, actor: env.actor ?? 'npm run consultants' });
      io.out(routingCopy.modeSet(command.equalAhead));
      return 0;
    case 'routing-window':
      await store.call('routing_admin', { action: 'window', window: command.window, actor: env.actor ?? 'npm run consultants' });
      io.out(routingCopy.windowSet(command.window));
      return 0;
    case 'routing-why': {
      const found = await store.call<RoutingWhyRecord | null>('routing_why', { id: command.id });
      if (!found) return io.err(routingCopy.unknownMeeting(command.id)), 1;
      const starts = zonedParts(new Date(found.startsAt), env.config.timeZone);
      io.out(`Reunião ${found.id}: ${brDate(starts.date)} ${starts.time}, ${found.consultant.name}${found.status === 'cancelled' ? ' (cancelada)' : ''}`);
      io.out((found.routing ? whyLines(found.routing, found.names, env.config.timeZone) : [whyCopy.before]).join('\n'));
      return 0;
    }
    case 'routing-report': {
      const month = command.month ?? currentMonth(env.now ?? new Date(), env.config.timeZone);
      io.out(reportLines(await routingReport(store, month, env.config.timeZone)).join('\n'));
      return 0;
    }
  }
}
