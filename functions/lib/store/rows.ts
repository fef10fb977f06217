// Rows in and out of the SQL functions (supabase/migrations), for the SQL adapter (sql.ts): the port's camelCase values ⇄ the tables' snake_case columns, mapped here only.
import type { Service } from '../../../src/domain/options';
import {
  leadFromRow, type Actor, type BookResult, type BusyBlock, type CancelRequest, type ConsultantCommand, type DueReminder, type LeadResult,
  type MeetingDetails, type NewLead, type NewMeeting, type Preseller, type QueuedReminder, type ReminderKind, type RescheduleChange, type TokenMeeting,
} from './port';

/** Row shape of the SQL functions' jsonb arguments (snake_case, as in the tables). */
export function leadRow(lead: NewLead) {
  return {
    id: lead.id,
    idempotency_key: lead.idempotencyKey,
    nome: lead.nomeCompleto,
    email: lead.email,
    telefone: lead.telefone,
    empresa: lead.nomeEmpresa,
    cnpj: lead.cnpj,
    cargo: lead.cargo,
    faturamento: lead.faturamento,
    vendedores: lead.numeroVendedores,
    segmento: lead.segmento,
    outro_segmento: lead.outroSegmento,
    modelo_negocio: lead.modeloNegocio,
    origem: lead.origem,
    privacy_policy_version: lead.privacyPolicyVersion,
    request_hash: lead.requestHash,
    now: lead.now?.toISOString() ?? null,
    servico: lead.service ?? null,
    routing_rule: lead.routing?.rule ?? null,
    routing_kind: lead.routing?.kind ?? null,
    first_touch: lead.attribution?.first ?? null,
    last_touch: lead.attribution?.last ?? null,
    marketing_opt_in: lead.marketingOptIn ?? false,
    fbp: lead.adIds?.fbp ?? null,
    fbc: lead.adIds?.fbc ?? null,
    user_agent: lead.userAgent ?? null,
    measurement_consent: lead.measurementConsent === true,
    measurement_wording_version: lead.measurementWordingVersion ?? null,
    whatsapp_opt_in_version: lead.whatsapp?.version ?? null,
    whatsapp_group: lead.whatsapp?.group ?? null,
  };
}

/** consultant_admin(p_action, p): the command's fields minus `action`. */
export function consultantArgs(command: ConsultantCommand): [string, Record<string, unknown>] {
  const { action, ...args } = command;
  return [action, args];
}

/** The presellers columns a Preseller is read from (listActivePresellers). */
export const PRESELLER_COLUMNS = 'id, name, email, room_url';
export const presellerFromRow = (row: { id: string; name: string; email: string; room_url: string | null }): Preseller => ({
  id: row.id, name: row.name, email: row.email, roomUrl: row.room_url ?? null,
});

export function blockRows(blocks: BusyBlock[]) {
  return blocks.map((b) => ({ starts_at: b.startsAt.toISOString(), ends_at: b.endsAt.toISOString() }));
}

type LeadRow = { out_id: string | null; out_created: boolean; out_status: string; out_upcoming: boolean | null };
export function leadResult(row: LeadRow | undefined): LeadResult {
  if (row?.out_id && (row.out_status === 'created' || row.out_status === 'duplicate')) {
    return { status: row.out_status, id: row.out_id, created: row.out_status === 'created', upcoming: row.out_upcoming === true };
  }
  if (row?.out_status === 'mismatch' || row?.out_status === 'limited') return { status: row.out_status, id: null, created: false };
  throw Object.assign(new Error('create_lead: unexpected answer'), { code: 'create_lead_answer' });
}

export function meetingRow(m: NewMeeting) {
  return {
    id: m.id,
    lead_id: m.leadId,
    preseller_id: m.presellerId,
    starts_at: m.startsAt.toISOString(),
    ends_at: m.endsAt.toISOString(),
    service: m.service,
    diagnostic_score: m.diagnosticScore,
    idempotency_key: m.idempotencyKey,
    fingerprint: m.fingerprint ?? null,
    tokens: m.tokens ?? [],
    now: m.now?.toISOString() ?? null,
    lead_time_zone: m.leadTimeZone ?? null,
    time_zone: m.timeZone ?? null,
    routing: m.routing ?? null,
  };
}

export function changeRow(c: RescheduleChange) {
  return {
    meeting_id: c.meetingId, expected_sequence: c.expectedSequence, preseller_id: c.presellerId,
    starts_at: c.startsAt.toISOString(), ends_at: c.endsAt.toISOString(), now: c.now.toISOString(),
    notice_minutes: c.noticeMinutes, idempotency_key: c.idempotencyKey, fingerprint: c.fingerprint, tokens: c.tokens,
    max_changes: c.maxChangesPerDay ?? null,
    time_zone: c.timeZone ?? null,
    routing: c.routing ?? null,
    actor: c.actor ?? null,
  };
}

export function cancelRow(c: CancelRequest) {
  return {
    meeting_id: c.meetingId, expected_sequence: c.expectedSequence, actor: c.actor, reason: c.reason,
    now: c.now.toISOString(), notice_minutes: c.noticeMinutes, tokens: c.tokens ?? [],
  };
}

export function reminderRow(r: QueuedReminder) {
  return { meeting_id: r.meetingId, kind: r.kind, starts_at: r.startsAt.toISOString(), now: r.now.toISOString(), tokens: r.tokens };
}

export function kindRows(kinds: ReminderKind[]) {
  return kinds.map((k) => ({ kind: k.kind, minutes: k.minutes, until_minutes: k.untilMinutes }));
}

/** Row of meeting_details / meeting_by_token (snake_case; dates as Date or ISO strings by driver). */
export type DetailsRow = {
  actor?: string; id: string; service: string; starts_at: string | Date; ends_at: string | Date; status: string; sequence: number;
  cancelled_by: string | null; preseller_id: string; preseller_name: string; preseller_email: string; preseller_room_url: string | null;
  lead_id: string; lead_nome: string; lead_email: string; lead_empresa: string; lead_cnpj: string; lead_telefone: string;
  lead_cargo: string; lead_faturamento: string; lead_vendedores: string; lead_segmento: string; lead_outro_segmento: string | null;
  lead_modelo_negocio: string; lead_time_zone: string | null;
};

export function detailsOf(row: DetailsRow): MeetingDetails {
  return {
    id: row.id,
    service: row.service as Service,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    status: row.status === 'cancelled' ? 'cancelled' : 'scheduled',
    sequence: Number(row.sequence),
    cancelledBy: (row.cancelled_by as Actor | null) ?? null,
    leadTimeZone: row.lead_time_zone ?? null,
    preseller: { id: row.preseller_id, name: row.preseller_name, email: row.preseller_email, roomUrl: row.preseller_room_url ?? null },
    lead: leadFromRow({
      id: row.lead_id, nome: row.lead_nome, email: row.lead_email, empresa: row.lead_empresa, cnpj: row.lead_cnpj, telefone: row.lead_telefone,
      cargo: row.lead_cargo, faturamento: row.lead_faturamento, vendedores: row.lead_vendedores, segmento: row.lead_segmento,
      outro_segmento: row.lead_outro_segmento, modelo_negocio: row.lead_modelo_negocio,
    }),
  };
}

export function tokenMeetingOf(row: DetailsRow): TokenMeeting {
  return { ...detailsOf(row), actor: row.actor === 'consultant' ? 'consultant' : 'lead' };
}

export function dueOf(row: { kind: string; meeting_id: string; starts_at: string | Date }): DueReminder {
  return { kind: row.kind, meetingId: row.meeting_id, startsAt: new Date(row.starts_at) };
}

type BookRow = { out_status: string; out_id: string | null; out_preseller_id: string | null; out_starts_at: string | Date | null };
export function bookResult(row: BookRow | undefined): BookResult {
  if (!row || row.out_status === 'conflict' || !row.out_id || !row.out_preseller_id || !row.out_starts_at) return { status: 'conflict' };
  const known = ['created', 'duplicate', 'mismatch', 'upcoming'] as const;
  return {
    status: known.find((s) => s === row.out_status) ?? 'duplicate',
    meeting: { id: row.out_id, presellerId: row.out_preseller_id, startsAt: new Date(row.out_starts_at) },
  };
}
