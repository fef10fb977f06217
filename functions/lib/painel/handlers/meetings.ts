// Reuniões: the list by tab and filter, one meeting with its history, and its outcome.
import { painelMessages } from '../../../../src/domain/painel/copy';
import type { Page } from '../../../../src/domain/painel/api';
import { HttpError, readJson } from '../../http';
import { painelJson, type SignedIn } from '../context';
import { encodeCursor, meetingQuery, outcomeInput, pathId } from '../query';
import { meetingAnswer } from './cancel';

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

export async function listMeetings(ctx: SignedIn): Promise<Response> {
  const { filter, after } = meetingQuery(ctx.url);
  const rows = await ctx.painel.meetings(ctx.viewer, filter, ctx.app.now(), PAGE_SIZE + 1, after);
  return painelJson(pageOf(rows, (m) => ({ t: m.startsAt, id: m.id })));
}

/** Every tab's total under the list's filters: the tabs read "Sem desfecho (23)", the list its real size. */
export async function countMeetings(ctx: SignedIn): Promise<Response> {
  const { filter } = meetingQuery(ctx.url);
  return painelJson(await ctx.painel.meetingCounts(ctx.viewer, filter, ctx.app.now()));
}

export async function showMeeting(ctx: SignedIn): Promise<Response> {
  const view = await meetingAnswer(ctx, pathId(ctx));
  if (!view) throw new HttpError(404, painelMessages.notFound);
  return painelJson(view);
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
  return painelJson(await meetingAnswer(ctx, id));
}
