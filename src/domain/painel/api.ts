// The painel's HTTP contract: paths, query parameters and JSON shapes shared by the console island
// (src/islands/painel) and its endpoints (functions/painel.ts). Dates travel as ISO 8601 instants; the
// island shows them in Brasília time.
import type { Behind } from '../scheduling/fair-share';
import type { MeetingLocationKind } from '../meeting-location';
import type { Service } from '../options';
import type { HoursRange } from '../scheduling/hours';
import type { RoutingWindowKind } from '../scheduling/routing';
import type { RoutingWhy } from '../scheduling/routing';
import type { DealActivity } from './deals';
import type { OrphanedAnswer } from './orphaned';
import type { WhatsAppKind, WhatsAppStatus } from '../whatsapp';

export const painelPaths = {
  /** POST { email } → 202 { message }: the same answer whether or not the address may enter. */
  code: '/api/painel/codigo',
  /** POST { email, code } → 200 Viewer and the session cookie; 400 { error } when the code does not open. */
  signIn: '/api/painel/entrar',
  /** GET → 200 Viewer, or 200 null without a live session (the sign-in screen's answer, not an error). */
  session: '/api/painel/sessao',
  /** POST → 204: ends this session. */
  signOut: '/api/painel/sair',
  /** POST → 204: ends every session of this person, this one included. */
  signOutEverywhere: '/api/painel/sair-de-todos',
  /** GET ?MeetingQuery → Page<MeetingRow>. */
  meetings: '/api/painel/reunioes',
  /** GET ?MeetingQuery (aba and cursor ignored) → MeetingCounts. */
  meetingCounts: '/api/painel/reunioes/contagem',
  /** GET → MeetingView; 404 when it is not the viewer's. */
  meeting: (id: string) => `/api/painel/reunioes/${id}`,
  /** POST OutcomeInput → MeetingView (403 before it starts or not the consultant's own). */
  outcome: (id: string) => `/api/painel/reunioes/${id}/desfecho`,
  /** POST CancelInput → MeetingView: the mail link's cancel (handlers/cancel.ts); 400, 404, 409 (cancelled, closed). */
  cancel: (id: string) => `/api/painel/reunioes/${id}/cancelar`,
  /**
   * POST → MeetingView: "Enviar link para reagendar" (manage/rebook.ts); 404, 409 (cancelled, too close,
   * attended, no outcome yet, booked again), 429 (one per meeting per 10 minutes).
   */
  rebookLink: (id: string) => `/api/painel/reunioes/${id}/link-reagendar`,
  /** POST RescheduleInput → MeetingView: the lead's reschedule path for the team; 400, 404, 409 (closed, time gone). */
  reschedule: (id: string) => `/api/painel/reunioes/${id}/reagendar`,
  /** POST ReassignInput → OrphanActionAnswer: an orphaned meeting to another consultant, same time (orphaned.ts); 400, 404, 409. */
  reassign: (id: string) => `/api/painel/reunioes/${id}/outro-consultor`,
  /** POST KeepInput → OrphanActionAnswer: "Manter" an orphaned meeting with its consultant; 400, 404, 409. */
  keep: (id: string) => `/api/painel/reunioes/${id}/manter`,
  /** GET ?LeadQuery → Page<LeadRow>. */
  leads: '/api/painel/leads',
  /** GET → LeadView; 404 when it is not the viewer's. */
  lead: (id: string) => `/api/painel/leads/${id}`,
  /** GET → the person's data as JSON (attachment), as `npm run data-subject -- export` gives; ?formato=texto: readable pt-BR text. Mentor only. */
  leadData: (id: string) => `/api/painel/leads/${id}/dados`,
  leadDataText: (id: string) => `/api/painel/leads/${id}/dados?formato=texto`,
  /**
   * GET → ErasePreview (what an erasure would take and what stays elsewhere); POST { confirm: <the lead's
   * email> } → 200 { leads, meetings, outbox, cancelled, files } removed. Mentor only.
   */
  leadErase: (id: string) => `/api/painel/leads/${id}/excluir`,
  /**
   * POST ResendInput → 200 LeadView as it is now: "Reenviar" a failed or paused RD Station / webhook
   * delivery of this lead (due again with fresh attempts, its target's pause lifted). 404 when it is not
   * this lead's, 409 when already sent or not failed/paused. Mentor only. (Three segments at most: the
   * function's paths in functions/painel.ts.)
   */
  resend: (leadId: string) => `/api/painel/leads/${leadId}/reenviar`,
  /** GET with the list's query → text/csv (attachment). Mentor only. */
  exportMeetings: '/api/painel/exportar/reunioes',
  exportLeads: '/api/painel/exportar/leads',
  /** GET → { consultants: TeamMember[], routing: TeamRouting }; POST TeamCommand → { message } or 400 { error }. Mentor only. */
  team: '/api/painel/equipe',
  /** GET → RulesView (domain/painel/rules.ts); POST RulesSave → RulesView, 400 RulesRefused, 409 { error } (someone saved since). Mentor only. */
  rules: '/api/painel/regras',
  rulePause: '/api/painel/regras/pausa',
  /** GET → IntegrationSummary[] (domain/painel/integrations.ts); POST …/reenviar ResendAllInput → { resent, summary }. Mentor only. */
  integrations: '/api/painel/integracoes',
  resendAll: '/api/painel/integracoes/reenviar',
  /** GET → FollowupHealth (domain/painel/followup-health.ts): the follow-up's budgets at work. Mentor only. */
  followupHealth: '/api/painel/integracoes/lembrete',
  /** GET → { member: TeamMember } (the signed-in consultant's own); POST TeamCommand of ownAgendaCommands, on their own e-mail only. */
  ownAgenda: '/api/painel/minha-agenda',
  /** GET ?cursor → Page<ActivityRow>. Mentor only. */
  activity: '/api/painel/atividade',
  /** GET ?mes=AAAA-MM (default: this month in Brasília) → RoutingReportView (domain/scheduling/routing-report.ts); 400 for a bad month. Mentor only. */
  report: '/api/painel/relatorio',
} as const;

/** What "Excluir dados" takes: every lead of the person (one e-mail identity) and each upcoming meeting, cancelled first. */
export type ErasePreview = {
  /** The lead's e-mail is a team member's (consultant, contact, mentor): their own mail about others stays. */
  teamAddress: boolean;
  leads: { id: string; nome: string; email: string; empresa: string; createdAt: string }[];
  upcoming: { id: string; startsAt: string; service: string; consultant: string }[];
  /** The contact reached RD Station Marketing: it stays there until erased there. */
  rdContact: boolean;
};

export type Role = 'mentor' | 'consultor';

export type Viewer = {
  email: string;
  role: Role;
  /** The consultant's name; null for a mentor who is not a consultant. */
  name: string | null;
  /** Every consultant (id, name, active), for the filters. A consultor sees only themself. */
  consultants: { id: string; name: string; active: boolean }[];
};

/** One page of a list; `next` is the opaque keyset cursor of the following page (null: the last). */
export type Page<T> = { items: T[]; next: string | null };

export const meetingTabs = ['proximas', 'sem-desfecho', 'canceladas', 'passadas'] as const;
export type MeetingTab = (typeof meetingTabs)[number];

/** "Desfecho": the latest outcome recorded (qualificado: the lead was qualified), or none yet. */
export const meetingOutcomeFilters = ['compareceu', 'nao-compareceu', 'qualificado', 'sem-desfecho'] as const;
export type MeetingOutcomeFilter = (typeof meetingOutcomeFilters)[number];
/** Which date "Período" bounds: the meeting's (default) or when it was booked. */
export const meetingDateFields = ['reuniao', 'agendamento'] as const;
export type MeetingDateField = (typeof meetingDateFields)[number];

/**
 * Query of the meetings list (and its CSV). `de`/`ate`: dates (AAAA-MM-DD) in Brasília, both inclusive, of
 * the meeting or (`data=agendamento`) of its booking; `desfecho`: the latest outcome.
 */
export type MeetingQuery = {
  aba?: MeetingTab; consultor?: string; servico?: Service; desfecho?: MeetingOutcomeFilter; data?: MeetingDateField; de?: string; ate?: string; cursor?: string;
};
/** Every tab's total under the list's filters (the tab itself aside): "Sem desfecho (23)". */
export type MeetingCounts = Record<MeetingTab, number>;

export const attendanceValues = ['attended', 'lead_no_show', 'consultant_no_show'] as const;
export type Attendance = (typeof attendanceValues)[number];

export const OUTCOME_NOTE_MAX = 1000;

export type Outcome = {
  attendance: Attendance;
  qualified: boolean | null;
  note: string | null;
  recordedBy: string;
  recordedAt: string;
};
export type OutcomeInput = { attendance: Attendance; qualified: boolean | null; note?: string | null };

export type MeetingRow = {
  id: string;
  startsAt: string;
  endsAt: string;
  status: 'scheduled' | 'cancelled';
  service: Service;
  lead: { id: string; name: string; company: string };
  consultant: { id: string; name: string };
  /** The latest outcome; null while none was recorded. */
  outcome: Outcome | null;
};

/** One line of a meeting's history, oldest first. */
export type MeetingEvent =
  | { kind: 'booked'; at: string; startsAt: string }
  | { kind: 'rescheduled'; at: string; from: string; to: string }
  /** `who`: the person who cancelled it from the painel (a name, or a mentor's address); absent otherwise. */
  | { kind: 'cancelled'; at: string; by: 'lead' | 'consultant' | null; reason: string | null; who?: string | null }
  | { kind: 'mail'; at: string; mailKind: string; subject: string; to: 'lead' | 'consultant' | 'other'; sentAt: string | null }
  /** A WhatsApp message to the lead, with its last status and, when it failed, Meta's code and reason. */
  | { kind: 'whatsapp'; at: string; waKind: WhatsAppKind; status: WhatsAppStatus; statusAt: string; errorCode: number | null; errorTitle: string | null }
  | { kind: 'outcome'; at: string; outcome: Outcome };

export const CANCEL_MOTIVO_MAX = 200;
export type CancelInput = { reason: string };
/** `consultant`: 'same' keeps the meeting's consultant (or fails), 'any' lets the routing rules choose. */
export type RescheduleInput = { scheduledDate: string; scheduledTime: string; consultant: 'same' | 'any'; idempotencyKey: string };

export type MeetingView = MeetingRow & {
  lead: MeetingRow['lead'] & { email: string; phone: string; cnpj: string };
  cancelledBy: 'lead' | 'consultant' | null;
  cancelReason: string | null;
  events: MeetingEvent[];
  /** Outcomes recorded, newest first (the first is `outcome`). */
  outcomes: Outcome[];
  /** The viewer may record an outcome now (started, scheduled, theirs or a mentor). */
  canRecordOutcome: boolean;
  /** The viewer may cancel it now: scheduled, theirs or a mentor, and more than the booking notice ahead. */
  canCancel: boolean;
  /** How it happens: the consultant's video room or a phone call (src/domain/meeting-location.ts). */
  how: MeetingLocationKind;
  /** "Enviar link para reagendar" applies now: 'open' (before the booking notice), 'missed' (a no-show), or null. */
  rebookLink: 'open' | 'missed' | null;
  /** Why this consultant (the stored RoutingWhy and the names of the consultants in it); null: booked before it was recorded. */
  /**
   * The booking's stored why. A consultant gets their own part only (`partial`: their candidate line,
   * the rule, window and tie-break; no colleague's weights, caps, counts, names, nor the draw).
   */
  why: { routing: RoutingWhy; names: Record<string, string>; partial?: true } | null;
};

/**
 * Query of the leads list (and its CSV). `reuniao`: with or without any meeting. `integracoes=falha`: with
 * an RD Station or webhook delivery that failed or is paused (a consultant: of the deliveries they see).
 */
export type LeadQuery = {
  busca?: string; segmento?: string; faturamento?: string; vendedores?: string; modelo?: string;
  servico?: Service; de?: string; ate?: string; reuniao?: 'com' | 'sem'; integracoes?: DeliveryFilter;
  /** A routing rule's name (content/roteamento.yaml) as leads stored it: the newest submission's. */
  regra?: string; cursor?: string;
};
/** A rule name as the filter takes it (rule names are the mentor's config, short lines). */
export const RULE_MAX = 120;

/**
 * A page of Leads: one row per person (email identity), the newest submission standing for them. `total`:
 * how many persons the filters give (every page, not the page's size); `rules`: the filter's choices
 * (first page only).
 */
export type LeadPage = Page<LeadRow> & { total: number; rules?: string[] };
export const deliveryFilterValues = ['falha'] as const;
export type DeliveryFilter = (typeof deliveryFilterValues)[number];
export const SEARCH_MAX = 100;

export type LeadRow = {
  id: string;
  createdAt: string;
  name: string;
  email: string;
  company: string;
  cnpj: string;
  phone: string;
  segmento: string;
  faturamento: string;
  vendedores: string;
  modelo: string;
  cargo: string;
  service: Service | null;
  /** The routing rule of the newest submission ("Encaminhamento: <regra>"); null before rules existed. */
  rule: string | null;
  routingKind: string | null;
  /** How many times the person sent the form ("2 envios"). */
  submissions: number;
  /** How many meetings the person has (any submission, any status; a consultant: theirs). */
  meetings: number;
  /** The next meeting's consultant, else the latest meeting's. */
  consultant: string | null;
  /** The next scheduled meeting's start, if any. */
  nextMeeting: string | null;
  /** The latest outcome recorded for the person's meetings. */
  outcome: { attendance: Attendance; qualified: boolean | null } | null;
  firstTouch: Touch | null;
  lastTouch: Touch | null;
  /** "Quero receber conteúdos por e-mail" ticked, and when (the database's clock). */
  marketingOptIn: boolean;
  marketingOptInAt: string | null;
};

/**
 * Where a visit came from, as the browser kept it and the lead stored it (leads.first_touch / last_touch):
 * campaign parameters, click ids, the referring host (never the full address) and the landing path. The
 * keys come from attribution-params.ts, which holds no schema, so the console's bundle does not take zod.
 */
export { TOUCH_KEYS as touchKeys, type TouchKey, type StoredTouch as Touch } from '../attribution-params';
import type { StoredTouch as Touch } from '../attribution-params';

export const integrationTargets = ['rd', 'webhook'] as const;
export type IntegrationTarget = (typeof integrationTargets)[number];
export const deliveryStatuses = ['sent', 'pending', 'retrying', 'failed', 'paused'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

/** "Reenviar": which of the lead's deliveries (Delivery.id). */
export type ResendInput = { delivery: string };

/** One RD Station conversion or webhook event of a lead, as integration_deliveries lists it. */
export type Delivery = {
  id: string;
  target: IntegrationTarget;
  /** RD: the conversion identifier ('orcamento-site', …); webhook: the event type ('lead.created', …). */
  event: string;
  createdAt: string;
  status: DeliveryStatus;
  attempts: number;
  sentAt: string | null;
  failedAt: string | null;
  /** When the next attempt is due, while it is retrying. */
  nextAttemptAt: string | null;
  /** The receiver's last HTTP status and the last error kept (RD's message, a timeout…). */
  lastStatus: number | null;
  lastError: string | null;
  /** RD's event_uuid of a sent conversion. */
  eventUuid: string | null;
};

export type LeadSubmission = {
  id: string; createdAt: string; service: Service | null; rule: string | null; answers: LeadView['answers'];
};

export type LeadView = {
  id: string;
  createdAt: string;
  /** Every answer of the form, under the form's field names. */
  answers: {
    nomeCompleto: string; email: string; telefone: string; nomeEmpresa: string; cnpj: string; cargo: string;
    faturamento: string; numeroVendedores: string; segmento: string; outroSegmento: string | null; modeloNegocio: string;
  };
  origem: string;
  consent: { version: string | null; at: string | null };
  /** This submission's routing outcome; null before rules existed. */
  routing: { rule: string; kind: string | null } | null;
  service: Service | null;
  /** Every submission of the person (the same e-mail identity), newest first, this one among them. */
  submissions: LeadSubmission[];
  /** The person's meetings (every submission's; a consultant: theirs). */
  meetings: MeetingRow[];
  /** `to`: whose mail it was, as a role; the team's own addresses are never shown. */
  mails: { id: string; kind: string; subject: string; to: 'lead' | 'consultant' | 'other'; createdAt: string; sentAt: string | null }[];
  /**
   * "Preencheu mas não agendou": the one mail with the scheduling link (20261127000200_lead_followup.sql),
   * null when none was queued. droppedAt: never sent (the hourly cap, or the lead booked first).
   */
  followup?: { queuedAt: string; sentAt: string | null; droppedAt: string | null } | null;
  attribution: { firstTouch: Touch | null; lastTouch: Touch | null };
  /** "Quero receber conteúdos por e-mail": the answer and when it was given. */
  marketing: { optIn: boolean; at: string | null };
  /** RD Station and webhook deliveries, oldest first (a consultant: the lead's own and their meetings'). */
  deliveries: Delivery[];
  /** The state of each target with a delivery still to go (none when all went). */
  integrationHealth?: IntegrationHealth[];
};

export type TeamMember = {
  name: string;
  email: string;
  active: boolean;
  /** Working hours as the command writes them ("seg-sex 09:00-18:00"); null: the default hours. */
  hours: string | null;
  /** The effective weekly ranges (own, else the default hours: the grid starts from them) and in words. */
  ranges: HoursRange[];
  hoursWords: string;
  /** Time off that has not ended, next first (Remover sends its id). */
  timeOff: { id: string; from: string; to: string; reason: string | null }[];
  /**
   * The calendar feed's state; its address is never sent (a secret). problem: why the last read failed, in
   * words; unreadSince: the last read (or the connection) when the consultant is no longer offered for it.
   */
  feed: { status: 'pending' | 'ok' | 'error'; problem: string | null; syncedAt: string | null; connectedAt: string; unreadSince: string | null } | null;
  agendaLink: boolean;
  roomUrl: string | null;
  /** Share of the leads (100 = a full share) and caps on meetings per day and week (null: none). */
  weight: number;
  capDay: number | null;
  capWeek: number | null;
  /** Names of the rules this person is the only active consultant of: "Desativar" warns that their leads would see no times. */
  soleActiveIn: string[];
  /** Far below their share in the routing window (domain/scheduling/fair-share.ts); null: not. */
  behind: (Behind & { window: RoutingWindowKind }) | null;
};
/** The team's routing settings (GET team's `routing`): the counting window and equal distribution (null: off). */
export type TeamRouting = { window: RoutingWindowKind; equalAhead: number | null };

/**
 * One consultants command, as `npm run consultants -- <command> <args…>` takes it (the same parser and
 * the same code run it): e.g. { command: 'hours', args: ['ana@x.com', 'seg-sex 09:00-18:00'] }.
 */
export const teamCommands = ['add', 'deactivate', 'reactivate', 'rename', 'email', 'hours', 'off', 'off-remove', 'feed', 'sala', 'sync', 'agenda-link', 'limit', 'weight', 'mode', 'janela'] as const;
/** What a consultant may run on their own agenda (Minha agenda): the first argument is always their e-mail. */
export const ownAgendaCommands = ['hours', 'off', 'off-remove', 'feed', 'sala'] as const;
export type TeamCommand = { command: (typeof teamCommands)[number]; args: string[] };
/** POST team's answer: the command's words; for 'sync', each consultant's read (errors shown in red). */
export type TeamAnswer = { message: string; calendars?: { name: string; ok: boolean; text: string }[]; orphaned?: OrphanedAnswer };

/** `deal`: a deal's change (action 'deal'), null once the lead's data was erased. */
export type ActivityRow = { id: string; at: string; actor: string | null; action: string; subject: string | null; deal?: DealActivity | null };

/** integration_health's answer for one target (20261201151000_needs_you_integration_health.sql), named by integration-status.ts. */
export type IntegrationHealth = {
  target: IntegrationTarget;
  /** Its settings are present where the site runs. */
  enabled: boolean;
  /** The whole target waits: RD refused the key (401/403), or the webhook endpoint is gone (410). */
  pausedAt: string | null;
  pausedStatus: number | null;
  /** The last delivery the receiver accepted. */
  lastSentAt: string | null;
  /** The first failure after the last success (null: the last answer was a success, or none yet). */
  failingSince: string | null;
  lastFailureAt: string | null;
  lastFailureStatus: number | null;
  /** A network code (timeout, econnrefused…) when no HTTP answer came; the receiver's error otherwise. */
  lastFailureError: string | null;
  /** Tried, failed, and waiting for their next attempt. */
  retrying: number;
  /** Every delivery still to go (retrying ones included). */
  queued: number;
  /** Refused for good or out of attempts: they go again only when resent. */
  gaveUp: number;
  /** The next retry due. */
  nextAttemptAt: string | null;
  /** The oldest delivery due: long past and never tried means nothing is sending. */
  oldestDueAt: string | null;
};
