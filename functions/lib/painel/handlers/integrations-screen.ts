// Integrações (mentor only): RD Station and the webhook at a glance — each target's state facts
// (integration_health, named by src/domain/painel/integration-status.ts), today's sent count, the latest
// failures with the lead's name; and "Reenviar todos com falha" for one target, which answers what it did
// (resumed, resent, retried now; Atividade: who, which).
import * as z from 'zod/mini';
import { integrationTargets } from '../../../../src/domain/painel/api';
import type { IntegrationSummary } from '../../../../src/domain/painel/integrations';
import type { IntegrationHealth, ResendAllResult } from '../../../../src/domain/painel/integration-status';
import { painelMessages } from '../../../../src/domain/painel/copy';
import { zonedParts, zonedToUtc } from '../../../../src/domain/scheduling/time';
import { flushOutboxLater } from '../../app';
import { HttpError, readJson } from '../../http';
import { OUTBOX_MAX_ATTEMPTS } from '../../store/port';
import { painelJson, type SignedIn } from '../context';

/** Failures listed per target: the latest few, each linking to its lead. */
const FAILURES_SHOWN = 5;

export async function integrationSummary(ctx: SignedIn): Promise<IntegrationSummary[]> {
  const tz = ctx.app.env.scheduling.timeZone;
  const dayStart = zonedToUtc(zonedParts(ctx.app.now(), tz).date, '00:00', tz);
  const rows = await ctx.app.store.call<IntegrationSummary[]>('integration_summary', { day_start: dayStart.toISOString(), max_attempts: OUTBOX_MAX_ATTEMPTS, limit: FAILURES_SHOWN });
  return rows.map((r) => ({ ...numbersOf(r), sentToday: Number(r.sentToday) }));
}

/** Counts may come back as bigint text from PostgreSQL's count(*) inside jsonb: numbers for the screen. */
const numbersOf = <T extends IntegrationHealth>(h: T): T => ({ ...h, retrying: Number(h.retrying), queued: Number(h.queued), gaveUp: Number(h.gaveUp) });

/** Each target's state facts alone (Hoje, the morning mail, a lead's page): no scan of what was sent. */
export async function integrationHealth(store: SignedIn['app']['store']): Promise<IntegrationHealth[]> {
  const rows = await store.call<IntegrationHealth[]>('integration_health', { max_attempts: OUTBOX_MAX_ATTEMPTS });
  return rows.map(numbersOf);
}

export async function showIntegrations(ctx: SignedIn): Promise<Response> {
  return painelJson(await integrationSummary(ctx));
}

const resendAllSchema = z.object({ target: z.enum(integrationTargets) });

export async function resendAllFailed(ctx: SignedIn): Promise<Response> {
  const body = resendAllSchema.safeParse(await readJson(ctx.req));
  if (!body.success) throw new HttpError(400, painelMessages.badQuery);
  const now = ctx.app.now();
  const raw = await ctx.app.store.call<ResendAllResult>('integration_resend_failed', { target: body.data.target, now: now.toISOString(), max_attempts: OUTBOX_MAX_ATTEMPTS });
  const result: ResendAllResult = { resent: Number(raw.resent), retried: Number(raw.retried), resumed: raw.resumed === true, queued: Number(raw.queued) };
  await ctx.painel.log({ actor: ctx.viewer.email, action: `resend-all:${body.data.target}`, subject: String(result.resent), ipHash: ctx.ipHash }, now);
  if (result.resent + result.retried > 0 || result.resumed) flushOutboxLater(ctx.app, { waitUntil: ctx.waitUntil });
  return painelJson({ ...result, summary: await integrationSummary(ctx) });
}
