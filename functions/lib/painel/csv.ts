// The painel's CSV exports, shaped for Excel in Portuguese: UTF-8 with a BOM (else Excel reads the accents
// as Windows-1252), ';' between cells (',' is the decimal separator there), CRLF between records, no
// `sep=` line (it would show up as data in other programs, and it makes Excel drop the BOM). Cells that a
// spreadsheet would run as a formula get a leading apostrophe (OWASP, CSV injection), as csv-stringify's
// escape_formulas does: = + - @ tab and CR (and their full-width forms), negative numbers left alone.
// The rows are pulled a page at a time, only when the reader wants more, so a 50,000-row export holds a
// page or two in memory (handlers/exports.ts reads the next while one is written).
import { touchKeys } from '../../../src/domain/painel/api';
import { attendanceLabels, attributionCopy, meetingStatusLabels } from '../../../src/domain/painel/copy';
import { tzOffset } from '@date-fns/tz';
import { schedulingConfig } from '../../../src/domain/scheduling/config';
import { brDate } from '../../../src/domain/scheduling/time';
import { maskCnpj } from '../../../src/domain/cnpj';
import { maskPhone } from '../../../src/domain/phone';
import { cargoOptions, faturamentoOptions, labelOf, modeloNegocioOptions, numeroVendedoresOptions, segmentoOptions, serviceOptions } from '../../../src/domain/options';
import { formatBrl } from '../../../src/domain/money';
import { dealBillingLabels, dealStageLabels, lostReasonLabels, type DealExportRow } from '../../../src/domain/painel/deals';
import type { After, LeadExportRow, MeetingExportRow } from './store';

export type CsvCell = string | number | boolean | null;
export type CsvColumn<T> = { header: string; value: (row: T) => CsvCell };

// Written here rather than through csv-stringify (which csv.test.ts keeps as the oracle, cell for cell):
// for these fixed options it was 4× the CPU of this loop, ~1.9 s of a 50,000-lead export (2026-11-29).
const NEEDS_QUOTES = /[;"\r\n]/;
/** = + - @ tab CR and their full-width forms, as char codes: compared without a one-character string per cell. */
const FORMULA_STARTS = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20'].map((c) => c.charCodeAt(0)));

/** One cell as Excel in Portuguese reads it back: Sim/Não, formulas defused, quoted when it must be. */
export function csvCell(value: CsvCell): string {
  if (value == null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Sim' : 'Não';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_STARTS.has(value.charCodeAt(0)) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: CsvCell[]) => cells.map(csvCell).join(';') + '\r\n';

/**
 * Every row's line, the page's lines joined once: one array of cells reused for every row instead of two
 * new ones per row (values, then cells), and one flat string for the encoder rather than 10,000 appended:
 * 427 → 350 ms of CPU for the 50,000 rows of the leads CSV (best of 8, 2026-11-29).
 */
function pageLines<T>(columns: CsvColumn<T>[], rows: T[]): string {
  const cells = new Array<string>(columns.length);
  const lines = new Array<string>(rows.length + 1);
  for (let r = 0; r < rows.length; r++) {
    for (let c = 0; c < columns.length; c++) cells[c] = csvCell(columns[c].value(rows[r]));
    lines[r] = cells.join(';');
  }
  lines[rows.length] = '';
  return lines.join('\r\n');
}

/** A web stream of the CSV (for `new Response(stream)`): the header row, then every row of every page. */
export function csvStream<T>(columns: CsvColumn<T>[], pages: AsyncIterable<T[]>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const header = columns.map((c) => c.header);
  const iterator = pages[Symbol.asyncIterator]();
  let first = true;
  const chunk = (rows: T[]) => {
    const text = (first ? `\uFEFF${csvLine(header)}` : '') + (rows.length ? pageLines(columns, rows) : '');
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

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * UTC hour → its Brasília date and hour as written ('dd/mm/aaaa hh:'), or null for an hour that holds a
 * transition or is not a whole hour off UTC; cleared past a size no export reaches.
 */
const hourPrefixes = new Map<number, string | null>();
/**
 * UTC day → the zone's offset in minutes when it is the same whole hours at both ends of that day, else null
 * (then each hour is asked). A zone's offset changes at most once a day, so equal ends mean one offset all
 * day: two tzOffset calls a day instead of two an hour (35,000 calls, ~70 ms of a 50,000-lead CSV on
 * PGlite's thread, 2026-11-29).
 */
const dayOffsets = new Map<number, number | null>();

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** An instant (ms) moved by the zone's offset, written as dd/mm/aaaa hh:mm (the UTC fields of the moved instant). */
function written(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** The zone's whole-hour offset between two instants' ends (ms), or null when it differs or is not whole. */
function steadyOffset(fromMs: number, lastMs: number): number | null {
  const start = tzOffset(schedulingConfig.timeZone, new Date(fromMs));
  return start % 60 === 0 && start === tzOffset(schedulingConfig.timeZone, new Date(lastMs)) ? start : null;
}

/**
 * An instant as dd/mm/aaaa hh:mm in Brasília time, as the console shows it (wallClock's reading).
 * The zone's offset comes from @date-fns/tz (Intl's time-zone database), asked once per UTC day (or hour, in
 * a day that holds a transition): Intl per cell was 1.0 s of a 50,000-lead export's ~3 s of JavaScript (two
 * date cells a row, 2026-11-29). An hour whose two ends agree on a whole-hour offset is written once, to the
 * hour, and each instant in it adds only its minutes: a Date and five fields per cell were ~14% of the CSV
 * writer's profile (0.98 of 7 s), and the meetings file's writer (two dates a row, 5 × 10,000 rows) went
 * from 408-428 to 329-339 ms of CPU (best of 7, 2026-11-29). Any other hour (a transition in it, or a zone
 * off by minutes) is worked out per instant.
 */
export function brasiliaDateTime(iso: string): string {
  const ms = Date.parse(iso);
  const hour = Math.floor(ms / HOUR_MS);
  let prefix = hourPrefixes.get(hour);
  if (prefix === undefined) {
    const day = Math.floor(ms / DAY_MS);
    let offset = dayOffsets.get(day);
    if (offset === undefined) {
      offset = steadyOffset(day * DAY_MS, day * DAY_MS + DAY_MS - 1);
      if (dayOffsets.size >= 10_000) dayOffsets.clear();
      dayOffsets.set(day, offset);
    }
    if (offset === null) offset = steadyOffset(hour * HOUR_MS, hour * HOUR_MS + HOUR_MS - 1);
    prefix = offset === null ? null : written(hour * HOUR_MS, offset).slice(0, -2);
    if (hourPrefixes.size >= 100_000) hourPrefixes.clear();
    hourPrefixes.set(hour, prefix);
  }
  if (prefix === null) return written(ms, tzOffset(schedulingConfig.timeZone, new Date(ms)));
  return prefix + two(Math.floor((ms - hour * HOUR_MS) / 60_000));
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

/** A rule's name as a file-name word: no accents, lower case, '-' between words. */
const slug = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40);

/**
 * The leads CSV's name says what it holds: the period (`leads-2026-11-01-a-2026-11-26`, or the day it was
 * made when none), then each filter's value in the list's order (`-energia-solar`, `-sem-reuniao`). A
 * search is named only as `-busca`: its text is personal data. The query was checked (leadQuery) first.
 */
export function leadsFileName(query: URLSearchParams, now: Date): string {
  const get = (name: string) => query.get(name) || '';
  const [de, ate] = [get('de'), get('ate')];
  const period = de && ate ? `${de}-a-${ate}` : de ? `desde-${de}` : ate ? `ate-${ate}` : now.toISOString().slice(0, 10);
  const words = [
    get('segmento'), get('faturamento'), get('vendedores'), get('modelo'), get('servico'),
    get('reuniao') && `${get('reuniao')}-reuniao`, get('integracoes') && `integracoes-${get('integracoes')}`,
    get('regra') && `regra-${slug(get('regra'))}`, get('busca') && 'busca',
  ].map((w) => w.replace(/[^0-9A-Za-z+-]/g, '')).filter(Boolean);
  return ['leads', period, ...words].join('-') + '.csv';
}

/** An instant's Brasília date and time, or nothing. */
const when = (iso: string | null) => (iso ? brasiliaDateTime(iso) : null);

export const leadCsvColumns: CsvColumn<LeadExportRow>[] = [
  // The newest submission's id: what the painel's address (#lead=<id>) and the meetings CSV name.
  { header: 'ID do lead', value: (l) => l.id },
  { header: 'Data', value: (l) => brasiliaDateTime(l.createdAt) },
  { header: 'Envios', value: (l) => l.submissions },
  { header: 'Nome', value: (l) => l.name },
  { header: 'E-mail', value: (l) => l.email },
  { header: 'Empresa', value: (l) => l.company },
  { header: 'CNPJ', value: (l) => maskCnpj(l.cnpj) },
  { header: 'Telefone', value: (l) => maskPhone(l.phone) },
  { header: 'Segmento', value: (l) => labelOf(segmentoOptions, l.segmento) },
  { header: 'Faturamento', value: (l) => labelOf(faturamentoOptions, l.faturamento) },
  { header: 'Vendedores', value: (l) => labelOf(numeroVendedoresOptions, l.vendedores) },
  { header: 'Modelo de negócio', value: (l) => labelOf(modeloNegocioOptions, l.modelo) },
  { header: 'Cargo', value: (l) => labelOf(cargoOptions, l.cargo) },
  { header: 'Serviço', value: (l) => (l.service ? labelOf(serviceOptions, l.service) : null) },
  { header: 'Regra', value: (l) => l.rule },
  { header: 'Consultor', value: (l) => l.consultant },
  { header: 'Reuniões', value: (l) => l.meetings },
  { header: 'Próxima reunião', value: (l) => when(l.nextMeeting) },
  { header: 'Desfecho', value: (l) => (l.outcome ? attendanceLabels[l.outcome.attendance] : null) },
  { header: 'Qualificado', value: (l) => l.outcome?.qualified ?? null },
  // Where the lead came from: every field of the first touch, then of the last (utm values are the
  // visitor's own text, so they go through the same formula escaping as every cell).
  ...touchKeys.map((key): CsvColumn<LeadExportRow> => ({ header: attributionCopy.csvHeader(attributionCopy.firstTouch, key), value: (l) => l.firstTouch?.[key] ?? null })),
  ...touchKeys.map((key): CsvColumn<LeadExportRow> => ({ header: attributionCopy.csvHeader(attributionCopy.lastTouch, key), value: (l) => l.lastTouch?.[key] ?? null })),
  { header: attributionCopy.optInCsv, value: (l) => l.marketingOptIn },
  { header: attributionCopy.optInAtCsv, value: (l) => (l.marketingOptInAt ? brasiliaDateTime(l.marketingOptInAt) : null) },
  // Last (the columns before keep their places): the person's negociações, how many, what is still open, and what was won (monthly ones at their total).
  { header: 'Negociações', value: (l) => l.deals?.deals ?? 0 },
  { header: 'Etapa da última negociação', value: (l) => (l.deals ? dealStageLabels[l.deals.latestStage] : null) },
  { header: 'Em aberto', value: (l) => (l.deals?.open ? formatBrl(l.deals.openCents) : null) },
  { header: 'Receita ganha', value: (l) => (l.deals?.wonCents ? formatBrl(l.deals.wonCents) : null) },
  { header: 'Último ganho em', value: (l) => (l.deals?.latestWonAt ? brasiliaDateTime(l.deals.latestWonAt) : null) },
];

// Ids first, as the meetings file: what a spreadsheet joins the deals with the leads file on.
export const dealCsvColumns: CsvColumn<DealExportRow>[] = [
  { header: 'ID da negociação', value: (d) => d.id },
  { header: 'ID do lead', value: (d) => d.leadId },
  { header: 'Lead', value: (d) => d.name },
  { header: 'Empresa', value: (d) => d.company },
  { header: 'Consultor', value: (d) => d.consultant },
  { header: 'Etapa', value: (d) => dealStageLabels[d.stage] },
  { header: 'Cobrança', value: (d) => dealBillingLabels[d.billing] },
  { header: 'Valor', value: (d) => formatBrl(d.valueCents) },
  { header: 'Meses', value: (d) => d.months },
  { header: 'Valor total', value: (d) => formatBrl(d.totalCents) },
  { header: 'Previsão de fechamento', value: (d) => (d.expectedCloseOn ? brDate(d.expectedCloseOn) : null) },
  { header: 'Motivo da perda', value: (d) => (d.lostReason ? lostReasonLabels[d.lostReason] : null) },
  { header: 'Observação da perda', value: (d) => d.lostNote },
  { header: 'Criada em', value: (d) => brasiliaDateTime(d.createdAt) },
  { header: 'Ganho em', value: (d) => when(d.wonAt) },
  { header: 'Perdido em', value: (d) => when(d.lostAt) },
  { header: attributionCopy.csvHeader(attributionCopy.firstTouch, 'utm_campaign'), value: (d) => d.firstCampaign },
  { header: attributionCopy.csvHeader(attributionCopy.lastTouch, 'utm_campaign'), value: (d) => d.lastCampaign },
];
