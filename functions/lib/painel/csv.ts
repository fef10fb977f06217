// The painel's CSV exports, shaped for Excel in Portuguese: UTF-8 with a BOM (else Excel reads the accents
// as Windows-1252), ';' between cells (',' is the decimal separator there), CRLF between records, no
// `sep=` line (it would show up as data in other programs, and it makes Excel drop the BOM). Cells that a
// spreadsheet would run as a formula get a leading apostrophe (OWASP, CSV injection): csv-stringify's
// escape_formulas does exactly that for = + - @ tab and CR (and their full-width forms), leaving negative
// numbers alone. The rows are pulled a page at a time, only when the reader wants more, so a 50,000-row
// export holds one page in memory.
import { stringify } from 'csv-stringify/sync';
import { touchKeys, type LeadRow } from '../../../src/domain/painel/api';
import { attendanceLabels, attributionCopy, meetingStatusLabels } from '../../../src/domain/painel/copy';
import { wallClock } from '../../../src/lib/meeting-time';
import { maskCnpj } from '../../../src/domain/cnpj';
import { maskPhone } from '../../../src/domain/phone';
import { faturamentoOptions, labelOf, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions, serviceOptions } from '../../../src/domain/options';
import type { After, MeetingExportRow } from './store';

export type CsvCell = string | number | boolean | null;
export type CsvColumn<T> = { header: string; value: (row: T) => CsvCell };

const OPTIONS = {
  delimiter: ';',
  record_delimiter: '\r\n',
  escape_formulas: true,
  cast: { boolean: (b: boolean) => (b ? 'Sim' : 'Não') },
} as const;

/** A web stream of the CSV (for `new Response(stream)`): the header row, then every row of every page. */
export function csvStream<T>(columns: CsvColumn<T>[], pages: AsyncIterable<T[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const header = columns.map((c) => c.header);
  const iterator = pages[Symbol.asyncIterator]();
  let first = true;
  const chunk = (rows: T[]) => {
    const text = stringify(rows.map((row) => columns.map((c) => c.value(row))), { ...OPTIONS, bom: first, header: first, columns: header });
    first = false;
    return encoder.encode(text);
  };
  return new ReadableStream<Uint8Array>({
    // Called only when the reader has room: the next page is fetched then, not before.
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) {
        if (first) controller.enqueue(chunk([])); // no rows at all: still the BOM and the header
        controller.close();
        return;
      }
      if (next.value.length || first) controller.enqueue(chunk(next.value));
    },
    async cancel() {
      await iterator.return?.();
    },
  }, { highWaterMark: 0 });
}

/**
 * Every page of a keyset-paged list, in order: `fetchPage(after)` gets the rows after the last row of the
 * previous page (null: the first page); a page shorter than `pageSize` is the last.
 */
export async function* keysetPages<T extends { id: string }>(
  fetchPage: (after: After | null) => Promise<T[]>,
  sortTime: (row: T) => string,
  pageSize = 1000,
): AsyncGenerator<T[], void, undefined> {
  let after: After | null = null;
  for (;;) {
    const page = await fetchPage(after);
    if (page.length) yield page;
    if (page.length < pageSize) return;
    const last = page[page.length - 1];
    after = { t: sortTime(last), id: last.id };
  }
}

/** An instant as dd/mm/aaaa hh:mm in Brasília time, as the console shows it. */
export function brasiliaDateTime(iso: string): string {
  const { date, time } = wallClock(new Date(iso));
  return `${date} ${time}`;
}

// Ids first: what a spreadsheet joins the meetings file with the leads file on (issue 32 item 6).
export const meetingCsvColumns: CsvColumn<MeetingExportRow>[] = [
  { header: 'ID da reunião', value: (m) => m.id },
  { header: 'ID do lead', value: (m) => m.lead.id },
  { header: 'Data e hora', value: (m) => brasiliaDateTime(m.startsAt) },
  { header: 'Agendada em', value: (m) => brasiliaDateTime(m.bookedAt) },
  { header: 'Lead', value: (m) => m.lead.name },
  { header: 'Empresa', value: (m) => m.lead.company },
  { header: 'E-mail', value: (m) => m.contact.email },
  { header: 'Telefone', value: (m) => maskPhone(m.contact.phone) },
  { header: 'CNPJ', value: (m) => maskCnpj(m.contact.cnpj) },
  { header: attributionCopy.csvHeader(attributionCopy.firstTouch, 'utm_campaign'), value: (m) => m.contact.campaign },
  { header: 'Serviço', value: (m) => labelOf(serviceOptions, m.service) },
  { header: 'Consultor', value: (m) => m.consultant.name },
  { header: 'Status', value: (m) => meetingStatusLabels[m.status] },
  { header: 'Desfecho', value: (m) => (m.outcome ? attendanceLabels[m.outcome.attendance] : null) },
  { header: 'Qualificado', value: (m) => m.outcome?.qualified ?? null },
  { header: 'Observação', value: (m) => m.outcome?.note ?? null },
];

export const leadCsvColumns: CsvColumn<LeadRow>[] = [
  { header: 'Data', value: (l) => brasiliaDateTime(l.createdAt) },
  { header: 'Nome', value: (l) => l.name },
  { header: 'E-mail', value: (l) => l.email },
  { header: 'Empresa', value: (l) => l.company },
  { header: 'CNPJ', value: (l) => maskCnpj(l.cnpj) },
  { header: 'Telefone', value: (l) => maskPhone(l.phone) },
  { header: 'Segmento', value: (l) => labelOf(segmentoOptions, l.segmento) },
  { header: 'Faturamento', value: (l) => labelOf(faturamentoOptions, l.faturamento) },
  { header: 'Vendedores', value: (l) => labelOf(numeroVendedoresOptions, l.vendedores) },
  { header: 'Modelo de negócio', value: (l) => labelOf(modeloNegocioOptions, l.modelo) },
  { header: 'Reuniões', value: (l) => l.meetings },
  // Where the lead came from: every field of the first touch, then of the last (utm values are the
  // visitor's own text, so they go through the same formula escaping as every cell).
  ...touchKeys.map((key): CsvColumn<LeadRow> => ({ header: attributionCopy.csvHeader(attributionCopy.firstTouch, key), value: (l) => l.firstTouch?.[key] ?? null })),
  ...touchKeys.map((key): CsvColumn<LeadRow> => ({ header: attributionCopy.csvHeader(attributionCopy.lastTouch, key), value: (l) => l.lastTouch?.[key] ?? null })),
  { header: attributionCopy.optInCsv, value: (l) => l.marketingOptIn },
  { header: attributionCopy.optInAtCsv, value: (l) => (l.marketingOptInAt ? brasiliaDateTime(l.marketingOptInAt) : null) },
];
