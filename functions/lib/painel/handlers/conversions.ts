// The ad platforms' conversions in the painel (mentor only): the measurement basis (read and changed), a
// lead's conversions with "Reenviar" for a refused one, and each platform's figures for Integrações.
// The screens are the painel's; these answer their data (types in src/domain/conversions.ts).
import { MEASUREMENT_CONSENT, type MeasurementSettings } from '../../../../src/domain/conversions';
import { conversionMessages, conversionResendSchema, measurementSettingsInputSchema } from '../../../../src/domain/conversions-api';
import { painelMessages } from '../../../../src/domain/painel/copy';
import { flushOutboxLater } from '../../app';
import { HttpError, readJson } from '../../http';
import { painelJson, type SignedIn } from '../context';
import { pathId } from '../query';

export async function showMeasurement(ctx: SignedIn): Promise<Response> {
  return painelJson(await ctx.app.store.measurementSettings());
}

/**
 * The mentor's basis from now on: consent (the form's box, its wording's version) or legitimate interest
 * (the privacy policy in force, its version). Leads already stored keep theirs. Atividade says who changed it.
 */
export async function saveMeasurement(ctx: SignedIn): Promise<Response> {
  const body = measurementSettingsInputSchema.safeParse(await readJson(ctx.req));
  if (!body.success) throw new HttpError(400, conversionMessages.invalidBasis);
  const { publishedPolicyVersion } = await import('../../content-files');
  const wordingVersion = body.data.basis === 'consentimento' ? MEASUREMENT_CONSENT.version : publishedPolicyVersion();
  const saved = await ctx.app.store.call<{ status: string; settings: MeasurementSettings }>('measurement_settings_save', {
    basis: body.data.basis, wording_version: wordingVersion, actor: ctx.viewer.email, now: ctx.app.now().toISOString(), ip_hash: ctx.ipHash,
  });
  if (saved.status !== 'ok') throw new HttpError(400, conversionMessages.invalidBasis);
  return painelJson(saved.settings);
}

export async function listLeadConversions(ctx: SignedIn): Promise<Response> {
  return painelJson(await ctx.app.store.conversionEvents(pathId(ctx)));
}

/** "Reenviar" a refused conversion of this lead: due again with fresh attempts; the drain is woken at once. */
export async function resendConversion(ctx: SignedIn): Promise<Response> {
  const leadId = pathId(ctx);
  const body = conversionResendSchema.safeParse(await readJson(ctx.req));
  if (!body.success) throw new HttpError(404, painelMessages.notFound);
  const event = (await ctx.app.store.conversionEvents(leadId)).find((e) => e.id === body.data.event.toLowerCase());
  if (!event) throw new HttpError(404, painelMessages.notFound);
  if (event.state !== 'recusado') throw new HttpError(409, conversionMessages.notResendable);
  const now = ctx.app.now();
  const { status } = await ctx.app.store.call<{ status: string }>('integration_resend', { id: event.id, now: now.toISOString() });
  if (status !== 'ok') throw new HttpError(409, conversionMessages.notResendable);
  await ctx.painel.log({ actor: ctx.viewer.email, action: `resend:${event.platform}`, subject: leadId, ipHash: ctx.ipHash }, now);
  flushOutboxLater(ctx.app, { waitUntil: ctx.waitUntil });
  return painelJson(await ctx.app.store.conversionEvents(leadId));
}

export async function showConversionSummary(ctx: SignedIn): Promise<Response> {
  return painelJson(await ctx.app.store.conversionSummary(ctx.app.now()));
}
