// The booking lifecycle contract (POST /api/manage), shared by the /reuniao island and functions/.
// The token travels in the JSON body only, never in a URL: the page reads it from its fragment
// (`/reuniao#t=<token>`), which browsers send neither to the server nor in a Referer.
import type { MeetingLocation } from './meeting-location';
import type { Service } from './options';

export const managePath = '/api/manage';
/** The page a manage link opens; the token follows in the fragment. */
export const managePagePath = '/reuniao';
/** Where a cancelled meeting's lead books again. */
export const bookAgainPath = '/orcamento';
export const CANCEL_REASON_MAX = 500;
/** How often one meeting may be moved in 24 hours: each move mails the lead and the consultant. */
export const MAX_RESCHEDULES_PER_DAY = 3;

export const manageMessages = {
  /** 404: unknown or revoked token. */
  invalidLink: 'Link inválido ou expirado.',
  /** 409: cancelled, past, inside the booking notice, or a consultant asking to reschedule. */
  closed: 'Esta reunião não pode mais ser alterada.',
  /** 429: the meeting was moved MAX_RESCHEDULES_PER_DAY times in the last 24 hours. */
  tooManyChanges: `Esta reunião já mudou de horário ${MAX_RESCHEDULES_PER_DAY} vezes nas últimas 24 horas. Para mudar de novo, responda ao e-mail da reunião ou tente amanhã.`,
  /**
   * 409 on POST /api/meetings: this person (lead id or email in any case) holds an upcoming meeting, and
   * the manage link was mailed now (upcoming) or less than 10 minutes ago (upcomingRecentlySent).
   */
  upcoming: 'Você já tem uma reunião agendada. Enviamos para o seu email o link para reagendar ou cancelar.',
  upcomingRecentlySent: 'Você já tem uma reunião agendada. O link para reagendar ou cancelar foi enviado para o seu email há poucos minutos.',
} as const;

export type MeetingActor = 'lead' | 'consultant';

export type MeetingView = {
  id: string;
  service: Service;
  /** ISO 8601, UTC. */
  startsAt: string;
  minutes: number;
  status: 'scheduled' | 'cancelled';
  consultantFirstName: string;
  /** The consultant's id, for availability to show them wherever they are free (the reschedule keeps them). */
  consultantId: string;
  /** The lead's id, for availability to route by the lead's rule, as the reschedule does. */
  leadId: string;
  /** Where it happens; a video room's URL only reaches the holders of a manage link. */
  location: MeetingLocation;
  /** Whose link opened the page. */
  actor: MeetingActor;
  /** Scheduled and before the booking notice (2 h before the start). A consultant may cancel, not reschedule. */
  canChange: boolean;
  /** Shown when changes are closed. */
  contactEmail: string;
  /**
   * The lead's WhatsApp messages are on (opted in, in the WhatsApp group, not stopped): the lead's page
   * offers to stop them. Absent for a consultant's link and without the WhatsApp settings.
   */
  whatsapp?: boolean;
};

export type ManageRequest =
  | { action: 'view'; token: string }
  | { action: 'reschedule'; token: string; scheduledDate: string; scheduledTime: string; idempotencyKey: string }
  | { action: 'cancel'; token: string; reason?: string }
  /** The lead stops the WhatsApp messages (as replying "PARAR" does). */
  | { action: 'whatsapp-stop'; token: string };

/** 200 with the meeting as it now is; errors: 400 invalid, 404 invalidLink, 409 closed or slot gone, 422 key reused, 503. */
export type ManageResponse = { success: true; meeting: MeetingView } | { success: false; error: string };
