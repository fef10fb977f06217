// Request/response shapes of the lead and scheduling endpoints, shared by the wizard and functions/.
import type { LeadFieldErrors, LeadFormValues } from './lead';
import type { Attribution } from './attribution';
import type { AdIds } from './ad-ids';
import type { MeasurementBasis } from './conversions';
import type { MeetingLocation, MeetingLocationKind } from './meeting-location';
import type { Service } from './options';

export const apiPaths = {
  leads: '/api/leads',
  availability: '/api/availability',
  meetings: '/api/meetings',
  /** POST { leadId }: mails the lead's manage link again for the upcoming meeting of that lead's email. */
  manageLink: '/api/manage-link',
  health: '/api/health',
  /** GET: { offered } — whether the form shows the WhatsApp box (WhatsAppOffer). */
  whatsapp: '/api/whatsapp',
} as const;

/** pt-BR errors shared by every endpoint (and shown by the wizard and the dialog), word for word. */
export const apiMessages = {
  /** 422: an idempotency key sent again with a different body (the first request's result stands). */
  idempotencyMismatch: 'Esta solicitação já foi enviada com outros dados. Recarregue a página e tente novamente.',
  /** 429: rate limit of an endpoint (per IP and domain) or new leads per email; carries Retry-After. */
  tooManyRequests: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
  /** 400 on POST /api/meetings: a time that was never bookable (weekend, holiday, past, off-grid, …). */
  invalidTime: 'Horário inválido.',
  /**
   * 404 on POST /api/manage-link: an unknown lead, or no upcoming meeting for its email (cancelled or
   * over meanwhile). The same words for both, and never a detail of any meeting.
   */
  noUpcomingMeeting: 'Não encontramos uma reunião agendada para este cadastro. Escolha um horário para agendar.',
  /**
   * 202 on POST /api/meetings: the database failed after the booking was sent and the booking could not
   * be found or checked. It may exist (its mail then arrives); the same slot confirmed again with the same
   * idempotency key settles it without booking twice.
   */
  bookingUnconfirmed:
    'A resposta demorou e não conseguimos confirmar — confira seu e-mail: se a reunião foi marcada, a confirmação chega em alguns minutos. Se não chegar, confirme o mesmo horário de novo; ele não será reservado duas vezes.',
} as const;

/**
 * POST /api/leads. `website` is a honeypot: humans never see it, so a filled one means a bot.
 * `privacyPolicyVersion` is the policy version the wizard showed (content/legal frontmatter `version`);
 * the server stores it with its own consent time. Missing or malformed: 400 with
 * fieldErrors.privacyPolicyVersion = consentMessage (src/domain/consent.ts).
 */
export type LeadRequest = LeadFormValues & {
  idempotencyKey: string;
  privacyPolicyVersion: string;
  website?: string;
  /**
   * The service chosen in the wizard: stored with the lead and matched by the qualification rules
   * (content/roteamento.yaml). Optional; any other value is stored as unknown (null), never refused.
   */
  service?: Service;
  /** Where the visitor came from, first and last touch (src/domain/attribution.ts); omitted when unknown. */
  attribution?: Attribution | null;
  /** The separate, unticked-by-default box "Quero receber conteúdos por e-mail"; false when absent. */
  marketingOptIn?: boolean;
  /**
   * The unticked-by-default WhatsApp box (src/domain/whatsapp.ts), offered only for a Brazilian mobile when
   * GET apiPaths.whatsapp says so; false when absent, and ignored for any other number.
   */
  whatsappOptIn?: boolean;
  /**
   * The visitor granted advertising cookies (Consent Mode's ad_storage); false when absent. Without it no ad
   * identifier is kept: the touches' click ids are dropped and `adIds` ignored (src/domain/ad-ids.ts).
   */
  adConsent?: boolean;
  /** Meta's _fbp / _fbc cookies when the pixel wrote them; omitted otherwise. */
  adIds?: AdIds;
  /**
   * The unticked box "Autorizo o uso do meu e-mail e telefone…" (src/domain/conversions.ts), shown when the
   * mentor's basis is consent; false when absent.
   */
  measurementConsent?: boolean;
};

/**
 * GET /api/leads: what the form asks beyond its fields, as the mentor set it (never cached). measurementBasis
 * is null while no ad platform is on (nothing is measured: no box).
 */
export type LeadFormSettings = { measurementBasis: MeasurementBasis | null };

/**
 * 201 (new) or 200 (same idempotencyKey again): the id to book the meeting with. `upcomingMeeting`: this
 * email (any case) already holds an upcoming meeting; the wizard does not open the calendar, offers to
 * mail the manage link again (apiPaths.manageLink), and the mentor is not notified of this lead again.
 * Nothing about that meeting (date, time, consultant) is ever returned here.
 */
export type LeadCreated = { id: string; upcomingMeeting?: true; route?: LeadNoMeeting };
/**
 * `route` of a LeadCreated: the lead's answers matched a qualification rule that offers no meeting. The
 * wizard shows the rule's message and link (the mentor's words) instead of the calendar, and never asks
 * for availability. Only this kind is told to the browser: a pool's consultants are never sent.
 */
export type LeadNoMeeting = { kind: 'none'; message: string; link: { label: string; url: string } | null };
/** Per-field pt-BR messages of a 400: the form fields' validation messages plus the consent. */
export type LeadRequestFieldErrors = LeadFieldErrors & { privacyPolicyVersion?: string };
/** 400 invalid lead: the pt-BR validation message per field. Other errors carry only `error`. */
export type ApiError = { error: string; fieldErrors?: LeadRequestFieldErrors };
export type LeadResponse = LeadCreated | ApiError;

/**
 * GET /api/availability?date=YYYY-MM-DD — each bookable time once, with the consultant the router would
 * assign. Optional: lead=<id> (that lead's rule: its pool, its earlier consultant, or no times for a rule
 * without meetings) and keep=<consultant id> (a reschedule: that consultant wherever free).
 */
export type AvailabilityHint = { lead?: string | null; keep?: string | null };
export type AvailabilitySlot = { time: string; presellerId: string; presellerName: string; location: MeetingLocationKind };
export type AvailabilityResponse = { availableSlots: AvailabilitySlot[] };
/** GET /api/availability?month=YYYY-MM — days with at least one free slot (the calendar disables the rest). */
export type MonthAvailabilityResponse = { days: string[] };

/** POST /api/meetings. presellerId is the consultant of the chosen slot; another free one is assigned if taken. */
export type MeetingRequest = {
  leadId: string;
  scheduledDate: string; // YYYY-MM-DD, America/Sao_Paulo
  scheduledTime: string; // HH:mm
  presellerId?: string;
  service: Service;
  diagnosticScore: number;
  idempotencyKey: string;
  /** The visitor's IANA time zone (Intl), stored with the meeting for the local time in the lead's mails. */
  timeZone?: string;
};

/**
 * 201 booked (200 for a repeated idempotencyKey); startsAt is ISO 8601 in UTC. `manageUrl` is the lead's
 * manage link (SITE_URL/reuniao#t=…), given only to the browser that booked and only on 201 (only token
 * hashes are stored, so a replay cannot return it: null). `ics` is the event as a file (METHOD:PUBLISH).
 */
export type MeetingBooked = {
  success: true;
  preseller: { name: string };
  meeting: { id: string; startsAt: string; minutes: number; service: Service; location: MeetingLocation };
  manageUrl: string | null;
  ics: string;
  /** A WhatsApp confirmation was queued for the lead (opted in and in the WhatsApp group). */
  whatsapp?: boolean;
};
/** GET apiPaths.whatsapp: whether the form offers the WhatsApp box (the settings are present). */
export type WhatsAppOffer = { offered: boolean };
/** 400 invalid, 404 unknown lead, 409 slot gone, 422 key reused with other data, 429 too many, 503 unavailable. */
export type MeetingFailed = { success: false; error: string };
/** The error body of POST /api/meetings. */
export const meetingFailed = (error: string): MeetingFailed => ({ success: false, error });
/** 202: sent, but neither confirmed nor refused (apiMessages.bookingUnconfirmed); never a 503 for a booking that may exist. */
export type MeetingUnconfirmed = { success: false; unconfirmed: true; error: string };
export const meetingUnconfirmed = (error: string): MeetingUnconfirmed => ({ success: false, unconfirmed: true, error });
export type MeetingResponse = MeetingBooked | MeetingFailed | MeetingUnconfirmed;

/** POST /api/manage-link: the lead id the browser got from POST /api/leads. */
export type ManageLinkRequest = { leadId: string };
/**
 * 200: `sent` true when a mail with the link was queued now; false when one went out less than
 * 10 minutes ago (nothing sent; the wizard says so). 404 unknown lead or no upcoming meeting.
 */
export type ManageLinkResponse = { success: true; sent: boolean } | { success: false; error: string };
