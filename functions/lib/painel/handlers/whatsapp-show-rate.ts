// GET /api/painel/numeros/whatsapp: the WhatsApp experiment's show rate by channel for Números' period (SQL
// painel_whatsapp_show_rate; src/domain/painel/whatsapp-experiment.ts words it). A consultant gets their own
// meetings; the period rules are Números' own (resolvePeriod).
import { resolvePeriod } from '../../../../src/domain/painel/numbers';
import type { ChannelShowRate, WhatsAppShowRateView } from '../../../../src/domain/painel/whatsapp-experiment';
import { addDays, zonedParts, zonedToUtc } from '../../../../src/domain/scheduling/time';
import { HttpError } from '../../http';
import { painelJson, type SignedIn } from '../context';

export async function showWhatsAppShowRate(ctx: SignedIn): Promise<Response> {
  const q = ctx.url.searchParams;
  const tz = ctx.app.env.scheduling.timeZone;
  const asked = resolvePeriod({ periodo: q.get('periodo'), de: q.get('de'), ate: q.get('ate') }, zonedParts(ctx.app.now(), tz).date);
  if (!asked.ok) throw new HttpError(400, asked.error);
  const { period } = asked;
  const raw = await ctx.app.store.call<{ channels: ChannelShowRate[] }>('painel_whatsapp_show_rate', {
    from: zonedToUtc(period.de, '00:00', tz).toISOString(),
    to: zonedToUtc(addDays(period.ate, 1), '00:00', tz).toISOString(),
    preseller: ctx.viewer.role === 'consultor' ? ctx.viewer.preseller : null,
  });
  // count(*) inside jsonb may come back as bigint text: numbers for the screen.
  const channels = raw.channels.map((c) => ({ channel: c.channel, attended: Number(c.attended), noShow: Number(c.noShow) }));
  return painelJson({ period, configured: ctx.app.env.whatsapp !== null, channels } satisfies WhatsAppShowRateView);
}
