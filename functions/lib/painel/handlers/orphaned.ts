// A meeting left by a day off or a deactivation (painel/orphaned-meetings.ts), from Equipe's list:
// "Reagendar com outro consultor" (the same time, whoever the lead's routing rules choose but its
// consultant, through the painel's reschedule path: the lead gets the updated invite, the consultants
// theirs) or "Manter" (stays, and leaves the lists). The screen says which consultant and time it saw:
// a meeting moved or cancelled since is refused with what it is now, and nothing changes.
import * as z from 'zod/mini';
import { orphanedCopy, type KeepInput, type OrphanActionAnswer, type ReassignInput } from '../../../../src/domain/painel/orphaned';
import { zonedParts, brDate } from '../../../../src/domain/scheduling/time';
import { meetingCopy } from '../../handlers/meetings';
import { isIdempotencyKey } from '../../handlers/leads';
import { HttpError, readJson } from '../../http';
import { rescheduleMeeting } from '../../manage/change';
import { isOpen } from '../../manage/view';
import { painelMessages } from '../../../../src/domain/painel/copy';
import { manageMessages } from '../../../../src/domain/manage';
import { painelJson, type SignedIn } from '../context';
import { KEEP_ACTION } from '../orphaned-meetings';
import { pathId } from '../query';
import { RESCHEDULE_ACTION } from './cancel';

const seen = {
  consultantId: z.uuid(),
  startsAt: z.iso.datetime({ offset: true }),
};
const keepSchema = z.object(seen) satisfies z.ZodMiniType<KeepInput>;
const reassignSchema = z.object({ ...seen, idempotencyKey: z.string().check(z.refine(isIdempotencyKey)) }) satisfies z.ZodMiniType<ReassignInput>;

/** "01/12/2026 às 09:30" in the scheduling time zone. */
function when(ctx: SignedIn, at: Date | string): string {
  const { date, time } = zonedParts(new Date(at), ctx.app.env.scheduling.timeZone);
  return `${brDate(date)} às ${time}`;
}

/** The viewer's meeting as the screen saw it, or a 404/409 that says what it is now. */
async function sameAsSeen(ctx: SignedIn, id: string, input: KeepInput) {
  const view = await ctx.painel.meeting(ctx.viewer, id, ctx.app.now());
  if (!view) throw new HttpError(404, painelMessages.notFound);
  if (view.status === 'cancelled') throw new HttpError(409, orphanedCopy.cancelled);
  if (view.consultant.id !== input.consultantId || Date.parse(view.startsAt) !== Date.parse(input.startsAt)) {
    throw new HttpError(409, orphanedCopy.changed(view.consultant.name, when(ctx, view.startsAt)));
  }
  const details = await ctx.app.store.meetingDetails(id);
  if (!details) throw new HttpError(404, painelMessages.notFound);
  return details;
}

async function body<T>(ctx: SignedIn, schema: z.ZodMiniType<T>): Promise<T> {
  const parsed = schema.safeParse(await readJson(ctx.req));
  if (!parsed.success) throw new HttpError(400, orphanedCopy.input);
  return parsed.data;
}

export async function reassignOrphan(ctx: SignedIn): Promise<Response> {
  const id = pathId(ctx);
  const input = await body(ctx, reassignSchema);
  const details = await sameAsSeen(ctx, id, input);
  if (!isOpen(details, ctx.app)) throw new HttpError(409, orphanedCopy.closed);
  const at = when(ctx, details.startsAt);
  const { date, time } = zonedParts(details.startsAt, ctx.app.env.scheduling.timeZone);
  const own = ctx.viewer.preseller === details.preseller.id;
  try {
    await rescheduleMeeting(ctx.app, { ...details, actor: 'consultant' }, { scheduledDate: date, scheduledTime: time, idempotencyKey: input.idempotencyKey },
      { waitUntil: ctx.waitUntil }, { consultant: 'other', by: own ? null : (ctx.viewer.name ?? 'A mentoria') });
  } catch (error) {
    // No one else free then (all off, busy, capped, outside the lead's rule), or the time is no longer
    // bookable: said with the meeting's own time; nothing was stored.
    if (error instanceof HttpError && (error.copy === meetingCopy.slotGone || error.status === 400)) {
      throw new HttpError(409, orphanedCopy.noneFree(details.preseller.name, at));
    }
    if (error instanceof HttpError && error.copy === manageMessages.closed) throw new HttpError(409, orphanedCopy.closed);
    throw error;
  }
  const after = await ctx.app.store.meetingDetails(id);
  // Never "moved" to the same person: whatever returned without a move is said as no one free.
  if (!after || after.preseller.id === details.preseller.id) throw new HttpError(409, orphanedCopy.noneFree(details.preseller.name, at));
  await ctx.painel.log({ actor: ctx.viewer.email, action: RESCHEDULE_ACTION, subject: id, ipHash: ctx.ipHash }, ctx.app.now());
  return painelJson({ message: orphanedCopy.moved(after.preseller.name, at) } satisfies OrphanActionAnswer);
}

export async function keepOrphan(ctx: SignedIn): Promise<Response> {
  const id = pathId(ctx);
  const input = await body(ctx, keepSchema);
  const details = await sameAsSeen(ctx, id, input);
  await ctx.painel.log({ actor: ctx.viewer.email, action: KEEP_ACTION, subject: id, ipHash: ctx.ipHash }, ctx.app.now());
  return painelJson({ message: orphanedCopy.kept(details.preseller.name) } satisfies OrphanActionAnswer);
}
