// Reschedule and cancel, each one SQL transaction (reschedule_meeting, cancel_meeting). The mails are
// built first, for the SEQUENCE the meeting has now; the database refuses them ('stale') if the meeting
// changed in between, so an invite never carries a wrong SEQUENCE or time.
import { apiMessages } from '../../../src/domain/api';
import { bookAgainPath, manageMessages, MAX_RESCHEDULES_PER_DAY } from '../../../src/domain/manage';
import type { App } from '../app';
import { flushOutboxLater } from '../app';
import { meetingCopy } from '../handlers/meetings';
import { HttpError } from '../http';
import { cancelMails, rescheduleMails } from '../mail/lifecycle-messages';
import { mailSettings } from '../mail/messages';
import { candidateSlots, rangeOf } from '../../../src/domain/scheduling/slots';
import { zonedParts } from '../../../src/domain/scheduling/time';
import { decide, leadPool, MAX_ROUTING_ATTEMPTS, readRoutingState, TEAM_RULE } from '../routing';
import { currentRuleSet } from '../routing-rules';
import type { Actor, TokenMeeting } from '../store/port';
import { fingerprint, manageUrl, mintToken } from './tokens';
import { isOpen, mailMeetingOf } from './view';
import { whatsappMessage, whatsappRecipient } from '../whatsapp/messages';

type Context = { waitUntil?: (p: Promise<unknown>) => void };
export type RescheduleInput = { scheduledDate: string; scheduledTime: string; idempotencyKey: string };
/**
 * A move made by the team in the painel (issue 32): `consultant` 'same' keeps the meeting's consultant
 * or fails, 'any' lets the lead's routing rules choose, 'other' lets them choose anyone but the meeting's
 * consultant (a meeting left by a day off or a deactivation, usually at the same time); `by`: who moved
 * a consultant's meeting for them (the mentor), for the consultant's mail.
 */
export type TeamMove = { consultant: 'same' | 'any' | 'other'; by: string | null };

/** Moves the meeting to a bookable time, the same consultant first. Resolves when the move is stored. */
export async function rescheduleMeeting(app: App, meeting: TokenMeeting, input: RescheduleInput, context?: Context, team?: TeamMove): Promise<void> {
  const { store, env } = app;
  // A consultant's mail link may cancel, not move, a meeting: the lead chose its time. The painel may.
  if ((meeting.actor !== 'lead' && !team) || !isOpen(meeting, app)) throw new HttpError(409, manageMessages.closed);
  const day = candidateSlots(input.scheduledDate, { config: env.scheduling, now: app.now(), isHoliday: app.isHoliday, weekly: await app.store.weeklyHours() });
  const slot = day.find((c) => c.time === input.scheduledTime);
  if (!slot) throw new HttpError(400, apiMessages.invalidTime);
  // Already there (e.g. a retry of the move that succeeded): nothing to change. 'other' changes who, not when.
  if (slot.startsAt.getTime() === meeting.startsAt.getTime() && team?.consultant !== 'other') return;

  const presellers = await store.listActivePresellers();
  // The same consultant first; else the lead's rule decides (the whole team if the rule no longer books).
  // The lead's answers with the meeting's service (what the wizard sent when it booked).
  const rules = (await currentRuleSet(store, app.now())).rules;
  const pool = leadPool(rules, { ...meeting.lead, service: meeting.service }, presellers) ?? { rule: TEAM_RULE, ids: null };
  const { from, to } = rangeOf([input.scheduledDate], env.scheduling);
  const print = fingerprint(['reschedule', meeting.id, input.scheduledDate, input.scheduledTime]);
  const before = mailMeetingOf(meeting);
  const tried = new Set<string>(team?.consultant === 'other' ? [meeting.preseller.id] : []);
  const whatsappTo = await whatsappRecipient(app, meeting.lead.id);
  for (let attempt = 0; attempt < MAX_ROUTING_ATTEMPTS; attempt++) {
    const [busy, state] = await Promise.all([store.listBusy(from, to), readRoutingState(app, [input.scheduledDate])]);
    // The meeting being moved frees its place: it does not count against its consultant's caps.
    const days = state.load.get(meeting.preseller.id);
    const oldDate = zonedParts(meeting.startsAt, env.scheduling.timeZone).date;
    days?.set(oldDate, Math.max(0, (days.get(oldDate) ?? 0) - 1));
    const why = decide({
      date: input.scheduledDate, slot, daySlots: day, presellers, state, pool, busy, tried, now: app.now(),
      preferred: team && team.consultant !== 'same' ? [] : [{ id: meeting.preseller.id, reason: 'anterior' }],
    });
    const preseller = presellers.find((p) => p.id === why.decision.chosen);
    if (!preseller) break;
    // "Mesmo consultor" and they are not free then: that time is gone for this move.
    if (team?.consultant === 'same' && preseller.id !== meeting.preseller.id) break;
    if (team?.consultant === 'other' && preseller.id === meeting.preseller.id) break;
    tried.add(preseller.id);
    // Both readers get a fresh link in the "reagendada" mails (only hashes are stored, so a link is a new
    // token); reschedule_meeting stores both, and revokes the earlier consultant links only when the
    // consultant changes.
    const leadToken = mintToken('lead');
    const consultantToken = mintToken('consultant');
    const after = mailMeetingOf(meeting, { preseller, startsAt: slot.startsAt, sequence: meeting.sequence + 1 });
    const mails = rescheduleMails({
      before, after, team: team ? { by: team.by } : undefined, links: { lead: manageUrl(env.siteUrl, leadToken.token), consultant: manageUrl(env.siteUrl, consultantToken.token) },
      ...mailSettings(env),
    });
    const whatsapp = whatsappTo ? await whatsappMessage(app, { kind: 'reagendamento', meeting: after, to: whatsappTo }) : null;
    const { status } = await store.rescheduleMeeting({
      meetingId: meeting.id, expectedSequence: meeting.sequence, presellerId: preseller.id, startsAt: slot.startsAt, endsAt: slot.endsAt,
      now: app.now(), noticeMinutes: env.scheduling.minLeadMinutes, idempotencyKey: input.idempotencyKey, fingerprint: print,
      tokens: [leadToken.row, consultantToken.row, ...(whatsapp ? [whatsapp.token] : [])], maxChangesPerDay: MAX_RESCHEDULES_PER_DAY,
      timeZone: env.scheduling.timeZone, routing: why, actor: meeting.actor,
    }, [...mails, ...(whatsapp ? [whatsapp.message] : [])]);
    if (status === 'conflict') continue;
    if (status === 'rescheduled') {
      app.reads.invalidate();
      flushOutboxLater(app, context);
    }
    if (status === 'rescheduled' || status === 'duplicate') return;
    if (status === 'mismatch') throw new HttpError(422, apiMessages.idempotencyMismatch);
    if (status === 'closed') throw new HttpError(409, manageMessages.closed);
    if (status === 'limited') throw new HttpError(429, manageMessages.tooManyChanges);
    if (status === 'missing') throw new HttpError(404, manageMessages.invalidLink);
    // 'stale': another change won the race; the page reloads the meeting and the free times.
    break;
  }
  throw new HttpError(409, meetingCopy.slotGone);
}

/**
 * Cancels the meeting (a repeat is fine). Resolves when the cancellation is stored. The consultant's mail
 * link and the painel's "Cancelar reunião" both come here; `by`: the name of whoever cancelled a
 * consultant's meeting for them (the mentor in the painel), for the consultant's mail.
 */
export async function cancelMeeting(app: App, meeting: TokenMeeting, reason: string | null, context?: Context, by?: string | null): Promise<void> {
  const { store, env } = app;
  // A concurrent reschedule changes the SEQUENCE the mails were built for: rebuild and try again.
  for (let attempt = 0, current: TokenMeeting | null = meeting; attempt < 3 && current; attempt++) {
    if (current.status === 'cancelled') return;
    if (!isOpen(current, app)) throw new HttpError(409, manageMessages.closed);
    const actor: Actor = meeting.actor;
    // Each reader's cancellation mail links to the meeting (the page shows it cancelled): new tokens.
    const leadToken = mintToken('lead');
    const consultantToken = mintToken('consultant');
    const mails = cancelMails({
      meeting: mailMeetingOf(current, { sequence: current.sequence + 1 }), actor, reason, by,
      bookAgainUrl: `${env.siteUrl}${bookAgainPath}`, ...mailSettings(env),
      links: { lead: manageUrl(env.siteUrl, leadToken.token), consultant: manageUrl(env.siteUrl, consultantToken.token) },
    });
    const whatsappTo = await whatsappRecipient(app, current.lead.id);
    const whatsapp = whatsappTo ? await whatsappMessage(app, { kind: 'cancelamento', meeting: mailMeetingOf(current), to: whatsappTo }) : null;
    const { status } = await store.cancelMeeting({
      meetingId: current.id, expectedSequence: current.sequence, actor, reason, now: app.now(), noticeMinutes: env.scheduling.minLeadMinutes,
      tokens: [leadToken.row, consultantToken.row, ...(whatsapp ? [whatsapp.token] : [])],
    }, [...mails, ...(whatsapp ? [whatsapp.message] : [])]);
    if (status === 'cancelled') {
      app.reads.invalidate();
      flushOutboxLater(app, context);
    }
    if (status === 'cancelled' || status === 'already') return;
    if (status === 'closed') throw new HttpError(409, manageMessages.closed);
    if (status === 'missing') throw new HttpError(404, manageMessages.invalidLink);
    const details = await store.meetingDetails(meeting.id);
    current = details ? { ...details, actor } : null;
  }
  throw new HttpError(409, manageMessages.closed);
}
