// Phone numbers. A Brazilian phone is an area code (DD) plus 8 digits (landline) or 9 digits (mobile),
// stored as its 10 or 11 digits. A number typed with a leading '+' and a country code other than 55 is
// international: stored in E.164 ('+351912345678': '+', country code, subscriber number, 8 to 15 digits in
// all, never starting with 0). '+55 …' is Brazilian and is stored, masked and checked as one.
//
// Hand-written, not libphonenumber-js (measured with esbuild, minified, gzip -9): this whole module is
// 0.7 KB and maskPhone alone 0.4 KB, in the wizard's first chunk (/orcamento is held to 80 KB and had about
// 1 KB left); libphonenumber-js 1.13 /min is 29 KB for validation alone and 35 KB with its as-you-type
// formatter, four to five times the wizard's whole lazy validation chunk (lead.ts, 7 KB). What is checked
// for abroad is therefore the E.164 shape, not each country's own numbering plan.

/**
 * Characters the phone field must accept: the longest display of maskPhone, '+1 234 567 890 123 45'
 * (a one-digit country code and 14 more digits in groups of three), 21 characters.
 */
export const PHONE_INPUT_MAX_LENGTH = 21;

const BRAZIL = '55';
/** E.164: at most 15 digits after the '+'; at least 8 (the shortest numbers in use, e.g. small islands). */
const E164_MIN_DIGITS = 8;
const E164_MAX_DIGITS = 15;
/**
 * The country code at the start of the digits after '+'. ITU-T E.164 country codes are prefix-free:
 * 1 and 7 have one digit, the ones listed here two, every other one three.
 */
const COUNTRY_CODE = /^(?:[17]|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58]|\d{3})/;

/** True when the visitor typed an international number: a '+' first (spaces before it do not count). */
export function isInternationalInput(input: string): boolean {
  return /^\s*\+/.test(String(input ?? ''));
}

/** The digits after the '+' of an international input, at most 15. */
function internationalDigits(input: string): string {
  return String(input ?? '').replace(/\D/g, '').slice(0, E164_MAX_DIGITS);
}

/** '+55 …' is a Brazilian number written with its country code. */
function isBrazilianWithCountryCode(input: string): boolean {
  return isInternationalInput(input) && internationalDigits(input).startsWith(BRAZIL);
}

/** Typed as a number from abroad: a leading '+' and a country code other than 55 (it gets the international rule and message). */
export function isForeignPhoneInput(input: string): boolean {
  return isInternationalInput(input) && !isBrazilianWithCountryCode(input);
}

/** Only the digits of a Brazilian number, at most 11 (area code + 9), without a leading +55. */
export function phoneDigits(input: string): string {
  const digits = String(input ?? '').replace(/\D/g, '');
  return (isBrazilianWithCountryCode(input) ? digits.slice(BRAZIL.length) : digits).slice(0, 11);
}

/** A Brazilian number: 10 or 11 digits once the mask (and a leading +55) is removed, not one digit repeated. */
export function isValidBrazilianPhone(input: string): boolean {
  const all = String(input ?? '').replace(/\D/g, '');
  const digits = isBrazilianWithCountryCode(input) ? all.slice(BRAZIL.length) : all;
  return (digits.length === 10 || digits.length === 11) && !/^(\d)\1+$/.test(digits);
}

/**
 * An international number other than Brazil: '+', a country code that does not start with 0, 8–15 digits
 * in all, the subscriber part not one digit repeated; spaces, dots, dashes and parentheses are allowed
 * between digits, nothing else.
 */
export function isValidInternationalPhone(input: string): boolean {
  const text = String(input ?? '').trim();
  if (!/^\+[\d\s().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, '');
  if (digits.length < E164_MIN_DIGITS || digits.length > E164_MAX_DIGITS || digits.startsWith('0') || digits.startsWith(BRAZIL)) return false;
  const code = COUNTRY_CODE.exec(digits)?.[0] ?? '';
  return !/^(\d)\1+$/.test(digits.slice(code.length));
}

/** Valid as typed: a Brazilian number (with or without +55), or an international one (see above). */
export function isValidPhone(input: string): boolean {
  if (isForeignPhoneInput(input)) return isValidInternationalPhone(input);
  return isValidBrazilianPhone(input);
}

/** The stored form of a valid phone: 10–11 digits for Brazil, E.164 ('+351912345678') for abroad. */
export function normalizePhone(input: string): string {
  if (isForeignPhoneInput(input)) return `+${internationalDigits(input)}`;
  return phoneDigits(input);
}

/**
 * Progressive mask. Brazilian: (DD) NNNN-NNNN for 10 digits, (DD) NNNNN-NNNN for 11, at most 15
 * characters, '+55 ' in front when it was typed. International: '+', the country code, then the rest in
 * groups of three from the left ('+351 912 345 678', '+1 415 555 267 1'): without each country's plan
 * this is the one grouping that never regroups digits already shown while the visitor types.
 * Also formats stored values (E.164 or digits) for e-mails and invites.
 */
export function maskPhone(input: string): string {
  if (isInternationalInput(input)) {
    const digits = internationalDigits(input);
    if (digits.startsWith(BRAZIL)) {
      const national = maskBrazilian(digits.slice(BRAZIL.length));
      return national ? `+${BRAZIL} ${national}` : `+${digits}`;
    }
    const code = COUNTRY_CODE.exec(digits)?.[0] ?? digits;
    return ['+' + code, ...(digits.slice(code.length).match(/\d{1,3}/g) ?? [])].join(' ');
  }
  return maskBrazilian(phoneDigits(input));
}

function maskBrazilian(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  const split = d.length === 11 ? 5 : 4;
  if (rest.length <= split) return area + rest;
  return `${area}${rest.slice(0, split)}-${rest.slice(split)}`;
}

/**
 * A searched phone in the form it is stored: the national digits of a Brazilian number typed with its
 * country code ('+55 11 98765-4321', '55 11 98765-4321', '5511987654321'); null when the text is not
 * one. Without a '+', only 12 or 13 digits starting with 55 are read so: a number with its area code has
 * 10 or 11 (and 55 is an area code too).
 */
export function phoneSearchDigits(input: string): string | null {
  const digits = String(input ?? '').replace(/\D/g, '');
  if (!digits.startsWith(BRAZIL)) return null;
  const national = digits.slice(BRAZIL.length);
  if (isInternationalInput(input) ? national.length >= 3 : digits.length === 12 || digits.length === 13) return national;
  return null;
}

/**
 * A Brazilian mobile as WhatsApp's E.164 digits ('5511987654321': 55, the area code, 9 and 8 digits, no
 * '+'), from what was typed or stored; null for a landline (WhatsApp cannot reach it) or a number abroad.
 */
export function whatsappNumber(input: string): string | null {
  if (isForeignPhoneInput(input) || !isValidBrazilianPhone(input)) return null;
  const digits = phoneDigits(input);
  return /^[1-9]{2}9\d{8}$/.test(digits) ? `${BRAZIL}${digits}` : null;
}
