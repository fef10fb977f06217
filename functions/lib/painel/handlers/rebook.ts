// "Enviar link para reagendar" from a meeting's view (issue 32 item 3): its consultant or a mentor mails
// the lead a link to choose a new time, on the lead's own paths (functions/lib/manage/rebook.ts). Every
// refusal is a pt-BR sentence and changes nothing; a second click within 10 minutes says when it may go.
import { painelMessages } from '../../../../src/domain/painel/copy';
import { rebookLinkCopy } from '../../../../src/domain/painel/meeting-copy';
import { HttpError } from '../../http';
import { sendRebookLink, type RebookRefusal } from '../../manage/rebook';
import { painelJson, type SignedIn } from '../context';
import { meetingAnswer } from './cancel';
import { pathId } from '../query';
import { limited } from './session';

export const REBOOK_LINK_ACTION = 'meeting_rebook_link';

const refusals: Record<Exclude<RebookRefusal, 'missing'>, string> = {
  cancelled: rebookLinkCopy.cancelled,
  closed: rebookLinkCopy.closed,
  // The SQL's own re-check of "before the start" (a clock at the edge): the same words as too close.
  not_past: rebookLinkCopy.closed,
  booked: rebookLinkCopy.booked,
  attended: rebookLinkCopy.attended,
  no_outcome: rebookLinkCopy.noOutcome,
};

export async function sendRebookFromPainel(ctx: SignedIn): Promise<Response> {
  const id = pathId(ctx);
  // The viewer's meeting only: a consultant asking for another's gets 404, as if it did not exist.
  const view = await ctx.painel.meeting(ctx.viewer, id, ctx.app.now());
  if (!view) throw new HttpError(404, painelMessages.notFound);
  const details = await ctx.app.store.meetingDetails(id);
  if (!details) throw new HttpError(404, painelMessages.notFound);
  const result = await sendRebookLink(ctx.app, details, view.outcome?.attendance ?? null, { waitUntil: ctx.waitUntil });
  if (result.status === 'throttled') throw limited(rebookLinkCopy.throttled, result.until, ctx.app.now());
  if (result.status === 'missing') throw new HttpError(404, painelMessages.notFound);
  if (result.status !== 'sent') throw new HttpError(409, refusals[result.status]);
  await ctx.painel.log({ actor: ctx.viewer.email, action: REBOOK_LINK_ACTION, subject: id, ipHash: ctx.ipHash }, ctx.app.now());
  return painelJson(await meetingAnswer(ctx, id));
}
