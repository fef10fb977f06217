// POST /api/meetings: books a free consultant for a lead, with invites and manage links, once per
// idempotency key, and only if the person (lead or email in any case) has no upcoming meeting.
import * as z from 'zod/mini';
import { apiMessages, type MeetingBooked } from '../../../src/domain/api';
import { manageMessages } from '../../../src/domain/manage';
import { locationOf } from '../../../src/domain/meeting-location';
import { serviceValues } from '../../../src/domain/options';
import type { App } from '../app';
import { flushOutboxLater } from '../app';
import { allowMethods, guard, HttpError, json, readJson } from '../http';
import { isForeignKeyViolation, isRoutingMoved, violatedConstraint } from '../store/errors';
import { mailSettings, meetingIcs, meetingInvites, type MailMeeting, type MailSettings } from '../mail/messages';
import { candidateSlots, rangeOf } from '../../../src/domain/scheduling/slots';
import { decide, leadPool, MAX_ROUTING_ATTEMPTS, MAX_ROUTING_MOVES, readRoutingState } from '../routing';
import { currentRuleSet } from '../routing-rules';
import { isHhMm, isIsoDate } from '../../../src/domain/scheduling/time';
import { timeZoneOf } from '../../../src/domain/scheduling/zone';
import { resendManageLink } from '../manage/resend';
import { fingerprint, manageUrl, mintToken } from '../manage/tokens';
import { mailMeetingOf } from '../manage/view';
import { whatsappMessage, whatsappRecipient } from '../whatsapp/messages';
import { isIdempotencyKey } from './leads';
import { bookingAfterFailure } from './booking-truth';
import { StoreUnavailableError } from '../store/errors';

export const meetingCopy = {
  invalid: 'Dados do agendamento inválidos.',
  unknownLead: 'Cadastro não encontrado. Preencha o formulário novamente.',
  slotGone: 'Este horário não está mais disponível. Escolha outro horário.',
  noMeeting: 'Este cadastro não tem agendamento de reunião.',
} as const;


export const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const meetingSchema = z.object({
  leadId: uuid,
  scheduledDate: z.string().check(z.refine(isIsoDate)),
  scheduledTime: z.string().check(z.refine(isHhMm)),
  presellerId: z.optional(z.nullable(uuid)),
  service: z.enum(serviceValues),
  diagnosticScore: z.number().check(z.int(), z.gte(0), z.lte(100)),
  idempotencyKey: z.string().check(z.refine(isIdempotencyKey)),
  // A hint for the lead's mails, never a reason to refuse a booking: timeZoneOf turns anything that
  // is not a zone (a number, 'Mars/Olympus', 10 KB of text) into null.
  timeZone: z.optional(z.unknown()),
});

type Context = { waitUntil?: (p: Promise<unknown>) => void };
const fail = (error: string) => ({ success: false, error });

export function createMeetingsHandler(getApp: () => Promise<App>) {
  return (req: Request, context?: Context) =>
    guard(
      'meetings',
      async () => {
        allowMethods(req, ['POST']);
        const parsed = meetingSchema.safeParse(await readJson(req));
        if (!parsed.success) throw new HttpError(400, meetingCopy.invalid);
        const input = parsed.data;
        const app = await getApp();
        const { store, env } = app;
        // The zone is left out of the fingerprint: it decides nothing about the booking.
        const print = fingerprint([
          'book', input.leadId, input.scheduledDate, input.scheduledTime, input.presellerId ?? null, input.service, input.diagnosticScore,
        ]);
        const leadTimeZone = timeZoneOf(input.timeZone);
        const settings = mailSettings(env);

        // A retry answers with what the first attempt booked, even if that slot has since passed; the
        // same key with other data is refused (the first request's booking stands).
        const previous = await store.findMeetingByKey(input.idempotencyKey);
        if (previous && previous.fingerprint && previous.fingerprint !== print) throw new HttpError(422, apiMessages.idempotencyMismatch);
        if (previous) return replayed(app, previous.id, settings);

        const lead = await store.getLead(input.leadId);
        if (!lead) throw new HttpError(404, meetingCopy.unknownLead);

        // 400 for a time the rules never offer (weekend, holiday, past, beyond the horizon, off the grid,
        // outside hours, inside the notice); 409 is kept for a bookable time someone else took.
        const day = candidateSlots(input.scheduledDate, { config: env.scheduling, now: app.now(), isHoliday: app.isHoliday, weekly: await app.store.weeklyHours() });
        const slot = day.find((c) => c.time === input.scheduledTime);
        if (!slot) throw new HttpError(400, apiMessages.invalidTime);

        const presellers = await store.listActivePresellers();
        const pool = leadPool((await currentRuleSet(store, app.now())).rules, lead, presellers);
        // A rule without meetings: the wizard showed its message instead of the calendar.
        if (!pool) throw new HttpError(409, meetingCopy.noMeeting);
        const { from, to } = rangeOf([input.scheduledDate], env.scheduling);
        const previousId = await store.previousPresellerId(lead.email);
        const preferred = [
          ...(previousId ? [{ id: previousId, reason: 'anterior' as const }] : []),
          ...(input.presellerId ? [{ id: input.presellerId, reason: 'escolhido' as const }] : []),
        ];

        // The router decides; the database settles races (exclusion constraint) and caps (under the
        // consultant's lock): on 'conflict' the facts are read again and the router decides again.
        // The lead's WhatsApp (opted in, in the experiment's 'whatsapp' group, a mobile), or null: mail only.
        const whatsappTo = await whatsappRecipient(app, lead.id);
        const tried = new Set<string>();
        let moves = 0;
        for (let attempt = 0; attempt < MAX_ROUTING_ATTEMPTS; attempt++) {
          const [busy, state] = await Promise.all([store.listBusy(from, to), readRoutingState(app, [input.scheduledDate])]);
          const why = decide({ date: input.scheduledDate, slot, daySlots: day, presellers, state, pool, busy, preferred, tried, now: app.now() });
          const preseller = presellers.find((p) => p.id === why.decision.chosen);
          if (!preseller) break;
          tried.add(preseller.id);
          const id = crypto.randomUUID();
          const leadToken = mintToken('lead');
          const consultantToken = mintToken('consultant');
          const meeting: MailMeeting = {
            id, startsAt: slot.startsAt, minutes: env.scheduling.slotMinutes, service: input.service, sequence: 0, lead, preseller, leadTimeZone,
          };
          const leadLink = manageUrl(env.siteUrl, leadToken.token);
          const invites = meetingInvites({
            meeting, links: { lead: leadLink, consultant: manageUrl(env.siteUrl, consultantToken.token) }, ...settings,
          });
          const whatsapp = whatsappTo ? await whatsappMessage(app, { kind: 'confirmacao', meeting, to: whatsappTo }) : null;
          const result = await store.bookMeeting(
            { id, leadId: lead.id, presellerId: preseller.id, startsAt: slot.startsAt, endsAt: slot.endsAt,
              service: input.service, diagnosticScore: input.diagnosticScore, idempotencyKey: input.idempotencyKey,
              fingerprint: print, tokens: [leadToken.row, consultantToken.row, ...(whatsapp ? [whatsapp.token] : [])], now: app.now(), leadTimeZone,
              timeZone: env.scheduling.timeZone, routing: why },
            [...invites, ...(whatsapp ? [whatsapp.message] : [])],
          ).catch((error: unknown) => {
            // The lead was erased while this booking waited for it: no such lead any more (404), never a 500.
            // The log names the constraint (no personal data), so a 404 for any other missing row shows.
            if (isForeignKeyViolation(error)) {
              console.warn(`[meetings] booking refused, a row it points to is gone (${violatedConstraint(error)})`);
              throw new HttpError(404, meetingCopy.unknownLead);
            }
            // Equal distribution moved under this booking (bookings committed meanwhile): route again.
            if (isRoutingMoved(error)) return { status: 'moved' as const };
            // The store failed with the booking sent: it may have committed (see booking-truth.ts).
            if (error instanceof StoreUnavailableError) return { status: 'interrupted' as const, error };
            throw error;
          });
          const created = () => {
            app.reads.invalidate();
            flushOutboxLater(app, context);
            // The lead's link goes to the browser that booked, once (only its hash is stored).
            return json({ ...bookedBody(meeting, leadLink, settings), ...(whatsapp ? { whatsapp: true } : {}) }, 201);
          };
          if (result.status === 'interrupted') {
            return bookingAfterFailure(app, result.error, {
              id, idempotencyKey: input.idempotencyKey, fingerprint: print, created, replayed: (meetingId) => replayed(app, meetingId, settings),
            });
          }
          if (result.status === 'moved') {
            // Not taken: the fresh counts decide whether this consultant may still have it. A move is
            // not a failed attempt (another booking went through), up to MAX_ROUTING_MOVES.
            tried.delete(preseller.id);
            if (++moves <= MAX_ROUTING_MOVES) attempt--;
            continue;
          }
          if (result.status === 'conflict') continue;
          if (result.status === 'mismatch') throw new HttpError(422, apiMessages.idempotencyMismatch);
          if (result.status === 'upcoming') {
            // Say a mail went out only when one did: within 10 minutes of the last link nothing is sent.
            const sent = await resendManageLink(app, result.meeting.id, context);
            throw new HttpError(409, sent ? manageMessages.upcoming : manageMessages.upcomingRecentlySent);
          }
          if (result.status === 'duplicate') return replayed(app, result.meeting.id, settings);
          return created();
        }
        throw new HttpError(409, meetingCopy.slotGone);
      },
      fail,
    );
}

/**
 * 200 for a repeated key: the meeting as stored now. The manage link cannot be rebuilt (only its hash
 * is kept), so manageUrl is null; the lead has it by mail.
 */
async function replayed(app: App, meetingId: string, settings: MailSettings) {
  const details = await app.store.meetingDetails(meetingId);
  // Gone meanwhile (an LGPD erasure took the lead and its meetings).
  if (!details) throw new HttpError(404, meetingCopy.unknownLead);
  return json(bookedBody(mailMeetingOf(details), null, settings), 200);
}

/** MeetingBooked: where the meeting happens, and the event as a file for the booker's calendar. */
function bookedBody(meeting: MailMeeting, manageLink: string | null, settings: MailSettings): MeetingBooked {
  return {
    success: true,
    preseller: { name: meeting.preseller.name },
    meeting: {
      id: meeting.id, startsAt: meeting.startsAt.toISOString(), minutes: meeting.minutes, service: meeting.service,
      location: locationOf(meeting.preseller.roomUrl),
    },
    manageUrl: manageLink,
    // The lead's view of the event: how it happens and, when known, the lead's own manage link.
    ics: meetingIcs(meeting, 'PUBLISH', settings, { audience: 'lead', link: manageLink }).content,
  };
}
