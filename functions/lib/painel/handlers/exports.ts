// "Exportar CSV" (mentor only): the list on screen, with its filter, every page of it, streamed in keyset
// pages so 50,000 rows take the memory of one page. The CSV writer loads only when a file is asked for.
import { painelHeaders, type SignedIn } from '../context';
import { leadQuery, meetingQuery } from '../query';

const EXPORT_PAGE = 1000;

function csvResponse(stream: ReadableStream<Uint8Array>, name: string, now: Date): Response {
  const stamp = now.toISOString().slice(0, 10);
  return new Response(stream, {
    headers: { ...painelHeaders, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}-${stamp}.csv"` },
  });
}

export async function exportMeetings(ctx: SignedIn): Promise<Response> {
  const { filter } = meetingQuery(ctx.url);
  const { csvStream, keysetPages, meetingCsvColumns } = await import('../csv');
  const now = ctx.app.now();
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_csv', subject: 'reunioes', ipHash: ctx.ipHash }, now);
  const pages = keysetPages((after) => ctx.painel.meetings(ctx.viewer, filter, now, EXPORT_PAGE, after), (m) => m.startsAt, EXPORT_PAGE);
  return csvResponse(csvStream(meetingCsvColumns, pages), 'reunioes', now);
}

export async function exportLeads(ctx: SignedIn): Promise<Response> {
  const { filter } = leadQuery(ctx.url);
  const { csvStream, keysetPages, leadCsvColumns } = await import('../csv');
  const now = ctx.app.now();
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_csv', subject: 'leads', ipHash: ctx.ipHash }, now);
  const pages = keysetPages((after) => ctx.painel.leads(ctx.viewer, filter, EXPORT_PAGE, after), (l) => l.createdAt, EXPORT_PAGE);
  return csvResponse(csvStream(leadCsvColumns, pages), 'leads', now);
}
