// "Reenviar" (mentor only): a lead's RD Station conversion or webhook event that failed, or waits behind its
// target's pause, is due again with fresh attempts; the pause is lifted (the mentor fixed the key or the
// endpoint). Only a delivery listed on this lead's page, and only a failed or paused one, is resent.
// Answers the lead's page as it is now; the drain is woken to try at once.
import { painelMessages } from '../../../../src/domain/painel/copy';
import { flushOutboxLater } from '../../app';
import { HttpError, readJson } from '../../http';
import { painelJson, type SignedIn } from '../context';
import { isUuid } from '../query';
import { pathId } from '../query';

export async function resendDelivery(ctx: SignedIn): Promise<Response> {
  const leadId = pathId(ctx);
  const body = await readJson(ctx.req);
  const deliveryId = body && typeof body === 'object' && 'delivery' in body ? (body as { delivery: unknown }).delivery : null;
  // Not an id is nothing of this lead's either.
  if (typeof deliveryId !== 'string' || !isUuid(deliveryId)) throw new HttpError(404, painelMessages.notFound);
  const view = await ctx.painel.lead(ctx.viewer, leadId);
  const delivery = view?.deliveries.find((d) => d.id === deliveryId);
  if (!view || !delivery) throw new HttpError(404, painelMessages.notFound);
  if (delivery.status === 'sent') throw new HttpError(409, painelMessages.alreadySent);
  if (delivery.status !== 'failed' && delivery.status !== 'paused') throw new HttpError(409, painelMessages.notResendable);
  const now = ctx.app.now();
  const { status } = await ctx.painel.resendDelivery(deliveryId, now);
  if (status === 'missing') throw new HttpError(404, painelMessages.notFound);
  if (status === 'sent') throw new HttpError(409, painelMessages.alreadySent);
  await ctx.painel.log({ actor: ctx.viewer.email, action: `resend:${delivery.target}`, subject: leadId, ipHash: ctx.ipHash }, now);
  flushOutboxLater(ctx.app, { waitUntil: ctx.waitUntil });
  return painelJson(await ctx.painel.lead(ctx.viewer, leadId));
}
