// "Precisa de você": what needs someone today, whatever day it happened — meetings without an outcome,
// integrations paused or failing, meetings whose consultant is deactivated or off, leads a rule holds with
// no active consultant, a calendar not read for over an hour. The server computes the items
// (functions/lib/painel/needs-you.ts); this module words each one and names the exact list it opens, for
// Hoje (a link per line) and the morning mail (the same lines, each a link into the console).
import type { PainelPlace } from './address';
import { integrationCopy } from './copy';
import { describeIntegration, type IntegrationHealth, type WallClockOf } from './integration-status';

export type NeedsYouItem =
  /** Meetings over without an outcome: how many, and when the oldest was. */
  | { kind: 'pending'; count: number; oldest: string }
  /** A target paused, failing or stuck (integration-status.ts: needsAttention). */
  | { kind: 'integration'; health: IntegrationHealth }
  /** One consultant's meetings to come that they cannot hold (orphaned-meetings.ts), by reason. */
  | { kind: 'orphaned'; reason: 'inactive' | 'off'; consultantId: string; consultantName: string; count: number; first: string; last: string }
  /** Leads since `since` (a day) that a rule sent to its own consultants, none of them active, without a meeting. */
  | { kind: 'held'; rule: string; count: number; since: string }
  /** A consultant's calendar feed not read since `since` (over an hour). */
  | { kind: 'calendar'; consultantId: string; consultantName: string; since: string };

export const needsYouCopy = {
  title: 'Precisa de você',
  /** The mail's button under the lines. */
  open: 'Abrir',
} as const;

/** How far back a held lead still needs someone (older ones were answered some other way, or gave up). */
export const HELD_LEADS_DAYS = 30;
/** A calendar not read for longer than this is a line (the feeds are read every few minutes). */
export const CALENDAR_STALE_MS = 3600_000;

export type NeedsYouLine = { key: string; text: string; place: PainelPlace };

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
const meetings = (filters: Record<string, string>): PainelPlace => ({ kind: 'section', section: 'meetings', filters });

/** Each item as one line with the list it opens; `wall` is the reader's Brasília clock (screen or mail). */
export function needsYouLine(item: NeedsYouItem, now: Date, wall: WallClockOf): NeedsYouLine {
  const at = (iso: string) => {
    const w = wall(iso);
    return `${w.date.slice(0, 5)} às ${w.time}`;
  };
  const day = (iso: string) => {
    const w = wall(iso);
    return `${w.date.slice(6)}-${w.date.slice(3, 5)}-${w.date.slice(0, 2)}`;
  };
  switch (item.kind) {
    case 'pending':
      return {
        key: 'pending',
        text: `${plural(item.count, 'reunião sem desfecho', 'reuniões sem desfecho')} · a mais antiga de ${at(item.oldest)}`,
        place: meetings({ aba: 'sem-desfecho' }),
      };
    case 'integration':
      return {
        key: `integration:${item.health.target}`,
        text: `${integrationCopy.targets[item.health.target]}: ${describeIntegration(item.health, now, wall).line}`,
        place: { kind: 'section', section: 'integrations', filters: {} },
      };
    case 'orphaned': {
      const what = plural(item.count, 'reunião marcada', 'reuniões marcadas');
      const text = item.reason === 'inactive'
        ? `Consultor desativado: ${item.consultantName} ainda tem ${what} (a primeira ${at(item.first)})`
        : `Folga: ${item.consultantName} tem ${plural(item.count, 'reunião', 'reuniões')} nesse período (a primeira ${at(item.first)})`;
      return {
        key: `orphaned:${item.reason}:${item.consultantId}`,
        text,
        place: meetings({ aba: 'proximas', consultor: item.consultantId, de: day(item.first), ate: day(item.last) }),
      };
    }
    case 'held':
      return {
        key: `held:${item.rule}`,
        text: `Regra "${item.rule}": ${plural(item.count, 'lead sem', 'leads sem')} reunião, nenhum consultor ativo na regra`,
        place: { kind: 'section', section: 'leads', filters: { regra: item.rule, reuniao: 'sem', de: item.since } },
      };
    case 'calendar':
      return {
        key: `calendar:${item.consultantId}`,
        text: `Agenda de ${item.consultantName} sem leitura desde ${at(item.since)}`,
        place: { kind: 'section', section: 'team', filters: {} },
      };
  }
}
