// Money as the team reads and types it: integer cents everywhere (an amount of reais in a float would
// round 0,10 + 0,20), shown in pt-BR reais, typed the way a Brazilian writes a value.

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** "R$ 12.345,67" (Intl puts a no-break space after R$, so the amount never wraps away from it). */
export function formatBrl(cents: number): string {
  return brl.format(cents / 100);
}

export type BrlReading = { cents: number } | { problem: 'empty' | 'unreadable' | 'negative' | 'precision' | 'too_large' };

/** More integer digits than any amount this site takes: refused before any arithmetic, which stays exact. */
const MAX_INTEGER_DIGITS = 13;
const PLAIN = /^\d+(?:,\d+)?$/;
const GROUPED = /^\d{1,3}(?:\.\d{3})+(?:,\d+)?$/;

/**
 * A value in reais as typed in Brazil: "12.345,67", "12345,67", "12345", "R$ 1.000" → cents. The comma is
 * the decimal separator and dots only group thousands (so "12.5" is refused rather than read as 12,50 or
 * 125); more than 2 decimals, a minus sign and anything over `max` cents are refused, never rounded.
 */
export function parseBrlCents(text: string, max: number): BrlReading {
  const s = text.replace(/^\s*R\$/u, '').replace(/[\s\u00A0\u202F]/gu, '');
  if (s === '') return { problem: 'empty' };
  if (s.startsWith('-')) return { problem: 'negative' };
  if (s.length > 40 || !(PLAIN.test(s) || GROUPED.test(s))) return { problem: 'unreadable' };
  const [integer, fraction = ''] = s.replace(/\./g, '').split(',');
  if (fraction.length > 2) return { problem: 'precision' };
  const digits = integer.replace(/^0+(?=\d)/u, '');
  if (digits.length > MAX_INTEGER_DIGITS) return { problem: 'too_large' };
  const cents = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  return cents > max ? { problem: 'too_large' } : { cents };
}

/** The cents as the field shows them for editing again: "12.345,67" (no "R$", which the label says). */
export function centsToInput(cents: number): string {
  return (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
