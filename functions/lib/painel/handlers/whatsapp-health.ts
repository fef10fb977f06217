// GET /api/painel/integracoes/whatsapp (mentor): the WhatsApp card of Integrações
// (src/domain/painel/whatsapp-health.ts). The setup says only whether the WHATSAPP_* settings are there and
// which names are missing or unusable, never a value. "Today" is Brasília's day by the app's clock, as the
// other cards' "Enviados hoje".
import { WHATSAPP_FAILURES_SHOWN, type WhatsAppHealth, type WhatsAppSetup } from '../../../../src/domain/painel/whatsapp-health';
import { zonedParts, zonedToUtc } from '../../../../src/domain/scheduling/time';
import { painelJson, type SignedIn } from '../context';

type Counts = Omit<WhatsAppHealth, 'setup'>;

export async function whatsappHealth(ctx: SignedIn): Promise<WhatsAppHealth> {
  const { env } = ctx.app;
  const tz = env.scheduling.timeZone;
  const dayStart = zonedToUtc(zonedParts(ctx.app.now(), tz).date, '00:00', tz);
  const c = await ctx.app.store.call<Counts>('painel_whatsapp_health', { day_start: dayStart.toISOString(), limit: WHATSAPP_FAILURES_SHOWN });
  const setup: WhatsAppSetup = env.whatsapp
    ? { state: 'on', holdoutPercent: env.whatsapp.holdoutPercent }
    : env.whatsappProblems.length ? { state: 'incomplete', problems: env.whatsappProblems } : { state: 'off' };
  // count(*) inside jsonb may come back as bigint text: numbers for the screen.
  const today = Object.fromEntries(Object.entries(c.today).map(([k, v]) => [k, Number(v)]));
  return { setup, webhookUrl: `${env.siteUrl}/api/whatsapp/webhook`, today, waiting: Number(c.waiting), failures: c.failures.map((f) => ({ ...f, errorCode: f.errorCode === null ? null : Number(f.errorCode) })) };
}

export async function showWhatsAppHealth(ctx: SignedIn): Promise<Response> {
  return painelJson(await whatsappHealth(ctx));
}
