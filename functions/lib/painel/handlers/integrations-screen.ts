// Integrações (mentor only, issue 33 item 6): RD Station and the webhook at a glance — on, paused (with the
// target's current pause, not another delivery's last error) or not configured; today's sent, the failed
// and the pending counts (the same predicates as each lead's list, integration_status); the latest
// failures with the lead's name; and "Reenviar todos com falha" for one target (Atividade: who, which).
import * as z from 'zod/mini';
import { integrationTargets } from '../../../../src/domain/painel/api';
import type { IntegrationSummary } from '../../../../src/domain/painel/integrations';
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
  // Counts come back as bigint text from PostgreSQL's count(*) inside jsonb: numbers for the screen.
  return rows.map((r) => ({ ...r, sentToday: Number(r.sentToday), failed: Number(r.failed), pending: Number(r.pending) }));
}

export async function showIntegrations(ctx: SignedIn): Promise<Response> {
  return painelJson(await integrationSummary(ctx));
}

const resendAllSchema = z.object({ target: z.enum(integrationTargets) });

export async function resendAllFailed(ctx: SignedIn): Promise<Response> {
  const body = resendAllSchema.safeParse(await readJson(ctx.req));
  if (!body.success) throw new HttpError(400, painelMessages.badQuery);
  const now = ctx.app.now();
  const { resent } = await ctx.app.store.call<{ resent: number }>('integration_resend_failed', { target: body.data.target, now: now.toISOString(), max_attempts: OUTBOX_MAX_ATTEMPTS });
  await ctx.painel.log({ actor: ctx.viewer.email, action: `resend-all:${body.data.target}`, subject: String(resent), ipHash: ctx.ipHash }, now);
  if (resent > 0) flushOutboxLater(ctx.app, { waitUntil: ctx.waitUntil });
  return painelJson({ resent, summary: await integrationSummary(ctx) });
}
