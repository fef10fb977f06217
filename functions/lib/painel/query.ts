// The console's query strings and bodies, checked with zod before anything reaches the store: a filter
// that is not one of the form's values, a date that is not a date, a cursor that was not ours → 400.
import * as z from 'zod/mini';
import { attendanceValues, deliveryFilterValues, meetingDateFields, meetingOutcomeFilters, meetingTabs, OUTCOME_NOTE_MAX, RULE_MAX, SEARCH_MAX, type Attendance } from '../../../src/domain/painel/api';
import { phoneSearchDigits } from '../../../src/domain/phone';
import { faturamentoValues, modeloNegocioValues, numeroVendedoresValues, segmentoValues } from '../../../src/domain/options';
import { cleanLine, cleanParagraph, hasOnlyPrintable } from '../../../src/domain/text';
import { schedulingConfig } from '../../../src/domain/scheduling/config';
import { addDays, isIsoDate, zonedToUtc } from '../../../src/domain/scheduling/time';
import type { SignedIn } from './context';
import type { After, LeadFilter, MeetingFilter } from './store';
import { painelMessages } from '../../../src/domain/painel/copy';
import { HttpError } from '../http';

/** A filter, cursor or date the console never sends: 400 with the console's words. */
export class QueryError extends HttpError {
  constructor() {
    super(400, painelMessages.badQuery);
  }
}

const uuid = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i));
/** Dates the console can mean: from 2000 to 2100 (a year 0 or 10000 is no date of this business). */
const inRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 2100;
};
const date = z.string().check(z.refine((v) => isIsoDate(v) && inRange(v)));
const service = z.enum(['consultoria', 'trafego']);

export const isUuid = (value: string) => uuid.safeParse(value).success;

/** The keyset cursor travels as base64url JSON of the last row's { t, id }. */
export function encodeCursor(after: { t?: string; id: string }): string {
  return Buffer.from(JSON.stringify(after)).toString('base64url');
}
const instantInRange = (t: string) => {
  const ms = Date.parse(t);
  return Number.isFinite(ms) && inRange(new Date(ms).toISOString());
};
const cursorSchema = z.object({ t: z.optional(z.iso.datetime({ offset: true }).check(z.refine(instantInRange))), id: z.string().check(z.maxLength(40)) });
function decodeCursor(value: string | undefined): { t?: string; id: string } | null {
  if (value === undefined) return null;
  if (value.length > 200) throw new QueryError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw new QueryError();
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw new QueryError();
  return result.data;
}

function params(url: URL, allowed: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) {
    // Unknown names are ignored (a tracking parameter, a newer island); a name twice is refused.
    if (!allowed.includes(key)) continue;
    if (key in out) throw new QueryError();
    if (value !== '') out[key] = value;
  }
  return out;
}

function parse<T>(schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new QueryError();
  return result.data;
}

/** `de`/`ate` are Brasília dates, both inclusive: [start of de, start of the day after ate). */
function period(de: string | undefined, ate: string | undefined): { from?: Date; to?: Date } {
  const tz = schedulingConfig.timeZone;
  const from = de ? zonedToUtc(parse(date, de), '00:00', tz) : undefined;
  const to = ate ? zonedToUtc(addDays(parse(date, ate), 1), '00:00', tz) : undefined;
  if (from && to && to <= from) throw new QueryError();
  return { from, to };
}

function keyset(cursor: string | undefined): After | null {
  const after = decodeCursor(cursor);
  if (!after) return null;
  if (!after.t || !isUuid(after.id)) throw new QueryError();
  return { t: after.t, id: after.id };
}

export function meetingQuery(url: URL): { filter: MeetingFilter; after: After | null } {
  const p = params(url, ['aba', 'consultor', 'servico', 'desfecho', 'data', 'de', 'ate', 'cursor']);
  return {
    filter: {
      tab: parse(z.enum(meetingTabs), p.aba ?? 'proximas'),
      consultant: p.consultor ? parse(uuid, p.consultor) : undefined,
      service: p.servico ? parse(service, p.servico) : undefined,
      outcome: p.desfecho ? parse(z.enum(meetingOutcomeFilters), p.desfecho) : undefined,
      dateField: p.data ? parse(z.enum(meetingDateFields), p.data) : undefined,
      ...period(p.de, p.ate),
    },
    after: keyset(p.cursor),
  };
}

export function leadQuery(url: URL): { filter: LeadFilter; after: After | null } {
  const p = params(url, ['busca', 'segmento', 'faturamento', 'vendedores', 'modelo', 'servico', 'de', 'ate', 'reuniao', 'integracoes', 'regra', 'cursor']);
  const q = p.busca === undefined ? '' : cleanLine(p.busca).toLowerCase();
  if (q.length > SEARCH_MAX || !hasOnlyPrintable(q)) throw new QueryError();
  const rule = p.regra === undefined ? '' : cleanLine(p.regra);
  if (rule.length > RULE_MAX || !hasOnlyPrintable(rule)) throw new QueryError();
  // A Brazilian phone typed with +55 is also looked for as stored (its national digits).
  const national = q ? phoneSearchDigits(q) : null;
  // A CNPJ or phone typed with its punctuation matches the stored digits (and letters, for the new CNPJ).
  // Only text with a digit is looked for there: a name is never a CNPJ or a phone, and leaving that
  // second condition out lets "Buscar" use one index instead of reading every lead.
  const qAlnum = /\d/.test(q) ? q.replace(/[^0-9a-z]/g, '') : '';
  return {
    filter: {
      q: q || undefined,
      qAlnum: q && qAlnum.length >= 3 ? qAlnum : undefined,
      qNational: national && national.length >= 3 ? national : undefined,
      rule: rule || undefined,
      segmento: p.segmento ? parse(z.enum(segmentoValues), p.segmento) : undefined,
      faturamento: p.faturamento ? parse(z.enum(faturamentoValues), p.faturamento) : undefined,
      vendedores: p.vendedores ? parse(z.enum(numeroVendedoresValues), p.vendedores) : undefined,
      modelo: p.modelo ? parse(z.enum(modeloNegocioValues), p.modelo) : undefined,
      service: p.servico ? parse(service, p.servico) : undefined,
      withMeeting: p.reuniao ? parse(z.enum(['com', 'sem']), p.reuniao) === 'com' : undefined,
      deliveryIssue: p.integracoes ? parse(z.enum(deliveryFilterValues), p.integracoes) === 'falha' : undefined,
      ...period(p.de, p.ate),
    },
    after: keyset(p.cursor),
  };
}

export function activityQuery(url: URL): { id: string } | null {
  const after = decodeCursor(params(url, ['cursor']).cursor);
  if (after && !/^\d{1,18}$/.test(after.id)) throw new QueryError();
  return after ? { id: after.id } : null;
}

const outcomeSchema = z.object({
  attendance: z.enum(attendanceValues),
  qualified: z.nullable(z.boolean()),
  note: z.optional(z.nullable(z.string().check(z.maxLength(OUTCOME_NOTE_MAX * 2)))),
});

/** The outcome form's body; null when it is not one (the endpoint answers 400). */
export function outcomeInput(body: unknown): { attendance: Attendance; qualified: boolean | null; note: string | null } | 'note' | null {
  const result = outcomeSchema.safeParse(body);
  if (!result.success) return null;
  const note = cleanParagraph(result.data.note ?? '');
  if (note.length > OUTCOME_NOTE_MAX) return 'note';
  return { attendance: result.data.attendance, qualified: result.data.qualified, note: note || null };
}

/** The id in the path (`reunioes/<id>`, `leads/<id>/…`): not an id is nothing of the viewer's either. */
export function pathId(ctx: SignedIn): string {
  const id = ctx.segments[1];
  if (!isUuid(id)) throw new HttpError(404, painelMessages.notFound);
  return id;
}
