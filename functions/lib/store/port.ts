// The storage port: what the functions need from a database. Two adapters implement it:
// sql.ts over PGlite (embedded, default) or postgres.js (DATABASE_URL).
// tests/integration/store-contract.test.ts runs the same contract against each.
import type { WhatsAppGroup } from '../../../src/domain/whatsapp';
import type { LeadData } from '../../../src/domain/lead';
import type { Attribution } from '../../../src/domain/attribution';
import type { AdIds } from '../../../src/domain/ad-ids';
import type { Service } from '../../../src/domain/options';
import type { HoursRange, WorkingHours } from '../../../src/domain/scheduling/hours';
import type { LeadRoute } from '../../../src/domain/scheduling/rules';
import type { Busy } from '../../../src/domain/scheduling/slots';
import type { RoutingWhy } from '../../../src/domain/scheduling/routing';
import type { JsonFunction } from './json-functions';
import type { ConversionEvent, ConversionSummary, MeasurementSettings } from '../../../src/domain/conversions';

/**
 * privacyPolicyVersion: the policy shown when consenting; the consent time is the database's now().
 * requestHash: SHA-256 (hex) of the request, stored with the idempotency key (see leadFingerprint).
 * now: the application's clock, for what counts as an upcoming meeting (as in NewMeeting); the
 * database's now() when absent.
 */
export type NewLead = LeadData & { id: string; idempotencyKey: string; origem: string; privacyPolicyVersion: string; requestHash: string; now?: Date }
  /**
   * service: the wizard's choice (leads.servico), null when unknown. routing: the qualification rule its
   * answers matched and its kind (leads.routing_rule, routing_kind; src/domain/scheduling/rules.ts).
   */
  & { service?: Service | null; routing?: { rule: string; kind: LeadRoute['kind'] } | null }
  /**
   * attribution: the first and last touch the wizard sent (leads.first_touch, last_touch; src/domain/attribution.ts),
   * null when unknown. marketingOptIn: the separate e-mail box (leads.marketing_opt_in; the time is the database's).
   */
  & { attribution?: Attribution | null; marketingOptIn?: boolean }
  /**
   * adIds: Meta's _fbp / _fbc cookies (leads.fbp, fbc), userAgent: the browser's (leads.user_agent); kept only
   * within the visitor's cookie choice (src/domain/ad-ids.ts).
   */
  & { adIds?: AdIds; userAgent?: string | null }
  /**
   * measurementConsent: the form's unticked box for measuring the ads (src/domain/conversions.ts), with the
   * wording's version; create_lead gives the lead its basis from the mentor's measurement_settings.
   */
  & { measurementConsent?: boolean; measurementWordingVersion?: string }
  /**
   * whatsapp: the WhatsApp opt-in (leads.whatsapp_opt_in_version, whatsapp_group; the time is the database's),
   * null without one. The group is drawn once, here, for the experiment (functions/lib/whatsapp/opt-in.ts).
   */
  & { whatsapp?: { version: string; group: WhatsAppGroup } | null };
/**
 * create_lead's outcome: 'created'; 'duplicate' (the key again with the same request: the first id);
 * 'mismatch' (the key again with another request: nothing stored, HTTP 422); 'limited' (this email
 * created 5 leads within the hour: nothing stored, HTTP 429).
 */
export type LeadResult =
  /**
   * upcoming: the lead's email (any case) holds an upcoming meeting; create_lead then stored the lead
   * without its outbox messages (the mentor is not told twice about one person).
   */
  | { status: 'created' | 'duplicate'; id: string; created: boolean; upcoming: boolean }
  | { status: 'mismatch' | 'limited'; id: null; created: false };
/**
 * A stored lead as the mails and invites see it, in the form's vocabulary (columns are mapped here only),
 * with the answers that qualify it (the consultant's mail and invite show each with its pt-BR label).
 */
export type LeadRecord = Pick<LeadData, 'cargo' | 'faturamento' | 'numeroVendedores' | 'segmento' | 'outroSegmento' | 'modeloNegocio'> & {
  id: string; nomeCompleto: string; email: string; cnpj: string; nomeEmpresa: string; telefone: string;
  /** The service chosen in the wizard (leads.servico); null when unknown, and in meeting details (read without it). */
  service: Service | null;
};
/** The leads table's columns a LeadRecord is read from. */
export const LEAD_RECORD_COLUMNS = 'id, nome, email, cnpj, empresa, telefone, cargo, faturamento, vendedores, segmento, outro_segmento, modelo_negocio, servico';
export type LeadRecordRow = {
  id: string; nome: string; email: string; cnpj: string; empresa: string; telefone: string;
  cargo: string; faturamento: string; vendedores: string; segmento: string; outro_segmento: string | null; modelo_negocio: string;
  /** Absent where a lead is read without it (meeting details): null. */
  servico?: string | null;
};
export const leadFromRow = (row: LeadRecordRow): LeadRecord => ({
  id: row.id, nomeCompleto: row.nome, email: row.email, cnpj: row.cnpj, nomeEmpresa: row.empresa, telefone: row.telefone,
  cargo: row.cargo as LeadRecord['cargo'], faturamento: row.faturamento as LeadRecord['faturamento'],
  numeroVendedores: row.vendedores as LeadRecord['numeroVendedores'], segmento: row.segmento as LeadRecord['segmento'],
  outroSegmento: row.outro_segmento ?? '', modeloNegocio: row.modelo_negocio as LeadRecord['modeloNegocio'],
  service: row.servico === 'consultoria' || row.servico === 'trafego' ? row.servico : null,
});
/** roomUrl: the consultant's video room (https), null when they call the lead instead (meeting-location.ts). */
export type Preseller = { id: string; name: string; email: string; roomUrl: string | null };

export type NewMeeting = {
  id: string;
  leadId: string;
  presellerId: string;
  startsAt: Date;
  endsAt: Date;
  service: Service;
  diagnosticScore: number;
  idempotencyKey: string;
  /** SHA-256 of the request's canonical fields: the same key with other data answers 'mismatch'. */
  fingerprint?: string;
  /** Manage tokens (hashes only) created with the meeting. */
  tokens?: TokenRow[];
  /** The application's clock: when the time was chosen, and what counts as upcoming. */
  now?: Date;
  /** The lead's IANA time zone from the browser at booking (validated), for the lead's mails. */
  leadTimeZone?: string | null;
  /** The scheduling zone: the caps count meetings per local day and week in it. */
  timeZone?: string;
  /** Why the router chose this consultant (stored with the meeting). */
  routing?: RoutingWhy;
};
export type MeetingRecord = { id: string; presellerId: string; startsAt: Date };
/** A meeting found by its idempotency key, with the fingerprint of the request that booked it. */
export type KeyedMeeting = MeetingRecord & { fingerprint: string | null };
export type BookResult =
  | { status: 'created' | 'duplicate' | 'mismatch'; meeting: MeetingRecord }
  /** The person already holds an upcoming meeting (this one). */
  | { status: 'upcoming'; meeting: MeetingRecord }
  | { status: 'conflict' };

export type Actor = 'lead' | 'consultant';
/** A manage token as stored: its SHA-256 (hex) and whose it is. */
export type TokenRow = { hash: string; actor: Actor };
export type MeetingDetails = {
  id: string;
  service: Service;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  /** iCalendar SEQUENCE of the last invite sent. */
  sequence: number;
  cancelledBy: Actor | null;
  /** The lead's IANA time zone stored at booking; null when unknown. */
  leadTimeZone: string | null;
  preseller: Preseller;
  lead: LeadRecord;
};
export type TokenMeeting = MeetingDetails & { actor: Actor };
export type RescheduleChange = {
  meetingId: string;
  expectedSequence: number;
  presellerId: string;
  startsAt: Date;
  endsAt: Date;
  now: Date;
  noticeMinutes: number;
  idempotencyKey: string;
  fingerprint: string;
  /** A new consultant's token; the previous consultant's tokens are revoked. */
  tokens: TokenRow[];
  /** 'limited' once the meeting was moved this many times in the last 24 hours. */
  maxChangesPerDay?: number;
  timeZone?: string;
  routing?: RoutingWhy;
  /** Who moves it, for the meeting's history and the meeting.rescheduled event. */
  actor?: Actor;
};
export type RescheduleStatus = 'limited' | 'rescheduled' | 'duplicate' | 'mismatch' | 'missing' | 'closed' | 'stale' | 'conflict';
/** tokens: the lead's and the consultant's new manage tokens, for the links in the cancellation mails. */
export type CancelRequest = { meetingId: string; expectedSequence: number; actor: Actor; reason: string | null; now: Date; noticeMinutes: number; tokens?: TokenRow[] };
export type CancelStatus = 'cancelled' | 'already' | 'missing' | 'closed' | 'stale';
/** A reminder `minutes` before the start, due until `untilMinutes` before it. */
export type ReminderKind = { kind: string; minutes: number; untilMinutes: number };
export type DueReminder = { kind: string; meetingId: string; startsAt: Date };
export type QueuedReminder = { meetingId: string; kind: string; startsAt: Date; now: Date; tokens: TokenRow[] };

/** A message waiting in the outbox; `message` holds nodemailer options minus `from`. */
export type OutboxMessage = { kind: string; message: MailContent };
/**
 * A WhatsApp message as queued (functions/lib/whatsapp/messages.ts): an outbox row of kind 'whatsapp' whose
 * trigger makes its whatsapp_messages row. The manage token is already a placeholder in `suffix`, the token
 * in `secrets` (kept apart like a mail's, mail/secrets.ts).
 */
export type WhatsAppOutboxMessage = {
  kind: 'whatsapp';
  message: {
    waKind: string; to: string; params: Record<string, string>; suffix: string; secrets: string[];
    /** Dropped unsent after this instant (the template's validity; a reminder never arrives late). */
    expiresAt: string;
    /** The meeting's start the message speaks of: a reminder for a meeting moved since is dropped. */
    startsAt: string;
  };
};
/** What a meeting's writes queue: mail, and WhatsApp messages for an opted-in lead. */
export type QueuedMessage = OutboxMessage | WhatsAppOutboxMessage;
export type MailContent = {
  to: string;
  subject: string;
  text: string;
  /** The same message as HTML (inline styles, no remote images); sent as multipart/alternative with `text`. */
  html?: string;
  replyTo?: string;
  icalEvent?: { method: string; filename: string; content: string };
  /** A lead notice's facts (heading and label–value rows), for the digest that may carry it; never sent as such. */
  facts?: { title: string; rows: [string, string][] };
};
/**
 * A claimed message as stored: its manage tokens apart in `secrets` (mail/secrets.ts puts them back);
 * a lead digest (kind 'lead-digest') holds only its recipient and, in `notices`, the held notices it
 * carries. The mentor's notice of a lead also carries its facts (`facts`) for such a digest.
 */
export type StoredMessage = MailContent & { secrets?: string[]; notices?: MailContent[] };
/** dropped: over its address's hourly cap; marked so by claim_outbox, to be logged and never sent. */
export type OutboxRow = { kind: string; message: StoredMessage; id: string; attempts: number; dropped: boolean };

/** export_person_data: the person's leads (snake_case columns) with their meetings, deals and WhatsApp messages, oldest first, and the stored messages about them. */
export type PersonData = { email: string; exported_at: string; leads: Record<string, unknown>[]; messages: PersonMessage[] };
/** message: the body as stored (no working link) when it was written to the person; only its recipient and subject otherwise; target and event for an integration delivery. */
export type PersonMessage = {
  id: string; kind: string; created_at: string; sent_at: string | null; dropped_at: string | null;
  message: MailContent | { to: string; subject: string }
    /** A delivery to RD Station or the webhook (integrations): where and which event. */
    | { target: 'rd' | 'webhook'; event: string; to?: never; subject?: never };
};
/** delete_person_data: rows removed, per table. */
export type PersonDeletion = { leads: number; meetings: number; outbox: number };

/** A consultant's iCalendar feed; `url` is a secret: only the sync reads it, nothing logs or returns it. */
export type CalendarFeed = { presellerId: string; url: string };
export type BusyBlock = { startsAt: Date; endsAt: Date };
/** agenda_meetings: a consultant's scheduled meetings with their leads (snake_case, as stored). */
export type Agenda = {
  name: string;
  meetings: { id: string; starts_at: string; ends_at: string; service: string; lead_name: string; company: string; phone: string; email: string }[];
};
/** One row of `consultants list`: no feed URL, no token. */
export type ConsultantSummary = {
  name: string;
  email: string;
  active: boolean;
  hours: HoursRange[];
  feed: { status: 'pending' | 'ok' | 'error'; error_code: string | null; synced_at: string | null; connected_at: string } | null;
  /** Time off that has not ended, next first. */
  time_off: { id: string; from: string; to: string; reason: string | null }[];
  agenda_link: boolean;
  /** The consultant's video room; null: they call the lead (shown to the team only). */
  room_url: string | null;
};
/** The mentor's commands (consultant_admin). Dates are instants; `hours` replaces the week. */
export type ConsultantCommand =
  /** email: only that consultant (Minha agenda); now: time off that has not ended by then. */
  | { action: 'list'; email?: string; now?: string }
  /** welcome: the new consultant's mail, queued with the row. */
  | { action: 'add'; name: string; email: string; welcome?: MailContent; now?: string }
  | { action: 'deactivate'; email: string }
  | { action: 'reactivate'; email: string }
  | { action: 'rename'; email: string; name: string }
  | { action: 'email'; email: string; new_email: string }
  | { action: 'off-remove'; email: string; id: string }
  | { action: 'hours'; email: string; hours: HoursRange[] }
  | { action: 'off'; email: string; from: string; to: string; reason: string | null }
  /** blocks: the busy times of the read that checked the link (calendar/check.ts), saved with it. */
  | { action: 'feed'; email: string; url: string | null; blocks?: { starts_at: string; ends_at: string }[]; now?: string }
  /** Where the consultant's meetings happen: their video room (https), or null for a phone call to the lead. */
  | { action: 'room'; email: string; url: string | null }
  | { action: 'agenda-token'; email: string; hash: string; rotate: boolean };
export type ConsultantResult = { status: 'ok' | 'exists' | 'unknown_consultant' | 'unknown_time_off'; consultants?: ConsultantSummary[] };

export interface Store {
  readonly kind: 'pglite' | 'postgres';
  /** Cheap round trip, for the health check. */
  ping(): Promise<void>;
  /** Stores a lead and its messages once per idempotency key (see LeadResult). */
  createLead(lead: NewLead, outbox: OutboxMessage[]): Promise<LeadResult>;
  getLead(id: string): Promise<LeadRecord | null>;
  listActivePresellers(): Promise<Preseller[]>;
  /**
   * Scheduled meetings, time off and calendar-feed blocks overlapping [from, to). Through createApp the
   * store also adds the time outside each consultant's working hours (lib/schedules.ts).
   */
  listBusy(from: Date, to: Date): Promise<Busy[]>;
  findMeetingByKey(idempotencyKey: string): Promise<KeyedMeeting | null>;
  /** Working-hour ranges of active consultants that have their own (the rest work the default hours). */
  listWorkingHours(): Promise<WorkingHours[]>;
  /** Feeds of active consultants never fetched or last tried before `staleBefore`. */
  dueCalendarFeeds(staleBefore: Date): Promise<CalendarFeed[]>;
  /** Replaces the feed's busy blocks (unless its URL changed meanwhile) and marks it synced. */
  saveCalendarBlocks(feed: CalendarFeed, blocks: BusyBlock[], at: Date): Promise<void>;
  /** Keeps the last blocks and records the failure code. */
  recordCalendarFailure(feed: CalendarFeed, code: string, at: Date): Promise<void>;
  /** Active consultants whose calendar was last read (never read: connected) before `before`. */
  staleCalendarFeeds(before: Date): Promise<{ presellerId: string; since: Date }[]>;
  /** Queues `mails` when the calendar is unread since before `unreadBefore` and nobody was told in 24 h; true when queued. */
  calendarStaleAlert(presellerId: string, unreadBefore: Date, now: Date, mails: MailContent[]): Promise<boolean>;
  /** The agenda of the consultant whose agenda token hashes to `tokenHash`; null when none. */
  agenda(tokenHash: string): Promise<Agenda | null>;
  consultants(command: ConsultantCommand): Promise<ConsultantResult>;
  /** Consultant of the latest scheduled meeting of any lead with this email (any case); never by CNPJ. */
  previousPresellerId(email: string): Promise<string | null>;
  /** Inserts the meeting and its messages atomically; 'conflict' when the consultant is taken. */
  bookMeeting(meeting: NewMeeting, outbox: QueuedMessage[]): Promise<BookResult>;
  /** The meeting an unrevoked manage token (by hash) opens, with whose token it is. */
  meetingByToken(tokenHash: string): Promise<TokenMeeting | null>;
  meetingDetails(id: string): Promise<MeetingDetails | null>;
  /** Moves a meeting in place (new time secured before the old is released), with its messages. */
  rescheduleMeeting(change: RescheduleChange, outbox: QueuedMessage[]): Promise<{ status: RescheduleStatus; sequence: number | null }>;
  cancelMeeting(cancel: CancelRequest, outbox: QueuedMessage[]): Promise<{ status: CancelStatus; sequence: number | null }>;
  /** The upcoming scheduled meeting (earliest) of any lead with this lead's email (any case); null when none or unknown lead. */
  upcomingMeetingOfLead(leadId: string, now: Date): Promise<string | null>;
  /** Stores a new lead token and its mail unless a link was mailed less than throttleSeconds ago. */
  resendManageLink(meetingId: string, tokens: TokenRow[], now: Date, throttleSeconds: number, outbox: OutboxMessage[]): Promise<boolean>;
  dueReminders(now: Date, kinds: ReminderKind[], limit: number): Promise<DueReminder[]>;
  /** Queues a reminder once per meeting, kind and start time, while the meeting still starts then. */
  queueReminder(reminder: QueuedReminder, outbox: QueuedMessage[]): Promise<boolean>;
  /**
   * Leases up to `limit` due messages (attempts counted) so concurrent senders do not double-send;
   * invites before notifications; messages over their address's hourly cap come back dropped, except
   * lead notices, which are held for a digest.
   */
  claimOutbox(now: Date, limit: number): Promise<OutboxRow[]>;
  markSent(id: string, now: Date): Promise<void>;
  /**
   * Puts each address's held lead notices into one new 'lead-digest' message, unless that address got a
   * digest less than everySeconds ago; `subject` is the digest's. Returns how many digests were queued.
   */
  digestHeldNotices(now: Date, everySeconds: number, subject: string): Promise<number>;
  markFailed(id: string, nextAttemptAt: Date, error: string): Promise<void>;
  /** Gives back leased messages a run did not start (their lease and the attempt their claim counted). */
  releaseOutbox(ids: string[]): Promise<void>;
  /**
   * LGPD data-subject requests (scripts/ops/data-subject.mjs, the painel): every lead of the address's
   * identity (email_identity). `team`: addresses whose own mail is never the person's (the contact,
   * PAINEL_MENTORES; every consultant's is added by the SQL).
   */
  exportPersonData(email: string, team?: string[]): Promise<PersonData>;
  /** Deletes the person's leads, meetings and the outbox messages about them, in one transaction. */
  deletePersonData(email: string, team?: string[]): Promise<PersonDeletion>;
  /**
   * One of the jsonb SQL functions (json-functions.ts: the painel's, routing's, the follow-up's): one jsonb argument,
   * one jsonb answer. functions/lib/painel/store.ts types each call.
   */
  call<T>(fn: JsonFunction, p: Record<string, unknown>): Promise<T>;
  /** The mentor's measurement basis (measurement_settings_get). */
  measurementSettings(): Promise<MeasurementSettings>;
  /** A lead's conversions to the ad platforms (conversion_events). */
  conversionEvents(leadId: string): Promise<ConversionEvent[]>;
  /** Per platform: last send, counts by state today and in 7 days, latest refusals (conversion_summary). */
  conversionSummary(now: Date): Promise<ConversionSummary[]>;
  close(): Promise<void>;
}

export const OUTBOX_LEASE_SECONDS = 120;
export const OUTBOX_MAX_ATTEMPTS = 10;
