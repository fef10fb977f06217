// "Cancelar reunião" and "Reagendar" from the painel, and the meeting as the painel answers it (what the
// viewer may do now, who cancelled it). Both run the mail links' paths (manage/change.ts): the lead and
// the consultant get exactly the mails and invites those links send.
import { CANCEL_MOTIVO_MAX, type MeetingView } from '../../../../src/domain/painel/api';
import { painelMessages } from '../../../../src/domain/painel/copy';
import { hasOnlyPrintable } from '../../../../src/domain/text';
import { HttpError, readJson } from '../../http';
import { cancelMeeting, rescheduleMeeting } from '../../manage/change';
import { isHhMm, isIsoDate } from '../../../../src/domain/scheduling/time';
import { isIdempotencyKey } from '../../handlers/leads';
import { isOpen } from '../../manage/view';
import { locationOf } from '../../../../src/domain/meeting-location';
import { rebookLinkKind } from '../../manage/rebook';
import { painelJson, type SignedIn } from '../context';
import { scopedWhy } from '../why-scope';
import { pathId } from '../query';

export const CANCEL_ACTION = 'meeting_cancelled';
export const RESCHEDULE_ACTION = 'meeting_rescheduled';

/** The reason: one line of 1–200 printable characters, or null (refused as a whole: nothing is trimmed away silently but the ends). */
export function cancelReason(body: unknown): string | null {
  const raw = body && typeof body === 'object' && 'reason' in body ? (body as { reason: unknown }).reason : null;
  if (typeof raw !== 'string' || !hasOnlyPrintable(raw)) return null;
  const reason = raw.normalize('NFC').trim();
  return reason.length >= 1 && reason.length <= CANCEL_MOTIVO_MAX ? reason : null;
}

/** The meeting for this viewer (null: not theirs), with canCancel and, once cancelled from the painel, who did it. */
export async function meetingAnswer(ctx: SignedIn, id: string): Promise<MeetingView | null> {
  const now = ctx.app.now();
  const view = await ctx.painel.meeting(ctx.viewer, id, now);
  if (!view) return null;
  const [who, details] = await Promise.all([
    view.status === 'cancelled' ? ctx.painel.meetingActions(id, [CANCEL_ACTION]).then((a) => a.at(-1)?.who ?? null) : null,
    ctx.app.store.meetingDetails(id),
  ]);
  return {
    ...view,
    why: scopedWhy(view.why, ctx.viewer),
    canCancel: isOpen({ status: view.status, startsAt: new Date(view.startsAt) }, ctx.app),
    rebookLink: rebookLinkKind(view, ctx.app),
    how: locationOf(details?.preseller.roomUrl).kind,
    events: who ? view.events.map((e) => (e.kind === 'cancelled' ? { ...e, who } : e)) : view.events,
  };
}

/** A consultant cancels their own meetings (another's is 404, as if it did not exist); a mentor any. */
export async function cancelFromPainel(ctx: SignedIn): Promise<Response> {
  const id = pathId(ctx);
  const reason = cancelReason(await readJson(ctx.req));
  if (reason === null) throw new HttpError(400, painelMessages.cancelReason);
  const view = await ctx.painel.meeting(ctx.viewer, id, ctx.app.now());
  if (!view) throw new HttpError(404, painelMessages.notFound);
  // A second click, or a colleague who got there first: said, and nothing mailed again.
  if (view.status === 'cancelled') throw new HttpError(409, painelMessages.alreadyCancelled);
  const details = await ctx.app.store.meetingDetails(id);
  if (!details) throw new HttpError(404, painelMessages.notFound);
  // The consultant's own cancellation reads "Você cancelou"; the mentor's names the mentor.
  const own = ctx.viewer.preseller === details.preseller.id;
  await cancelMeeting(ctx.app, { ...details, actor: 'consultant' }, reason, { waitUntil: ctx.waitUntil }, own ? null : (ctx.viewer.name ?? 'A mentoria'));
  await ctx.painel.log({ actor: ctx.viewer.email, action: CANCEL_ACTION, subject: id, ipHash: ctx.ipHash }, ctx.app.now());
  return painelJson(await meetingAnswer(ctx, id));
}

function rescheduleInput(body: unknown) {
  if (!body || typeof body !== 'object') return null;
  const { scheduledDate, scheduledTime, consultant, idempotencyKey } = body as Record<string, unknown>;
  if (typeof scheduledDate !== 'string' || !isIsoDate(scheduledDate) || typeof scheduledTime !== 'string' || !isHhMm(scheduledTime)) return null;
  if ((consultant !== 'same' && consultant !== 'any') || !isIdempotencyKey(idempotencyKey)) return null;
  return { scheduledDate, scheduledTime, consultant, idempotencyKey } as const;
}

/** "Reagendar": a consultant their own meetings, a mentor any; the same consultant or the routing rules. */
export async function rescheduleFromPainel(ctx: SignedIn): Promise<Response> {
  const id = pathId(ctx);
  const input = rescheduleInput(await readJson(ctx.req));
  if (!input) throw new HttpError(400, painelMessages.rescheduleInput);
  const view = await ctx.painel.meeting(ctx.viewer, id, ctx.app.now());
  if (!view) throw new HttpError(404, painelMessages.notFound);
  if (view.status === 'cancelled') throw new HttpError(409, painelMessages.alreadyCancelled);
  const details = await ctx.app.store.meetingDetails(id);
  if (!details) throw new HttpError(404, painelMessages.notFound);
  const own = ctx.viewer.preseller === details.preseller.id;
  await rescheduleMeeting(ctx.app, { ...details, actor: 'consultant' }, input, { waitUntil: ctx.waitUntil }, {
    consultant: input.consultant, by: own ? null : (ctx.viewer.name ?? 'A mentoria'),
  });
  await ctx.painel.log({ actor: ctx.viewer.email, action: RESCHEDULE_ACTION, subject: id, ipHash: ctx.ipHash }, ctx.app.now());
  return painelJson(await meetingAnswer(ctx, id));
}
