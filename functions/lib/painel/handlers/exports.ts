// "Exportar CSV" (mentor only): the list on screen, with its filter, every page of it, streamed in keyset
// pages so 50,000 rows take the memory of one page. The CSV writer loads only when a file is asked for.
// The first page is read before the answer starts: a failure then is a proper error, not a 200 that
// breaks off; the export is logged once it has started.
import { painelHeaders, type SignedIn } from '../context';
import type { After } from '../store';
import { meetingsFileName } from '../export-name';
import { leadQuery, meetingQuery } from '../query';

const EXPORT_PAGE = 1000;

async function startedPages<T extends { id: string }>(fetchPage: (after: After | null) => Promise<T[]>, sortTime: (row: T) => string) {
  const { keysetPages } = await import('../csv');
  const iterator = keysetPages(fetchPage, sortTime, EXPORT_PAGE)[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
}

function csvResponse(stream: ReadableStream<Uint8Array>, name: string, now: Date, fileName = `${name}-${now.toISOString().slice(0, 10)}.csv`): Response {
  return attachment(stream, fileName);
}

/** `fileName`: ASCII letters, digits, '-' and '.' only (export-name.ts), so it needs no quoting rules. */
function attachment(stream: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(stream, {
    headers: { ...painelHeaders, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"` },
  });
}

export async function exportMeetings(ctx: SignedIn): Promise<Response> {
  const { filter } = meetingQuery(ctx.url);
  const now = ctx.app.now();
  const pages = await startedPages((after) => ctx.painel.meetingsForExport(ctx.viewer, filter, now, EXPORT_PAGE, after), (m) => m.startsAt);
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_csv', subject: 'reunioes', ipHash: ctx.ipHash }, now);
  const consultant = filter.consultant ? ((await ctx.painel.consultants(ctx.viewer)).find((c) => c.id === filter.consultant)?.name ?? null) : null;
  const { csvStream, meetingCsvColumns } = await import('../csv');
  return attachment(csvStream(meetingCsvColumns, pages), meetingsFileName(filter, now, consultant));
}

export async function exportLeads(ctx: SignedIn): Promise<Response> {
  const { filter } = leadQuery(ctx.url);
  const now = ctx.app.now();
  const pages = await startedPages((after) => ctx.painel.leads(ctx.viewer, filter, EXPORT_PAGE, after, now), (l) => l.createdAt);
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_csv', subject: 'leads', ipHash: ctx.ipHash }, now);
  const { csvStream, leadCsvColumns, leadsFileName } = await import('../csv');
  return csvResponse(csvStream(leadCsvColumns, pages), 'leads', now, leadsFileName(ctx.url.searchParams, now));
}
