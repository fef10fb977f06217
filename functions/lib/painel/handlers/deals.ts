// Negociações on a lead: the person's deals, "Nova proposta" and a change of one. Signed in: the mentor any
// lead's, a consultant only their own leads' (a person with a meeting of theirs) — decided inside the SQL,
// where another's lead or deal answers as one that does not exist (404, nothing said of it). The router
// has already refused a POST from another origin (403) and a request without a live session (401).
import { dealCopy, parseDealBody, type DealList, type DealRefused } from '../../../../src/domain/painel/deals';
import { HttpError, readJson } from '../../http';
import { painelJson, type SignedIn } from '../context';
import { onePageCsv } from './exports';
import { pathId } from '../query';

async function listOf(ctx: SignedIn, leadId: string): Promise<DealList> {
  const list = await ctx.painel.deals(ctx.viewer, leadId);
  if (!list) throw new HttpError(404, dealCopy.leadGone);
  return list;
}

/** 400 with the form's words, and each field's beside it. */
const refused = ({ error, fieldErrors }: DealRefused) => painelJson({ error, ...(fieldErrors ? { fieldErrors } : {}) } satisfies DealRefused, 400);

/** GET leads/<id>/negociacoes. */
export async function listDeals(ctx: SignedIn): Promise<Response> {
  return painelJson(await listOf(ctx, pathId(ctx)));
}

/** POST leads/<id>/negociacoes: "Nova proposta" → 201 with the person's deals. */
export async function createDeal(ctx: SignedIn): Promise<Response> {
  const leadId = pathId(ctx);
  const parsed = parseDealBody(false, await readJson(ctx.req));
  if (!parsed.ok) return refused(parsed);
  const saved = await ctx.painel.saveDeal(ctx.viewer, { lead: leadId }, parsed.deal, ctx.app.now(), ctx.ipHash);
  if (saved.status !== 'ok') throw new HttpError(404, dealCopy.leadGone);
  return painelJson(await listOf(ctx, saved.lead), 201);
}

/** POST negociacoes/<id>: a change, made only on the version the screen showed (else 409, nothing written). */
export async function updateDeal(ctx: SignedIn): Promise<Response> {
  const dealId = pathId(ctx);
  const parsed = parseDealBody(true, await readJson(ctx.req));
  if (!parsed.ok) return refused(parsed);
  const { updatedAt, ...deal } = parsed.deal;
  const saved = await ctx.painel.saveDeal(ctx.viewer, { id: dealId, updatedAt }, deal, ctx.app.now(), ctx.ipHash);
  if (saved.status === 'missing') throw new HttpError(404, dealCopy.dealGone);
  if (saved.status === 'stale') throw new HttpError(409, dealCopy.stale);
  return painelJson(await listOf(ctx, saved.lead));
}

/** GET exportar/negociacoes: every deal in the viewer's scope as an Excel-safe CSV (the lists' writer). */
export async function exportDeals(ctx: SignedIn): Promise<Response> {
  const now = ctx.app.now();
  const rows = await ctx.painel.dealsForExport(ctx.viewer);
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_csv', subject: 'negociacoes', ipHash: ctx.ipHash }, now);
  const { dealCsvColumns } = await import('../csv');
  return onePageCsv(dealCsvColumns, rows, `negociacoes-${now.toISOString().slice(0, 10)}.csv`);
}
