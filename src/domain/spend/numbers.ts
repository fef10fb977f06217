// Money and day cells of the ad platforms' CSV exports, read without guessing. The language of the file's
// headers (pt-BR "Custo", en-US "Cost") says which separator is the decimal one when a cell alone cannot;
// what neither the cell nor the file can settle is refused, never rounded or assumed.
import { isIsoDate } from '../scheduling/time';

/** The language of a file's headers: it decides what `1.234` and `03/11/2026` mean. */
export type HeaderLanguage = 'pt' | 'en';

export type AmountReading =
  | { cents: number }
  /** 'unreadable': not a number; 'precision': more than 2 decimals (no exact cents); 'ambiguous': `1,234` in pt-BR / `1.234` in en-US. */
  | { problem: 'unreadable' | 'precision' | 'ambiguous' };

const DIGITS = /^\d+$/;

/**
 * An amount cell in integer cents. Accepts `1.234,56`, `1,234.56`, `1234.56`, `1234,56`, `1234`, an optional
 * leading `R$` and a minus sign (negative amounts come back negative: the caller refuses them with the row).
 * Empty and `--` (Google's "no data") read as 0: the caller only gets here for a row whose campaign and day
 * are valid, so a blank spend is a day without spend, not a broken row.
 * A single separator followed by exactly 3 digits is the one shape two languages read differently: the
 * header language decides (`1.234` is 1234 reais in pt-BR, `1,234` in en-US); read the other way it would
 * be 3 decimals, which no BRL amount has, so it is refused as ambiguous instead of rounded.
 */
export function readAmountCents(raw: string, lang: HeaderLanguage): AmountReading {
  let s = raw.replace(/^\s*R\$/u, '').replace(/\s/gu, '');
  if (s === '' || s === '--') return { cents: 0 };
  let sign = 1;
  if (s.startsWith('-')) {
    sign = -1;
    s = s.slice(1);
  }
  if (!/^\d[\d.,]*$/u.test(s)) return { problem: 'unreadable' };
  const split = splitNumber(s, lang);
  if ('problem' in split) return split;
  const { integer, fraction } = split;
  // A separator must have digits on both sides (`12,` and `1.234,` are not amounts).
  if (!DIGITS.test(integer) || (fraction !== '' && !DIGITS.test(fraction)) || /[.,]$/u.test(s)) return { problem: 'unreadable' };
  if (fraction.length > 2) return { problem: 'precision' };
  // Exact up to 15 integer digits, far beyond any real spend; longer ones come back as large inexact numbers
  // that the caller's absurd-spend bound refuses.
  const cents = Number(integer) * 100 + Number(fraction.padEnd(2, '0'));
  return { cents: sign * cents || 0 };
}

/** Integer digits and fraction digits of an unsigned number, its separators resolved. */
function splitNumber(s: string, lang: HeaderLanguage): { integer: string; fraction: string } | { problem: 'unreadable' | 'precision' | 'ambiguous' } {
  const dots = s.split('.').length - 1;
  const commas = s.split(',').length - 1;
  if (dots === 0 && commas === 0) return { integer: s, fraction: '' };
  if (dots > 0 && commas > 0) {
    // Both present: the last one is the decimal separator, the other groups thousands.
    const decimal = s.lastIndexOf('.') > s.lastIndexOf(',') ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    if ((decimal === '.' ? dots : commas) !== 1) return { problem: 'unreadable' };
    const [integer, fraction] = s.split(decimal);
    return grouped(integer, group) ? { integer: integer.split(group).join(''), fraction } : { problem: 'unreadable' };
  }
  const sep = dots > 0 ? '.' : ',';
  const parts = s.split(sep);
  // The same separator twice or more can only group thousands (`1.234.567`).
  if (parts.length > 2) return grouped(s, sep) ? { integer: parts.join(''), fraction: '' } : { problem: 'unreadable' };
  const [integer, fraction] = parts;
  if (fraction.length !== 3) return { integer, fraction };
  const asGroup = grouped(s, sep);
  if (asGroup && sep === (lang === 'pt' ? '.' : ',')) return { integer: integer + fraction, fraction: '' };
  // Grouping in the other language, 3 decimals in this one: ambiguous. Not grouping at all: 3 decimals.
  return { problem: asGroup ? 'ambiguous' : 'precision' };
}

/** `1.234.567` style: 1–3 leading digits (not a lone 0: `0,001` groups nothing), then groups of exactly 3. */
function grouped(s: string, sep: string): boolean {
  const parts = s.split(sep);
  return /^[1-9]\d{0,2}$/u.test(parts[0]) && parts.slice(1).every((p) => /^\d{3}$/u.test(p));
}

// Month names of both languages in one table: no abbreviation means one month in one language and another
// in the other (mar, set/sep, out/oct…), so a textual month is never ambiguous.
const MONTHS: Record<string, number> = {};
[
  ['jan', 'janeiro', 'january'], ['fev', 'feb', 'fevereiro', 'february'], ['mar', 'marco', 'march'],
  ['abr', 'apr', 'abril', 'april'], ['mai', 'may', 'maio'], ['jun', 'junho', 'june'], ['jul', 'julho', 'july'],
  ['ago', 'aug', 'agosto', 'august'], ['set', 'sep', 'sept', 'setembro', 'september'],
  ['out', 'oct', 'outubro', 'october'], ['nov', 'novembro', 'november'], ['dez', 'dec', 'dezembro', 'december'],
].forEach((names, i) => names.forEach((n) => (MONTHS[n] = i + 1)));

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const monthOf = (name: string) => MONTHS[name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()];

/** Day before month (pt-BR, en-GB) or month before day (en-US), for `dd/mm/yyyy`-shaped cells. */
export type SlashOrder = 'dmy' | 'mdy';
const SLASH = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/u;

/**
 * A day cell as 'YYYY-MM-DD', or null when it is not one real calendar day. Reads `2026-11-03`, `03/11/2026`
 * (in the given slash order), `3 de nov. de 2026`, `3 de novembro de 2026`, `Nov 3, 2026`, `November 3, 2026`
 * and `3 Nov 2026`. Two-digit years are refused: `03/11/26` could be any century to a parser.
 */
export function readDay(raw: string, order: SlashOrder | null): string | null {
  const s = raw.trim().replace(/\s+/gu, ' ');
  let y: number, m: number | undefined, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})-(\d{2})-(\d{2})$/u.exec(s))) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = SLASH.exec(s))) {
    if (!order) return null;
    const [a, b] = [Number(match[1]), Number(match[2])];
    [y, m, d] = order === 'dmy' ? [Number(match[3]), b, a] : [Number(match[3]), a, b];
  } else if ((match = /^(\d{1,2}) de (\p{L}+)\.? de (\d{4})$/iu.exec(s)) || (match = /^(\d{1,2}) (\p{L}+)\.? (\d{4})$/iu.exec(s))) {
    [y, m, d] = [Number(match[3]), monthOf(match[2]), Number(match[1])];
  } else if ((match = /^(\p{L}+)\.? (\d{1,2}), (\d{4})$/iu.exec(s))) {
    [y, m, d] = [Number(match[3]), monthOf(match[1]), Number(match[2])];
  } else return null;
  if (m === undefined) return null;
  const iso = isoOf(y, m, d);
  return isIsoDate(iso) ? iso : null;
}

/**
 * Which way a file writes `dd/mm/yyyy`-shaped days. pt-BR always puts the day first. An English export may
 * come from a US (month first) or a UK (day first) account with the same headers, so the file's own days
 * must say: a first number above 12 proves day-first, a second above 12 proves month-first. `undecided`
 * (no day proves either) and `conflict` (both are proven) carry the index of the cell to blame.
 */
export function slashOrderOf(cells: string[], lang: HeaderLanguage): { order: SlashOrder | null } | { undecided: number } | { conflict: number } {
  if (lang === 'pt') return { order: 'dmy' };
  let order: SlashOrder | null = null;
  let first = -1;
  for (let i = 0; i < cells.length; i++) {
    const match = SLASH.exec(cells[i].trim());
    if (!match) continue;
    if (first < 0) first = i;
    const [a, b] = [Number(match[1]), Number(match[2])];
    const proven: SlashOrder | null = a > 12 && b <= 12 ? 'dmy' : b > 12 && a <= 12 ? 'mdy' : null;
    if (proven && order && proven !== order) return { conflict: i };
    order ??= proven;
  }
  if (first >= 0 && !order) return { undecided: first };
  return { order };
}

/** The same calendar day `years` later (or earlier); 29 February goes to 1 March when the year has none. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y + years, m - 1, d)).toISOString().slice(0, 10);
}
