// "Enviar link para reagendar" (issue 32 item 3), the team's request that the lead choose a new time,
// on the lead's own paths: a meeting still open to changes gets a new lead manage link (the lead
// reschedules it on /reuniao, as from any of their mails); a meeting missed (outcome: lead or consultant
// no-show) gets a booking link for the same lead (/orcamento#agendar=…, the follow-up's dialog), valid as
// long as a follow-up link. One send per meeting per REBOOK_THROTTLE_SECONDS (painel_rebook_link, under
// the meeting's row lock); the outbox's per-address hourly cap holds the rest, as for every mail.
import type { Attendance, MeetingRow } from '../../../src/domain/painel/api';
import type { App } from '../app';
import { flushOutboxLater } from '../app';
import { followupUrl } from '../followup/queue';
import { FOLLOWUP_TTL_DAYS, FOLLOWUP_TTL_SECONDS } from '../followup/rules';
import { sealMessage } from '../mail/secrets';
import { mailSettings } from '../mail/messages';
import { missedRebookMail, rescheduleLinkMail } from '../mail/rebook-messages';
import type { MeetingDetails, OutboxMessage } from '../store/port';
import { RESEND_LINK_THROTTLE_SECONDS } from './resend';
import { manageUrl, mintToken } from './tokens';
import { isOpen, mailMeetingOf } from './view';

/** As the lead's own "send my link again": a double click or two colleagues send one mail. */
export const REBOOK_THROTTLE_SECONDS = RESEND_LINK_THROTTLE_SECONDS;

export type RebookRefusal = 'missing' | 'cancelled' | 'closed' | 'not_past' | 'booked' | 'attended' | 'no_outcome';
export type RebookResult = { status: 'sent'; kind: 'manage' | 'rebook' } | { status: 'throttled'; until: string } | { status: RebookRefusal };

type Meeting = Pick<MeetingDetails, 'status' | 'startsAt'>;

/** What a send would do now: mail the manage link, a booking link (who missed it), or why neither. */
export function rebookPlan(meeting: Meeting, latest: Attendance | null, app: App): { kind: 'manage' } | { kind: 'rebook'; missedBy: 'lead' | 'consultant' } | { refused: RebookRefusal } {
  if (meeting.status === 'cancelled') return { refused: 'cancelled' };
  if (isOpen(meeting, app)) return { kind: 'manage' };
  // Inside the booking notice: neither the lead's link may move it nor may another be booked.
  if (meeting.startsAt.getTime() > app.now().getTime()) return { refused: 'closed' };
  if (latest === 'attended') return { refused: 'attended' };
  if (latest === null) return { refused: 'no_outcome' };
  return { kind: 'rebook', missedBy: latest === 'consultant_no_show' ? 'consultant' : 'lead' };
}

export async function sendRebookLink(app: App, details: MeetingDetails, latest: Attendance | null, context?: { waitUntil?: (p: Promise<unknown>) => void }): Promise<RebookResult> {
  const plan = rebookPlan(details, latest, app);
  if ('refused' in plan) return { status: plan.refused };
  const { env } = app;
  const now = app.now();
  const meeting = mailMeetingOf(details);
  const { token, row } = mintToken('lead');
  // The token is sealed by name: the booking link is no manage link (#agendar=, not #t=), as the follow-up's.
  const sealed = ({ kind, message }: OutboxMessage) => [{ kind, message: { ...sealMessage(message, [token]), about: { meetingId: details.id } } }];
  const settings = mailSettings(env);
  const common = { meeting_id: details.id, now: now.toISOString(), throttle_seconds: REBOOK_THROTTLE_SECONDS, notice_minutes: env.scheduling.minLeadMinutes };
  const p =
    plan.kind === 'manage'
      ? { ...common, kind: 'manage', tokens: [row], outbox: sealed(rescheduleLinkMail({ meeting, link: manageUrl(env.siteUrl, token), ...settings })) }
      : {
          ...common, kind: 'rebook', token_hash: row.hash, expires_at: new Date(now.getTime() + FOLLOWUP_TTL_SECONDS * 1000).toISOString(),
          outbox: sealed(missedRebookMail({ meeting, link: followupUrl(env.siteUrl, token), missedBy: plan.missedBy, ttlDays: FOLLOWUP_TTL_DAYS, ...settings })),
        };
  const answer = await app.store.call<{ status: 'sent' | 'throttled' | RebookRefusal; until?: string }>('painel_rebook_link', p);
  if (answer.status === 'throttled') return { status: 'throttled', until: answer.until ?? now.toISOString() };
  if (answer.status !== 'sent') return { status: answer.status };
  flushOutboxLater(app, context);
  return { status: 'sent', kind: plan.kind };
}

/** The painel's button: whether it shows, and which hint goes with it. */
export function rebookLinkKind(view: Pick<MeetingRow, 'status' | 'startsAt' | 'outcome'>, app: App): 'open' | 'missed' | null {
  const plan = rebookPlan({ status: view.status, startsAt: new Date(view.startsAt) }, view.outcome?.attendance ?? null, app);
  return 'refused' in plan ? null : plan.kind === 'manage' ? 'open' : 'missed';
}
