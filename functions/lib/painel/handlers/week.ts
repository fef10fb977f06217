// "Reuniões da semana": GET /api/painel/semana?de=<a day>&consultor=<id> → WeekView. Every meeting that
// starts in the Brasília week holding `de` — the three lists of Reuniões (Próximas, Passadas, Canceladas)
// over those seven days, which between them hold every meeting once — a consultant's own only (the
// store's scope), the mentor's all or one consultant's. Query checked with zod; limits: the painel's.
import * as z from 'zod/mini';
import type { MeetingRow } from '../../../../src/domain/painel/api';
import { painelMessages } from '../../../../src/domain/painel/copy';
import { isPainelDay } from '../../../../src/domain/painel/numbers';
import { WEEK_LIMIT, weekDays, weekStart, type WeekView } from '../../../../src/domain/painel/week';
import { addDays, zonedParts, zonedToUtc } from '../../../../src/domain/scheduling/time';
import { HttpError } from '../../http';
import { painelJson, type SignedIn } from '../context';
import { isUuid } from '../query';
import type { PainelStore, Viewer } from '../store';

const weekQuery = z.object({
  de: z.optional(z.string().check(z.refine(isPainelDay))),
  consultor: z.optional(z.string().check(z.refine(isUuid))),
});

/**
 * The meetings starting in [from, to), in the order they start, as the viewer may see them: scheduled
 * ones (the lists Próximas and Passadas) and, with `cancelled`, the cancelled ones. `limit` per list;
 * `truncated` when one of them had more.
 */
export async function meetingsBetween(painel: PainelStore, viewer: Viewer, args: { from: Date; to: Date; now: Date; consultant?: string; cancelled: boolean; limit: number }) {
  const tabs = ['proximas', 'passadas', ...(args.cancelled ? ['canceladas' as const] : [])] as const;
  const lists = await Promise.all(tabs.map((tab) => painel.meetings(viewer, { tab, from: args.from, to: args.to, consultant: args.consultant }, args.now, args.limit + 1)));
  const meetings = lists.flatMap((l) => l.slice(0, args.limit)).sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id));
  return { meetings, truncated: lists.some((l) => l.length > args.limit) };
}

export async function showWeek(ctx: SignedIn): Promise<Response> {
  const asked: Record<string, string> = {};
  for (const name of ['de', 'consultor']) {
    const values = ctx.url.searchParams.getAll(name);
    if (values.length > 1) throw new HttpError(400, painelMessages.badQuery);
    if (values[0]) asked[name] = values[0];
  }
  const query = weekQuery.safeParse(asked);
  if (!query.success) throw new HttpError(400, painelMessages.badQuery);
  const tz = ctx.app.env.scheduling.timeZone;
  const now = ctx.app.now();
  const monday = weekStart(query.data.de, zonedParts(now, tz).date);
  const { meetings, truncated } = await meetingsBetween(ctx.painel, ctx.viewer, {
    from: zonedToUtc(monday, '00:00', tz), to: zonedToUtc(addDays(monday, 7), '00:00', tz), now,
    consultant: query.data.consultor, cancelled: true, limit: WEEK_LIMIT,
  });
  const byDay = new Map<string, MeetingRow[]>(weekDays(monday).map((d) => [d, []]));
  for (const m of meetings) byDay.get(zonedParts(new Date(m.startsAt), tz).date)?.push(m);
  const body: WeekView = { de: monday, ate: addDays(monday, 6), days: [...byDay].map(([day, list]) => ({ day, meetings: list })), truncated };
  return painelJson(body);
}
