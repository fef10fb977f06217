// POST /api/meetings: books a free consultant for a lead, with invites and manage links, once per
// idempotency key, and only if the person (lead or email in any case) has no upcoming meeting.
import * as z from 'zod/mini';
import { apiMessages } from '../../../src/domain/api';
import { manageMessages } from '../../../src/domain/manage';
import { serviceValues } from '../../../src/domain/options';
import type { App } from '../app';
import { flushOutboxLater } from '../app';
import { assignmentOrder } from '../../../src/domain/scheduling/assignment';
import { allowMethods, guard, HttpError, json, readJson } from '../http';
import { mailSettings, meetingInvites } from '../mail/messages';
import { candidateSlots, freePresellers } from '../../../src/domain/scheduling/slots';
import { addDays, isHhMm, isIsoDate, weekdayOf, zonedToUtc } from '../../../src/domain/scheduling/time';
import { resendManageLink } from '../manage/resend';
import { fingerprint, manageUrl, mintToken } from '../manage/tokens';
import { isIdempotencyKey } from './leads';

export const meetingCopy = {
  invalid: 'Dados do agendamento inválidos.',
  unknownLead: 'Cadastro não encontrado. Preencha o formulário novamente.',
  slotGone: 'Este horário não está mais disponível. Escolha outro horário.',
} as const;

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
const meetingSchema = z.object({
  leadId: uuid,
  scheduledDate: z.string().check(z.refine(isIsoDate)),
  scheduledTime: z.string().check(z.refine(isHhMm)),
  presellerId: z.optional(z.nullable(uuid)),
  service: z.enum(serviceValues),
  diagnosticScore: z.number().check(z.int(), z.gte(0), z.lte(100)),
  idempotencyKey: z.string().check(z.refine(isIdempotencyKey)),
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
        const print = fingerprint([
          'book', input.leadId, input.scheduledDate, input.scheduledTime, input.presellerId ?? null, input.service, input.diagnosticScore,
        ]);

        // A retry answers with what the first attempt booked, even if that slot has since passed; the
        // same key with other data is refused (the first request's booking stands).
        const previous = await store.findMeetingByKey(input.idempotencyKey);
        if (previous && previous.fingerprint && previous.fingerprint !== print) throw new HttpError(422, apiMessages.idempotencyMismatch);
        if (previous) return booked(app, previous, 200);

        const lead = await store.getLead(input.leadId);
        if (!lead) throw new HttpError(404, meetingCopy.unknownLead);

        // 400 for a time the rules never offer (weekend, holiday, past, beyond the horizon, off the grid,
        // outside hours, inside the notice); 409 is kept for a bookable time someone else took.
        const slot = candidateSlots(input.scheduledDate, { config: env.scheduling, now: app.now(), isHoliday: app.isHoliday, weekly: await app.store.weeklyHours() })
          .find((c) => c.time === input.scheduledTime);
        if (!slot) throw new HttpError(400, apiMessages.invalidTime);

        const week = weekOf(input.scheduledDate, env.scheduling.timeZone);
        const [presellers, busy, previousId, weekCounts] = await Promise.all([
          store.listActivePresellers(),
          store.listBusy(slot.startsAt, slot.endsAt),
          store.previousPresellerId(lead.email),
          store.countMeetings(week.from, week.to),
        ]);
        const order = assignmentOrder({ free: freePresellers(slot, presellers, busy), chosenId: input.presellerId, previousId, weekCounts });

        // The database's exclusion constraint settles races: on 'conflict' the next free consultant is tried.
        for (const preseller of order) {
          const id = crypto.randomUUID();
          const leadToken = mintToken('lead');
          const consultantToken = mintToken('consultant');
          const invites = meetingInvites({
            meeting: { id, startsAt: slot.startsAt, minutes: env.scheduling.slotMinutes, service: input.service, sequence: 0, lead, preseller },
            links: { lead: manageUrl(env.siteUrl, leadToken.token), consultant: manageUrl(env.siteUrl, consultantToken.token) },
            ...mailSettings(env),
          });
          const result = await store.bookMeeting(
            { id, leadId: lead.id, presellerId: preseller.id, startsAt: slot.startsAt, endsAt: slot.endsAt,
              service: input.service, diagnosticScore: input.diagnosticScore, idempotencyKey: input.idempotencyKey,
              fingerprint: print, tokens: [leadToken.row, consultantToken.row], now: app.now() },
            invites,
          );
          if (result.status === 'conflict') continue;
          if (result.status === 'mismatch') throw new HttpError(422, apiMessages.idempotencyMismatch);
          if (result.status === 'upcoming') {
            await resendManageLink(app, result.meeting.id, context);
            throw new HttpError(409, manageMessages.upcoming);
          }
          if (result.status === 'created') {
            app.reads.invalidate();
            flushOutboxLater(app, context);
          }
          if (result.status === 'duplicate') return booked(app, result.meeting, 200);
          return bookedBody(preseller.name, result.meeting, 201);
        }
        throw new HttpError(409, meetingCopy.slotGone);
      },
      fail,
    );
}

type Booked = { id: string; presellerId: string; startsAt: Date };

async function booked(app: App, meeting: Booked, status: number) {
  const presellers = await app.store.listActivePresellers();
  return bookedBody(presellers.find((p) => p.id === meeting.presellerId)?.name ?? '', meeting, status);
}

function bookedBody(name: string, meeting: Booked, status: number) {
  return json({ success: true, preseller: { name }, meeting: { id: meeting.id, startsAt: meeting.startsAt.toISOString() } }, status);
}

/** Monday 00:00 to next Monday 00:00 (local) around a date. */
export function weekOf(date: string, timeZone: string) {
  const monday = addDays(date, -((weekdayOf(date) + 6) % 7));
  return { from: zonedToUtc(monday, '00:00', timeZone), to: zonedToUtc(addDays(monday, 7), '00:00', timeZone) };
}
