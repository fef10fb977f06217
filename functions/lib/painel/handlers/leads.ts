// Leads: the list with "Buscar" and filters, one lead with every answer, and (mentor only) the LGPD
// export and erasure — the very code `npm run data-subject` runs.
import { painelMessages } from '../../../../src/domain/painel/copy';
import { erasePerson, erasurePreview, teamAddresses } from '../../admin/data-subject';
import { personDataText } from '../../admin/person-text';
import { HttpError, readJson } from '../../http';
import { flushOutboxLater } from '../../app';
import type { ErasePreview, LeadPage } from '../../../../src/domain/painel/api';
import { painelHeaders, painelJson, type SignedIn } from '../context';
import { leadQuery } from '../query';
import { pageOf, PAGE_SIZE } from './meetings';
import { pathId } from '../query';

/** One page of persons, the real total of the filters, and (first page) the rule filter's choices. */
export async function listLeads(ctx: SignedIn): Promise<Response> {
  const { filter, after } = leadQuery(ctx.url);
  const [rows, total, rules] = await Promise.all([
    ctx.painel.leads(ctx.viewer, filter, PAGE_SIZE + 1, after, ctx.app.now()),
    ctx.painel.leadsTotal(ctx.viewer, filter),
    after ? undefined : ctx.painel.leadRules(),
  ]);
  const page: LeadPage = { ...pageOf(rows, (l) => ({ t: l.createdAt, id: l.id })), total, ...(rules ? { rules } : {}) };
  return painelJson(page);
}

export async function showLead(ctx: SignedIn): Promise<Response> {
  const view = await ctx.painel.lead(ctx.viewer, pathId(ctx));
  if (!view) throw new HttpError(404, painelMessages.notFound);
  return painelJson(view);
}

async function emailOf(ctx: SignedIn, id: string): Promise<string> {
  const email = await ctx.painel.leadEmail(id);
  if (!email) throw new HttpError(404, painelMessages.notFound);
  return email;
}

/**
 * "Exportar dados": what `npm run data-subject -- export <email>` prints, as a file: JSON, or with
 * ?formato=texto the same data for the person to read (pt-BR labels, Brasília times).
 */
export async function exportLeadData(ctx: SignedIn): Promise<Response> {
  const id = pathId(ctx);
  const data = await ctx.app.store.exportPersonData(await emailOf(ctx, id), teamAddresses(ctx.app.env));
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_data', subject: id, ipHash: ctx.ipHash }, ctx.app.now());
  if (ctx.url.searchParams.get('formato') === 'texto') {
    return new Response(personDataText(data), {
      headers: { ...painelHeaders, 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `attachment; filename="dados-${id}.txt"` },
    });
  }
  return painelJson(data, 200, { 'content-disposition': `attachment; filename="dados-${id}.json"` });
}

/** GET excluir: what "Excluir dados" would take (every lead of the person, each upcoming meeting) and what stays elsewhere. */
export async function previewErase(ctx: SignedIn): Promise<Response> {
  const preview = await erasurePreview(ctx.app, await emailOf(ctx, pathId(ctx)));
  const answer: ErasePreview = {
    teamAddress: preview.teamAddress,
    leads: preview.leads,
    upcoming: preview.upcoming.map((m) => ({ id: m.id, startsAt: m.startsAt.toISOString(), service: m.service, consultant: m.preseller.name })),
    rdContact: preview.rdContact,
  };
  return painelJson(answer);
}

/**
 * "Excluir dados": confirmed by typing the lead's email. The person's upcoming meetings are cancelled
 * (their consultants get the CANCEL), then every lead of the person and what is about them goes, .eml files too.
 */
export async function eraseLead(ctx: SignedIn): Promise<Response> {
  const id = pathId(ctx);
  const body = await readJson(ctx.req);
  const email = await emailOf(ctx, id);
  const confirm = body && typeof body === 'object' && 'confirm' in body ? (body as { confirm: unknown }).confirm : null;
  if (typeof confirm !== 'string' || confirm.trim().toLowerCase() !== email.trim().toLowerCase()) throw new HttpError(400, painelMessages.confirmErase);
  const erased = await erasePerson(ctx.app, email);
  if (erased.cancelled) flushOutboxLater(ctx.app, { waitUntil: ctx.waitUntil });
  // The log names the lead by its id, which no longer leads to anyone.
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'erase', subject: id, ipHash: ctx.ipHash }, ctx.app.now());
  return painelJson(erased);
}
