// Leads: the list with "Buscar" and filters, one lead with every answer, and (mentor only) the LGPD
// export and erasure — the very code `npm run data-subject` runs.
import { painelMessages } from '../../../../src/domain/painel/copy';
import { erasePerson } from '../../admin/data-subject';
import { HttpError, readJson } from '../../http';
import { painelJson, type SignedIn } from '../context';
import { leadQuery } from '../query';
import { pageOf, PAGE_SIZE, pathId } from './meetings';

export async function listLeads(ctx: SignedIn): Promise<Response> {
  const { filter, after } = leadQuery(ctx.url);
  const rows = await ctx.painel.leads(ctx.viewer, filter, PAGE_SIZE + 1, after);
  return painelJson(pageOf(rows, (l) => ({ t: l.createdAt, id: l.id })));
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

/** "Exportar dados": what `npm run data-subject -- export <email>` prints, as a file. */
export async function exportLeadData(ctx: SignedIn): Promise<Response> {
  const id = pathId(ctx);
  const data = await ctx.app.store.exportPersonData(await emailOf(ctx, id));
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_data', subject: id, ipHash: ctx.ipHash }, ctx.app.now());
  return painelJson(data, 200, { 'content-disposition': `attachment; filename="dados-${id}.json"` });
}

/** "Excluir dados": confirmed by typing the lead's email; everything about that person goes, .eml files too. */
export async function eraseLead(ctx: SignedIn): Promise<Response> {
  const id = pathId(ctx);
  const body = await readJson(ctx.req);
  const email = await emailOf(ctx, id);
  const confirm = body && typeof body === 'object' && 'confirm' in body ? (body as { confirm: unknown }).confirm : null;
  if (typeof confirm !== 'string' || confirm.trim().toLowerCase() !== email.trim().toLowerCase()) throw new HttpError(400, painelMessages.confirmErase);
  const erased = await erasePerson(ctx.app.store, email, ctx.app.env.dataDir);
  // The log names the lead by its id, which no longer leads to anyone.
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'erase', subject: id, ipHash: ctx.ipHash }, ctx.app.now());
  return painelJson(erased);
}
