// The offline-conversion files a Google Ads account imports (by hand or on a schedule, from a link): the
// only route to Google that needs no API access since Google closed click-conversion uploads to new adopters
// (Jun 2026). Two files, because Google has two templates:
// - by click: `Google Click ID,GBRAID,WBRAID,…`, exactly one of the three filled per row;
// - by contact (enhanced conversions for leads), for leads that arrived without a click id: `Email,Phone
//   Number,…`, each SHA-256 of Google's normalisation (hashed-contacts.ts), never the plain contact.
// Both declare the zone on line 1 and write each time as `YYYY-MM-DD HH:mm:ss` in it: Google rejects a `T`
// or an offset inside the time, and a time read as UTC would move the conversion 3 h and could put it before
// the click. Google ignores a row it already has (same id, conversion name and time), and a row's time is the
// stage's own, so fetching the file again never counts twice.
import { hashedContacts } from './hashed-contacts';

export const GOOGLE_FILE_ZONE = 'America/Sao_Paulo';
export const GOOGLE_FILE_CURRENCY = 'BRL';
export const GOOGLE_ZONE_LINE = `Parameters:TimeZone=${GOOGLE_FILE_ZONE}`;
const TAIL = ['Conversion Name', 'Conversion Time', 'Conversion Value', 'Conversion Currency'] as const;
export const GOOGLE_CLICK_HEADER = ['Google Click ID', 'GBRAID', 'WBRAID', ...TAIL].join(',');
export const GOOGLE_CONTACT_HEADER = ['Email', 'Phone Number', ...TAIL].join(',');

/** The stages the file carries: the ones worth optimising for (a form fill is already Google's own tag). */
export const GOOGLE_FILE_STAGES = ['reuniao_qualificada', 'negocio_ganho'] as const;
export type GoogleFileStage = (typeof GOOGLE_FILE_STAGES)[number];
/** The conversion actions' names in Google Ads, which each row must match exactly. */
export type GoogleConversionNames = Record<GoogleFileStage, string>;
export const DEFAULT_GOOGLE_CONVERSION_NAMES: GoogleConversionNames = {
  reuniao_qualificada: 'Reunião qualificada',
  negocio_ganho: 'Negócio ganho',
};

/** Google ignores clicks older than its longest click-through window (90 days): older rows are left out. */
export const GOOGLE_FILE_WINDOW_DAYS = 90;

export interface GoogleConversion {
  stage: GoogleFileStage;
  /** When the lead reached the stage (an instant; written in São Paulo time). */
  at: Date | string;
  /** The deal's total for a won deal; null: no value (Google uses the conversion action's default). */
  valueCents: number | null;
  gclid?: string | null;
  gbraid?: string | null;
  wbraid?: string | null;
  email: string;
  telefone: string;
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: GOOGLE_FILE_ZONE,
  year: 'numeric', month: '2-digit', day: '2-digit',
  hour: '2-digit', minute: '2-digit', second: '2-digit',
  hourCycle: 'h23',
});

/** `YYYY-MM-DD HH:mm:ss` of the instant in São Paulo, with the zone's rules of that date (DST until 2019). */
export function googleTime(at: Date | string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) throw new RangeError('googleTime: not a date');
  const part = Object.fromEntries(wallClock.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

/** Cents as Google reads a value: '.' for decimals, no thousands separator ('1234.50'); empty for none. */
export function googleValue(cents: number | null): string {
  if (cents === null) return '';
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError('googleValue: cents must be a non-negative integer');
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A CSV cell (RFC 4180): quoted only when it holds a comma, a quote or a line break. */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

const lines = (rows: string[][]) => rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** The one click id a row carries: the gclid when there is one, else the gbraid, else the wbraid. */
function clickIdOf(c: GoogleConversion): [string, string, string] | null {
  if (c.gclid) return [c.gclid, '', ''];
  if (c.gbraid) return ['', c.gbraid, ''];
  if (c.wbraid) return ['', '', c.wbraid];
  return null;
}

const tail = (c: GoogleConversion, names: GoogleConversionNames) =>
  [names[c.stage], googleTime(c.at), googleValue(c.valueCents), GOOGLE_FILE_CURRENCY];

/** The file by click id: the conversions whose lead arrived with a gclid, gbraid or wbraid. */
export function googleClickFile(conversions: readonly GoogleConversion[], names: GoogleConversionNames): string {
  const rows = conversions.flatMap((c) => {
    const ids = clickIdOf(c);
    return ids ? [[...ids, ...tail(c, names)]] : [];
  });
  return `${GOOGLE_ZONE_LINE}\r\n${lines([GOOGLE_CLICK_HEADER.split(','), ...rows])}`;
}

/**
 * The file by hashed contact: the conversions whose lead arrived without any click id (a lead with one is in
 * the click file, not twice). A lead whose e-mail and phone both fail normalisation has no row.
 */
export function googleContactFile(conversions: readonly GoogleConversion[], names: GoogleConversionNames): string {
  const rows = conversions.flatMap((c) => {
    if (clickIdOf(c)) return [];
    const hashed = hashedContacts('google', c);
    if (!hashed.email && !hashed.phone) return [];
    return [[hashed.email ?? '', hashed.phone ?? '', ...tail(c, names)]];
  });
  return `${GOOGLE_ZONE_LINE}\r\n${lines([GOOGLE_CONTACT_HEADER.split(','), ...rows])}`;
}
