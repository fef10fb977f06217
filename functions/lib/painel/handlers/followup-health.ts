// GET /api/painel/integracoes/lembrete (mentor): the follow-up's budgets at work, for the Integrações screen
// (src/domain/painel/followup-health.ts). "Today" is Brasília's day by the app's clock, as the integrations'
// "Enviados hoje" beside it.
import type { FollowupHealth } from '../../../../src/domain/painel/followup-health';
import { zonedParts, zonedToUtc } from '../../../../src/domain/scheduling/time';
import { FOLLOWUP_BUDGETS, FOLLOWUP_MAX_AGE_SECONDS, FOLLOWUPS_PER_SOURCE_PER_HOUR } from '../../followup/rules';
import { painelJson, type SignedIn } from '../context';

type Counts = Omit<FollowupHealth, 'budgets' | 'perSource' | 'windowHours'>;

export async function followupHealth(ctx: SignedIn): Promise<FollowupHealth> {
  const tz = ctx.app.env.scheduling.timeZone;
  const now = ctx.app.now();
  const dayStart = zonedToUtc(zonedParts(now, tz).date, '00:00', tz);
  const c = await ctx.app.store.call<Counts>('lead_followup_health', {
    now: now.toISOString(), day_start: dayStart.toISOString(), max_age_seconds: FOLLOWUP_MAX_AGE_SECONDS,
  });
  // count(*) inside jsonb comes back as bigint text from PostgreSQL: numbers for the screen.
  const n = (v: unknown) => Number(v);
  return {
    sentToday: n(c.sentToday),
    capSkippedToday: { sourceCap: n(c.capSkippedToday.sourceCap), hourlyCap: n(c.capSkippedToday.hourlyCap) },
    sentAfterWaitToday: n(c.sentAfterWaitToday),
    waiting: n(c.waiting),
    expiredToday: n(c.expiredToday),
    automatedToday: n(c.automatedToday),
    hour: { known: n(c.hour.known), plausible: n(c.hour.plausible), other: n(c.hour.other) },
    budgets: { ...FOLLOWUP_BUDGETS },
    perSource: FOLLOWUPS_PER_SOURCE_PER_HOUR,
    windowHours: FOLLOWUP_MAX_AGE_SECONDS / 3600,
  };
}

export async function showFollowupHealth(ctx: SignedIn): Promise<Response> {
  return painelJson(await followupHealth(ctx));
}
