// Ad spend per campaign and day from the CSV files the mentor downloads from Google Ads (campaign report
// segmented by day) and Meta Ads Manager (campaign level, breakdown by day), read in pt-BR or en-US.
// Pure: bytes in, rows or one pt-BR refusal out; the database import that calls it upserts the rows by
// (platform, campaign, day) and uses fileSha256 so the same file twice changes nothing. A file is taken
// whole or not at all: any row that cannot be read exactly refuses the file, with its line (the row
// number a spreadsheet shows: preamble and header included), because a partly imported month is a
// wrong cost per lead that nobody notices.
import { parse } from 'csv-parse/sync';
import { brDate, isIsoDate } from '../scheduling/time';
import { hasOnlyPrintable } from '../text';
import { addYears, readAmountCents, readDay, slashOrderOf, type HeaderLanguage } from './numbers';

/** Largest file accepted (5 MiB): a year of daily rows for a few hundred campaigns is well under 2 MiB. */
export const MAX_SPEND_FILE_BYTES = 5 * 1024 * 1024;
/** Largest number of campaign-day rows in one file. */
export const MAX_SPEND_ROWS = 50_000;
/** R$ 10.000.000,00: more than this on one campaign in one day is a misread file, not spend. */
export const MAX_SPEND_CENTS_PER_DAY = 1_000_000_000;
export const MAX_CAMPAIGN_NAME_CHARS = 200;
/** Days further than this from today (either way) are refused: a wrong year, not a report. */
export const SPEND_DAY_WINDOW_YEARS = 3;

export type SpendPlatform = 'google' | 'meta';
export type SpendRow = { campaign: string; campaignId: string | null; day: string; spendCents: number };
export type SpendImport = {
  platform: SpendPlatform;
  currency: 'BRL';
  /** In the file's order; zero-spend days included (a re-import can set a day back to 0). */
  rows: SpendRow[];
  /** First and last day that has a row (not the date range a Google preamble states). */
  period: { from: string; to: string };
  totalCents: number;
  /** SHA-256 of the raw bytes, lowercase hex. */
  fileSha256: string;
};
export type SpendImportError = { error: string; line?: number };

const refuse = (error: string, line?: number): SpendImportError => (line === undefined ? { error } : { error, line });

/** Bidi embeddings, overrides and isolates: in a campaign name they would reorder what the console shows after it. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * Reads one export. `today` ('YYYY-MM-DD', the mentor's calendar day) bounds the days accepted.
 * Decisions the exports leave open:
 * - Duplicate (campaign, day) rows refuse the file, whether or not their spend agrees. A Meta export with an
 *   extra breakdown (age, placement, ad set…) splits a campaign-day over rows whose sum is right, but the same
 *   rows also appear when two same-named campaigns or a file pasted twice meet, where a sum is wrong; the file
 *   cannot tell which, and a re-export costs a minute while a silent double count costs the month's CPL.
 *   The message names the breakdown columns it finds. The key includes the campaign ID when the file has one.
 * - Google files must carry the currency column ("Código da moeda"): Google writes the currency nowhere else,
 *   and a dollar account read as reais would be summed without a sign of it.
 * - Meta's summary row (no campaign name, no ID) and Google's "Total…" footer rows are skipped.
 */
export async function parseSpendFile(bytes: Uint8Array, options: { today: string }): Promise<SpendImport | SpendImportError> {
  // A wrong `today` is the caller's bug, not the mentor's file: it throws instead of answering in pt-BR.
  if (!isIsoDate(options.today)) throw new TypeError(`parseSpendFile: today must be YYYY-MM-DD, got ${JSON.stringify(options.today)}`);
  if (bytes.length > MAX_SPEND_FILE_BYTES) {
    return refuse('O arquivo passa de 5 MB, o limite. Exporte um período menor.');
  }
  const text = decodeSpendFile(bytes);
  if (typeof text !== 'string') return text;
  if (text.trim() === '') return refuse('O arquivo está vazio.');
  const delimiter = findDelimiter(text);
  if (typeof delimiter !== 'string') return delimiter;
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: false });
  } catch (e) {
    const { code, lines: line } = e as { code?: string; lines?: number };
    const where = line ? ` perto da linha ${line}` : '';
    const what = code === 'CSV_QUOTE_NOT_CLOSED' ? `tem aspas sem fechamento${where}` : `não pôde ser lido como CSV${where}`;
    return refuse(`O arquivo ${what}. Exporte de novo direto da plataforma.`, line);
  }
  // Found again in the full parse: its record index is the one the rows are counted from.
  const layout = layoutIn(records) ?? refuse(NOT_AN_EXPORT);
  if ('error' in layout) return layout;
  const read = readRows(records, layout, options.today);
  if ('error' in read) return read;
  const { rows } = read;
  const days = rows.map((r) => r.day).sort();
  return {
    platform: layout.platform,
    currency: 'BRL',
    rows,
    period: { from: days[0], to: days[days.length - 1] },
    totalCents: rows.reduce((sum, r) => sum + r.spendCents, 0),
    fileSha256: await sha256Hex(bytes),
  };
}

// ---- Bytes to text, and which export this is --------------------------------------------------------------

/**
 * Google's "CSV for Excel" is UTF-16LE with a BOM, its plain CSV and Meta's are UTF-8 (BOM or not). Bytes that
 * are not valid UTF-8 and carry no BOM are read as Windows-1252: what Excel on a pt-BR Windows writes when the
 * mentor opens an export and saves it again ("CSV (separado por vírgulas)"), so "Código" still reads.
 */
function decodeSpendFile(bytes: Uint8Array): string | SpendImportError {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return refuse('O arquivo está corrompido (texto UTF-8 inválido). Exporte de novo direto da plataforma.');
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  // NUL bytes: UTF-16 without its BOM, or not a text file at all.
  if (text.includes('\u0000')) return refuse('O arquivo não é um CSV em texto que reconhecemos. Exporte de novo como CSV direto da plataforma.');
  return text;
}

type Layout = {
  platform: SpendPlatform;
  lang: HeaderLanguage;
  /** Index of the header record (Google's preamble comes before it). */
  headerIndex: number;
  campaign: number;
  campaignId: number | null;
  day: number | null;
  /** Meta's reporting start and end, read when there is no Day column. */
  start: number | null;
  end: number | null;
  spend: number;
  /** Google's currency column. */
  currency: number | null;
  /** Meta's currency, from the spend header ("Valor usado (BRL)"). */
  headerCurrency: string | null;
  /** Header texts of breakdown columns (age, placement, ad set…), named when rows repeat. */
  breakdowns: string[];
};
type Found = Omit<Layout, 'headerIndex'>;

/** The header is looked for in the first records only: Google's preamble is 2 lines, a "sep=;" line 1 more. */
const HEADER_SEARCH_LINES = 10;
const DELIMITERS = [',', ';', '\t'];
const NOT_AN_EXPORT = 'Este arquivo não parece um relatório exportado do Google Ads nem do Meta Ads. Esperávamos, do Meta Ads, as colunas "Nome da campanha", "Dia" e "Valor usado (BRL)"; do Google Ads, "Campanha", "Dia", "Custo" e "Código da moeda" (ou os mesmos nomes em inglês).';
const META_SPEND = /^(?:valor usado|valor gasto|quantia gasta|amount spent)(?: ?\(([a-z]{3})\))?$/u;
const BREAKDOWNS = new Set([
  'idade', 'age', 'gênero', 'gender', 'posicionamento', 'placement', 'plataforma', 'platform', 'posição', 'position',
  'região', 'region', 'país', 'country', 'dispositivo', 'device', 'dispositivo de impressão', 'impression device',
  'nome do conjunto de anúncios', 'ad set name', 'nome do anúncio', 'ad name', 'grupo de anúncios', 'ad group', 'rede', 'network',
  'hora do dia', 'hour of day',
]);

/**
 * The delimiter that makes the file a known export, or why it is not one. Each of the first lines is parsed
 * alone, so a broken quote further down is reported by the full parse with its line, not taken for "no header".
 */
function findDelimiter(text: string): string | SpendImportError {
  const head = text.split(/\r\n|\n|\r/u, HEADER_SEARCH_LINES);
  let partial: SpendImportError | null = null;
  for (const delimiter of DELIMITERS) {
    const records = head.flatMap((line) => {
      try {
        return [parse(line, { delimiter, relax_column_count: true, relax_quotes: true })[0] ?? []];
      } catch {
        return [[]];
      }
    });
    const found = layoutIn(records);
    if (found === null) continue;
    if (!('error' in found)) return delimiter;
    partial ??= found;
  }
  return partial ?? refuse(NOT_AN_EXPORT);
}

/** The first header record among the first records: a layout, why it is not a complete one, or null. */
function layoutIn(records: string[][]): Layout | SpendImportError | null {
  for (let i = 0; i < Math.min(records.length, HEADER_SEARCH_LINES); i++) {
    const found = recognise(records[i]);
    if (found !== null) return 'error' in found ? found : { ...found, headerIndex: i };
  }
  return null;
}

function recognise(record: string[]): Found | SpendImportError | null {
  const headers = record.map((h) => h.normalize('NFC').trim().toLowerCase());
  const find = (...names: string[]) => {
    const i = headers.findIndex((h) => names.includes(h));
    return i < 0 ? null : i;
  };
  const breakdowns = record.filter((_, i) => BREAKDOWNS.has(headers[i])).map((h) => h.trim());
  const day = find('dia', 'day');
  const metaCampaign = find('nome da campanha', 'campaign name');
  if (metaCampaign !== null) {
    const lang: HeaderLanguage = headers[metaCampaign] === 'nome da campanha' ? 'pt' : 'en';
    const spends = headers.flatMap((h, i) => (META_SPEND.test(h) ? [i] : []));
    const start = find('início dos relatórios', 'reporting starts');
    const end = find('término dos relatórios', 'encerramento dos relatórios', 'reporting ends');
    const missing = [
      ...(spends.length === 0 ? [lang === 'pt' ? 'Valor usado (BRL)' : 'Amount spent (BRL)'] : []),
      ...(day === null && (start === null || end === null) ? [lang === 'pt' ? 'Dia' : 'Day'] : []),
    ];
    if (missing.length > 0) return missingColumns('Meta Ads', missing, 'Exporte no nível de campanha, com o detalhamento por dia.');
    if (spends.length > 1) return refuse(`O relatório tem mais de uma coluna de valor usado (${spends.map((i) => `"${record[i].trim()}"`).join(', ')}). Exporte com uma só.`);
    const currency = META_SPEND.exec(headers[spends[0]])?.[1];
    if (!currency) return refuse(`A coluna "${record[spends[0]].trim()}" não diz a moeda. Exporte de novo do Gerenciador de Anúncios, que escreve a moeda no nome da coluna, como "Valor usado (BRL)".`);
    return {
      platform: 'meta', lang, campaign: metaCampaign, campaignId: find('identificação da campanha', 'id da campanha', 'campaign id'),
      day, start, end, spend: spends[0], currency: null, headerCurrency: currency.toUpperCase(), breakdowns,
    };
  }
  const googleCampaign = find('campanha', 'campaign');
  if (googleCampaign !== null) {
    const lang: HeaderLanguage = headers[googleCampaign] === 'campanha' ? 'pt' : 'en';
    const cost = find('custo', 'cost');
    const currency = find('código da moeda', 'currency code');
    const missing = [
      ...(day === null ? [lang === 'pt' ? 'Dia' : 'Day'] : []),
      ...(cost === null ? [lang === 'pt' ? 'Custo' : 'Cost'] : []),
      ...(currency === null ? [lang === 'pt' ? 'Código da moeda' : 'Currency code'] : []),
    ];
    if (missing.length > 0 || day === null || cost === null) {
      return missingColumns('Google Ads', missing, 'Baixe o relatório de campanhas segmentado por dia, com a coluna da moeda (a moeda não aparece em nenhum outro lugar do arquivo).');
    }
    return {
      platform: 'google', lang, campaign: googleCampaign, campaignId: find('id da campanha', 'campaign id'),
      day, start: null, end: null, spend: cost, currency, headerCurrency: null, breakdowns,
    };
  }
  return null;
}

function missingColumns(platform: string, missing: string[], hint: string): SpendImportError {
  const names = missing.map((m) => `"${m}"`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} e ${names[names.length - 1]}` : names[0];
  return refuse(`O relatório do ${platform} não tem ${missing.length > 1 ? 'as colunas' : 'a coluna'} ${list}. ${hint}`);
}

/** Google's footer rows ("Total: conta", "Total: Campaigns"…): first filled cell starts with "Total", and no day. */
function isGoogleFooter(cells: string[], layout: Layout): boolean {
  const first = cells.find((c) => c !== '') ?? '';
  // A campaign may be named "Total Energia": with a real day in its row it stays a campaign.
  const day = cell(cells, layout.day);
  return /^total\b/iu.test(first) && readDay(day, 'dmy') === null && readDay(day, 'mdy') === null;
}

// ---- Rows ---------------------------------------------------------------------------------------------------

type DataRow = { line: number; cells: string[] };

function readRows(records: string[][], layout: Layout, today: string): { rows: SpendRow[] } | SpendImportError {
  const data: DataRow[] = [];
  for (let i = layout.headerIndex + 1; i < records.length; i++) {
    const cells = records[i].map((c) => c.trim());
    if (cells.every((c) => c === '')) continue;
    if (layout.platform === 'google' && isGoogleFooter(cells, layout)) continue;
    // Meta's optional summary row totals every campaign: it has neither a campaign name nor an ID.
    if (layout.platform === 'meta' && !cell(cells, layout.campaign) && !cell(cells, layout.campaignId)) continue;
    data.push({ line: i + 1, cells });
    if (data.length > MAX_SPEND_ROWS) {
      return refuse(`O arquivo tem mais de ${MAX_SPEND_ROWS.toLocaleString('pt-BR')} linhas de campanha por dia. Exporte um período menor.`, i + 1);
    }
  }
  if (data.length === 0) return refuse('O arquivo não tem nenhuma linha de campanha por dia: confira o período e os filtros do relatório.');

  const currency = checkCurrency(data, layout);
  if (currency) return currency;

  const dayColumns = layout.day !== null ? [layout.day] : [layout.start, layout.end];
  const dayCells = data.flatMap((r) => dayColumns.map((c) => cell(r.cells, c)));
  const slash = slashOrderOf(dayCells, layout.lang);
  if ('undecided' in slash || 'conflict' in slash) {
    const at = data[Math.floor(('undecided' in slash ? slash.undecided : slash.conflict) / dayColumns.length)];
    const raw = dayCells['undecided' in slash ? slash.undecided : slash.conflict];
    return 'undecided' in slash
      ? refuse(`A data "${raw}" na linha ${at.line} pode ser lida com o dia antes ou depois do mês, e nenhuma data do arquivo resolve a dúvida. Exporte com as datas no formato AAAA-MM-DD.`, at.line)
      : refuse(`O arquivo escreve datas com o dia antes do mês e também com o mês antes do dia (linha ${at.line}, "${raw}"). Exporte de novo com as datas no formato AAAA-MM-DD.`, at.line);
  }

  const earliest = addYears(today, -SPEND_DAY_WINDOW_YEARS);
  const latest = addYears(today, SPEND_DAY_WINDOW_YEARS);
  const rows: SpendRow[] = [];
  const seen = new Map<string, number>();
  for (const { line, cells } of data) {
    const campaign = cell(cells, layout.campaign);
    if (campaign === '') return refuse(`A linha ${line} não tem o nome da campanha.`, line);
    if (!hasOnlyPrintable(campaign) || BIDI_CONTROLS.test(campaign)) {
      return refuse(`O nome da campanha na linha ${line} tem caracteres de controle (invisíveis). Renomeie a campanha na plataforma e exporte de novo.`, line);
    }
    if ([...campaign].length > MAX_CAMPAIGN_NAME_CHARS) {
      return refuse(`O nome da campanha na linha ${line} passa de ${MAX_CAMPAIGN_NAME_CHARS} caracteres.`, line);
    }

    const rawId = cell(cells, layout.campaignId);
    const campaignId = rawId === '' || rawId === '--' ? null : rawId;
    if (campaignId !== null && !/^\d{1,30}$/u.test(campaignId)) {
      return refuse(`O ID da campanha na linha ${line} ("${campaignId}") não é um número. Se o arquivo foi aberto e salvo numa planilha, exporte de novo direto da plataforma.`, line);
    }

    const day = rowDay(cells, layout, slash.order, line);
    if ('error' in day) return refuse(day.error, line);
    if (day.day < earliest || day.day > latest) {
      return refuse(`A data ${brDate(day.day)} na linha ${line} está a mais de ${SPEND_DAY_WINDOW_YEARS} anos de hoje. Confira se este é o relatório certo.`, line);
    }

    const rawSpend = cell(cells, layout.spend);
    const spend = readAmountCents(rawSpend, layout.lang);
    if ('problem' in spend) return refuse(amountMessage(rawSpend, spend.problem, line, layout.lang), line);
    if (spend.cents < 0) return refuse(`O gasto na linha ${line} é negativo ("${rawSpend}"). Gasto em anúncios não pode ser negativo.`, line);
    if (spend.cents > MAX_SPEND_CENTS_PER_DAY) {
      return refuse(`O gasto na linha ${line} ("${rawSpend}") passa de R$ 10.000.000,00 numa campanha em um dia: o valor parece mal lido. Confira o arquivo.`, line);
    }

    const key = JSON.stringify([campaign, campaignId, day.day]);
    const before = seen.get(key);
    if (before !== undefined) return refuse(duplicateMessage(campaign, day.day, before, line, layout), line);
    seen.set(key, line);
    rows.push({ campaign, campaignId, day: day.day, spendCents: spend.cents });
  }
  return { rows };
}

const cell = (cells: string[], column: number | null) => (column === null ? '' : (cells[column] ?? ''));

/** The row's day: the Day column, or Meta's reporting start and end when they are the same day. */
function rowDay(cells: string[], layout: Layout, order: 'dmy' | 'mdy' | null, line: number): { day: string } | { error: string } {
  const unreadable = (raw: string) => ({
    error: raw === ''
      ? `A linha ${line} não tem a data.`
      : `A data "${raw}" na linha ${line} não foi reconhecida. Use datas como ${layout.lang === 'pt' ? '03/11/2026 ou ' : ''}2026-11-03.`,
  });
  if (layout.day !== null) {
    const raw = cell(cells, layout.day);
    const day = readDay(raw, order);
    return day ? { day } : unreadable(raw);
  }
  const [rawStart, rawEnd] = [cell(cells, layout.start), cell(cells, layout.end)];
  const [start, end] = [readDay(rawStart, order), readDay(rawEnd, order)];
  if (!start) return unreadable(rawStart);
  if (!end) return unreadable(rawEnd);
  if (start !== end) {
    return { error: `A linha ${line} soma mais de um dia (${brDate(start)} a ${brDate(end)}). Exporte com o detalhamento por dia.` };
  }
  return { day: start };
}

/** Google's currency column: one currency for the whole file, and it must be the real. */
function checkCurrency(data: DataRow[], layout: Layout): SpendImportError | null {
  if (layout.currency !== null) {
    const codes = new Map<string, number>();
    for (const { line, cells } of data) {
      const code = cell(cells, layout.currency).toUpperCase();
      if (!/^[A-Z]{3}$/u.test(code)) return refuse(`A linha ${line} não tem um código de moeda válido ("${code}").`, line);
      if (!codes.has(code)) codes.set(code, line);
    }
    if (codes.size > 1) {
      const [, second] = [...codes.entries()];
      return refuse(`O arquivo mistura moedas (${[...codes.keys()].join(', ')}; ${second[0]} a partir da linha ${second[1]}). Só importamos gastos em reais (BRL): exporte cada conta separadamente.`, second[1]);
    }
    return currencyRefusal([...codes.keys()][0]);
  }
  return currencyRefusal(layout.headerCurrency);
}

function currencyRefusal(code: string | null): SpendImportError | null {
  if (code === null || code === 'BRL') return null;
  let name = code;
  try {
    name = new Intl.DisplayNames('pt-BR', { type: 'currency' }).of(code) ?? code;
  } catch {
    // An unknown code is shown as it is.
  }
  const label = name === code ? code : `${name.toLowerCase()} (${code})`;
  return refuse(`Os valores deste arquivo estão em ${label}. Só importamos gastos em reais (BRL); nenhuma linha foi importada.`);
}

function amountMessage(raw: string, problem: 'unreadable' | 'precision' | 'ambiguous', line: number, lang: HeaderLanguage): string {
  if (problem === 'ambiguous') {
    const sep = raw.includes(',') ? 'da vírgula' : 'do ponto';
    return `O gasto "${raw}" na linha ${line} é ambíguo: com três dígitos depois ${sep}, num arquivo em ${lang === 'pt' ? 'português' : 'inglês'}, não dá para saber se são milhares ou casas decimais. Exporte de novo direto da plataforma, sem abrir numa planilha.`;
  }
  if (problem === 'precision') return `O gasto "${raw}" na linha ${line} tem mais de 2 casas decimais; um valor em reais tem centavos.`;
  return `O gasto "${raw}" na linha ${line} não é um valor reconhecido (exemplos: 1.234,56 ou 1234.56).`;
}

function duplicateMessage(campaign: string, day: string, before: number, line: number, layout: Layout): string {
  const head = `A campanha "${campaign}" aparece mais de uma vez no dia ${brDate(day)} (linhas ${before} e ${line}).`;
  if (layout.breakdowns.length > 0) {
    const names = layout.breakdowns.map((b) => `"${b}"`).join(', ');
    return `${head} O relatório tem detalhamento por ${names}: remova ${layout.breakdowns.length > 1 ? 'esses detalhamentos' : 'esse detalhamento'} e exporte no nível de campanha, detalhado só por dia.`;
  }
  const idColumn = layout.platform === 'meta' ? 'Identificação da campanha' : 'ID da campanha';
  const sameName = layout.campaignId === null ? ` Se são campanhas diferentes com o mesmo nome, inclua a coluna "${idColumn}" ou renomeie uma delas.` : '';
  return `${head} Exporte no nível de campanha, detalhado só por dia.${sameName}`;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  // Web Crypto (Node and browsers) keeps this module free of node: built-ins; the copy gives digest() the
  // plain ArrayBuffer view its type asks for (a Node Buffer may sit on a shared pool).
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(bytes));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
