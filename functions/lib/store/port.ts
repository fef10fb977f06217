// The storage port: what the functions need from a database. Two adapters implement it:
// PGlite (embedded, default) and Supabase. tests/integration/store-contract.test.ts runs both.
import type { LeadData } from '../../../src/domain/lead';
import type { Service } from '../../../src/domain/options';
import type { Busy } from '../slots';

/** privacyPolicyVersion: the policy shown when consenting; the consent time is the database's now(). */
export type NewLead = LeadData & { id: string; idempotencyKey: string; origem: string; privacyPolicyVersion: string };
export type LeadRecord = { id: string; nome: string; email: string; cnpj: string; empresa: string; telefone: string };
export type Preseller = { id: string; name: string; email: string };

export type NewMeeting = {
  id: string;
  leadId: string;
  presellerId: string;
  startsAt: Date;
  endsAt: Date;
  service: Service;
  diagnosticScore: number;
  idempotencyKey: string;
};
export type MeetingRecord = { id: string; presellerId: string; startsAt: Date };
export type BookResult =
  | { status: 'created' | 'duplicate'; meeting: MeetingRecord }
  | { status: 'conflict' };

/** A message waiting in the outbox; `message` holds nodemailer options minus `from`. */
export type OutboxMessage = { kind: string; message: MailContent };
export type MailContent = {
  to: string;
  subject: string;
  text: string;
  icalEvent?: { method: string; filename: string; content: string };
};
export type OutboxRow = OutboxMessage & { id: string; attempts: number };

/** export_person_data: the person's leads (snake_case columns) with their meetings, oldest first. */
export type PersonData = { email: string; exported_at: string; leads: Record<string, unknown>[] };
/** delete_person_data: rows removed, per table. */
export type PersonDeletion = { leads: number; meetings: number; outbox: number };

export interface Store {
  readonly kind: 'pglite' | 'supabase';
  /** Cheap round trip, for the health check. */
  ping(): Promise<void>;
  /** Stores a lead and its messages once per idempotency key; `created` is false for a repeat. */
  createLead(lead: NewLead, outbox: OutboxMessage[]): Promise<{ id: string; created: boolean }>;
  getLead(id: string): Promise<LeadRecord | null>;
  listActivePresellers(): Promise<Preseller[]>;
  /** Scheduled meetings and time off overlapping [from, to). */
  listBusy(from: Date, to: Date): Promise<Busy[]>;
  findMeetingByKey(idempotencyKey: string): Promise<MeetingRecord | null>;
  /** Consultant of the latest scheduled meeting of any lead with this email or CNPJ. */
  previousPresellerId(email: string, cnpj: string): Promise<string | null>;
  /** Scheduled meetings per consultant starting in [from, to). */
  countMeetings(from: Date, to: Date): Promise<Record<string, number>>;
  /** Inserts the meeting and its messages atomically; 'conflict' when the consultant is taken. */
  bookMeeting(meeting: NewMeeting, outbox: OutboxMessage[]): Promise<BookResult>;
  /** Leases up to `limit` due messages (attempts counted) so concurrent senders do not double-send. */
  claimOutbox(now: Date, limit: number): Promise<OutboxRow[]>;
  markSent(id: string, now: Date): Promise<void>;
  markFailed(id: string, nextAttemptAt: Date, error: string): Promise<void>;
  /** LGPD data-subject requests (scripts/data-subject.mjs): matched on email in any case. */
  exportPersonData(email: string): Promise<PersonData>;
  /** Deletes the person's leads, meetings and the outbox messages about them, in one transaction. */
  deletePersonData(email: string): Promise<PersonDeletion>;
  close(): Promise<void>;
}

export const OUTBOX_LEASE_SECONDS = 120;
export const OUTBOX_MAX_ATTEMPTS = 10;

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
  };
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
  };
}

type BookRow = { out_status: string; out_id: string | null; out_preseller_id: string | null; out_starts_at: string | Date | null };
export function bookResult(row: BookRow | undefined): BookResult {
  if (!row || row.out_status === 'conflict' || !row.out_id || !row.out_preseller_id || !row.out_starts_at) return { status: 'conflict' };
  return {
    status: row.out_status === 'created' ? 'created' : 'duplicate',
    meeting: { id: row.out_id, presellerId: row.out_preseller_id, startsAt: new Date(row.out_starts_at) },
  };
}
