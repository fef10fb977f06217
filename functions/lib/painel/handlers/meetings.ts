// Reuniões: the list by tab and filter, one meeting with its history, and its outcome.
import { painelMessages } from '../../../../src/domain/painel/copy';
import type { MeetingView, Page } from '../../../../src/domain/painel/api';
import type { Viewer } from '../store';
import { HttpError, readJson } from '../../http';
import { painelJson, type SignedIn } from '../context';
import { encodeCursor, isUuid, meetingQuery, outcomeInput } from '../query';

/** Rows per page of every console list. */
export const PAGE_SIZE = 50;

/**
 * One page plus the cursor of the next, fetched as PAGE_SIZE + 1 rows (the extra row only says "more");
 * `position` is what the list's keyset resumes after (its sort time and id, or the id alone).
 */
export function pageOf<T>(rows: T[], position: (last: T) => { t?: string; id: string }): Page<T> {
  const items = rows.slice(0, PAGE_SIZE);
  const last = items.at(-1);
  return { items, next: rows.length > PAGE_SIZE && last !== undefined ? encodeCursor(position(last)) : null };
}

/** The id in the path (`reunioes/<id>`, `leads/<id>/…`): not an id is nothing of the viewer's either. */
export function pathId(ctx: SignedIn): string {
  const id = ctx.segments[1];
  if (!isUuid(id)) throw new HttpError(404, painelMessages.notFound);
  return id;
}

export async function listMeetings(ctx: SignedIn): Promise<Response> {
  const { filter, after } = meetingQuery(ctx.url);
  const rows = await ctx.painel.meetings(ctx.viewer, filter, ctx.app.now(), PAGE_SIZE + 1, after);
  return painelJson(pageOf(rows, (m) => ({ t: m.startsAt, id: m.id })));
}

/**
 * What a viewer may read of a meeting's why: the mentor all of it; a consultant their own part (the
 * screen shows no more): their candidate line, the rule, window, tie-break and decision time; never a
 * colleague's weight, caps, counts, load, name or exclusion, nor the draw.
 */
export function scopedWhy(why: MeetingView['why'], viewer: Viewer): MeetingView['why'] {
  if (!why || viewer.role === 'mentor') return why;
  const own = (id: string) => id === viewer.preseller;
  const { routing } = why;
  return {
    routing: {
      ...routing,
      input: { ...routing.input, candidates: routing.input.candidates.filter((c) => own(c.id)), preferred: routing.input.preferred.filter((p) => own(p.id)), random: 0 },
      decision: {
        ...routing.decision,
        chosen: routing.decision.chosen && own(routing.decision.chosen) ? routing.decision.chosen : null,
        excluded: routing.decision.excluded.filter((e) => own(e.id)),
        loads: Object.fromEntries(Object.entries(routing.decision.loads).filter(([id]) => own(id))),
      },
    },
    names: Object.fromEntries(Object.entries(why.names).filter(([id]) => own(id))),
    partial: true,
  };
}

const scoped = (view: MeetingView | null, viewer: Viewer) => (view ? { ...view, why: scopedWhy(view.why, viewer) } : view);

export async function showMeeting(ctx: SignedIn): Promise<Response> {
  const view = await ctx.painel.meeting(ctx.viewer, pathId(ctx), ctx.app.now());
  if (!view) throw new HttpError(404, painelMessages.notFound);
  return painelJson(scoped(view, ctx.viewer));
}

/** A consultant records their own meetings only (another's is 404, as if it did not exist); a mentor any. */
export async function recordOutcome(ctx: SignedIn): Promise<Response> {
  const id = pathId(ctx);
  const input = outcomeInput(await readJson(ctx.req));
  if (input === null) throw new HttpError(400, painelMessages.outcome);
  if (input === 'note') throw new HttpError(400, painelMessages.note);
  const now = ctx.app.now();
  const { status } = await ctx.painel.recordOutcome(ctx.viewer, id, input, now, ctx.ipHash);
  if (status === 'missing') throw new HttpError(404, painelMessages.notFound);
  if (status === 'cancelled') throw new HttpError(409, painelMessages.cancelled);
  if (status === 'not_started') throw new HttpError(409, painelMessages.notStarted);
  const view = await ctx.painel.meeting(ctx.viewer, id, now);
  return painelJson(scoped(view, ctx.viewer));
}
