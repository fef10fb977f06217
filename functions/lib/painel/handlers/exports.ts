// "Exportar CSV" (mentor only): the list on screen, with its filter, every page of it, streamed in keyset
// pages so 50,000 rows take the memory of two pages (the one written, the next). The CSV writer loads only
// when a file is asked for. The export is logged once it has started.
// Gzipped in transit when the browser accepts it: Netlify cuts a streamed function answer at 20 MB with no
// error, and 50,000 leads are 18.8 MB of CSV (376 bytes a lead; gzipped 86, so ~240,000 leads fit).
// Compressed here, as it streams (the compressor keeps the reader's pace): the cap counts the bytes the
// function sends, whatever the CDN does after.
import { Duplex } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { CsvColumn } from '../csv';
import { painelHeaders, type SignedIn } from '../context';
import type { After, LeadFilter, MeetingFilter, PainelStore, Viewer } from '../store';
import { meetingsFileName } from '../export-name';
import { leadQuery, meetingQuery } from '../query';

/**
 * A CSV's page: painel_leads and painel_meetings answer positional rows for an export, so a page costs per
 * row, not per call; 10,000 leads are ~6 MB in memory while written.
 */
export const EXPORT_PAGE = 10_000;

/**
 * Every page of a keyset-paged list, the next asked for while the current one is written (on PostgreSQL the
 * database builds it on its own core meanwhile). The first page is read before this returns: a failure then
 * is a proper error, not a 200 that breaks off.
 */
async function startedPages<T extends { id: string }>(fetchPage: (after: After | null) => Promise<T[]>, sortTime: (row: T) => string) {
  const { keysetPages } = await import('../csv');
  let ahead: Promise<T[]> | null = null;
  const prefetching = async (after: After | null) => {
    const page = ahead && after ? await ahead : await fetchPage(after);
    ahead = null;
    const last = page.at(-1);
    if (page.length === EXPORT_PAGE && last) {
      ahead = fetchPage({ t: sortTime(last), id: last.id });
      ahead.catch(() => {}); // awaited (and its failure met) by the next call, or dropped with the stream
    }
    return page;
  };
  const iterator = keysetPages(prefetching, sortTime, EXPORT_PAGE)[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
}

/**
 * Every page of the leads CSV (the viewer's scope, the list's filter), each person's figures and deals read
 * once for all of them; also what `npm run bench` times.
 */
export async function leadExportPages(painel: PainelStore, viewer: Viewer, filter: LeadFilter, now: Date) {
  const reads = await painel.exportReads(viewer, filter, now);
  return startedPages((after) => painel.leadsForExport(viewer, filter, EXPORT_PAGE, after, now, reads), (l) => l.createdAt);
}

/** Every page of the meetings CSV; also what `npm run bench` times. */
export const meetingExportPages = (painel: PainelStore, viewer: Viewer, filter: MeetingFilter, now: Date) =>
  startedPages((after) => painel.meetingsForExport(viewer, filter, now, EXPORT_PAGE, after), (m) => m.startsAt);

/**
 * Whether an Accept-Encoding header lets the answer be gzip: `gzip` (or `x-gzip`, or `*` when gzip is not
 * named) with a quality above 0. Every browser sends `gzip`; a client that sends nothing gets plain CSV.
 */
export function acceptsGzip(header: string | null): boolean {
  const codings = new Map((header ?? '').split(',').map((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    return [name.trim(), q === undefined ? 1 : Number(q)] as const;
  }));
  const q = codings.get('gzip') ?? codings.get('x-gzip') ?? codings.get('*');
  return q !== undefined && q > 0;
}

/**
 * gzip at level 3 rather than CompressionStream's fixed 6: for the 18.8 MB CSV of 50,000 leads, 4.29 MB
 * instead of 3.82 (12% more, so ~240,000 leads still fit under the 20 MB cut) for ~250 ms of compression
 * instead of ~450 (node:zlib, best of 2, 2026-11-30). Also what `npm run bench` times.
 */
export function gzipped(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return stream.pipeThrough(Duplex.toWeb(createGzip({ level: 3 })) as unknown as TransformStream<Uint8Array, Uint8Array>);
}

/** `fileName`: ASCII letters, digits, '-' and '.' only (export-name.ts), so it needs no quoting rules. */
function attachment(ctx: SignedIn, stream: ReadableStream<Uint8Array>, fileName: string): Response {
  const gzip = acceptsGzip(ctx.req.headers.get('accept-encoding'));
  // (Typed as what the compressor takes: TypeScript's DOM types read its input as BufferSource.)
  const body = gzip ? gzipped(stream) : stream;
  return new Response(body, {
    headers: {
      ...painelHeaders, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"`,
      // The same address answers plain or gzip by the request's header: a cache must key on it.
      vary: 'Accept-Encoding', ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    },
  });
}

export async function exportMeetings(ctx: SignedIn): Promise<Response> {
  const { filter } = meetingQuery(ctx.url);
  const now = ctx.app.now();
  const pages = await meetingExportPages(ctx.painel, ctx.viewer, filter, now);
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_csv', subject: 'reunioes', ipHash: ctx.ipHash }, now);
  const consultant = filter.consultant ? ((await ctx.painel.consultants(ctx.viewer)).find((c) => c.id === filter.consultant)?.name ?? null) : null;
  const { csvStream, meetingCsvColumns } = await import('../csv');
  return attachment(ctx, csvStream(meetingCsvColumns, pages), meetingsFileName(filter, now, consultant));
}

export async function exportLeads(ctx: SignedIn): Promise<Response> {
  const { filter } = leadQuery(ctx.url);
  const now = ctx.app.now();
  const pages = await leadExportPages(ctx.painel, ctx.viewer, filter, now);
  await ctx.painel.log({ actor: ctx.viewer.email, action: 'export_csv', subject: 'leads', ipHash: ctx.ipHash }, now);
  const { csvStream, leadCsvColumns, leadsFileName } = await import('../csv');
  return attachment(ctx, csvStream(leadCsvColumns, pages), leadsFileName(ctx.url.searchParams, now));
}

/**
 * A CSV that is one page in all (Números' tables, Qual campanha paga, the deals): plain, the whole file from
 * `rows`, through the lists' writer. `fileName`: ASCII letters, digits, '-' and '.' only.
 */
export async function onePageCsv<T>(columns: CsvColumn<T>[], rows: T[], fileName: string): Promise<Response> {
  const { csvStream } = await import('../csv');
  return new Response(csvStream(columns, (async function* () { yield rows; })()), {
    headers: { ...painelHeaders, 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${fileName}"` },
  });
}
