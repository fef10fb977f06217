// Hygiene of one-line text fields (names, company, segment), the same in the browser and on the server.
// Rules: Unicode NFC; any run of whitespace (newlines and tabs included) becomes one space, ends trimmed;
// no control character (NUL, C0, DEL, C1) and no lone surrogate survives; at least 2 visible characters,
// where zero-width, default-ignorable, combining-only and blank-looking characters do not count.

/** Control characters (Cc) and lone surrogates (Cs: with the u flag a valid pair is one astral code point). */
const FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
/** Characters that take no visible place of their own: whitespace, format (zero-width, bidi), combining marks, default-ignorable (Hangul fillers…) and the blank Braille pattern. */
const INVISIBLE = /[\s\p{Cf}\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}\u2800]/u;

/**
 * Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069): typed into a name, a company, a
 * UTM value or a note they reorder whatever follows them where the text is shown (a painel row read
 * "…azuoS exe.jpg", a mail subject showed the meeting at 03:21). Removed from every field; the letters
 * themselves stay, and right-to-left scripts still read right to left without them.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;
export const stripBidiControls = (input: string) => input.replace(BIDI_CONTROLS, '');

/** NFC, bidi controls removed, whitespace runs (newlines, tabs) collapsed to one space, ends trimmed. Never throws. */
export function cleanLine(input: string): string {
  return stripBidiControls(input.normalize('NFC')).replace(/\s+/gu, ' ').trim();
}

/** False when the text holds a control character or a lone surrogate (the database and mail cannot carry them). */
export function hasOnlyPrintable(input: string): boolean {
  return !FORBIDDEN.test(input);
}

/** NUL and lone surrogates: no PostgreSQL text or jsonb value, and no mail, can carry them. */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** True when every string in a parsed JSON value (keys included) can be stored and mailed. */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return !UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (value && typeof value === 'object') return Object.entries(value).every(([k, v]) => !UNSTORABLE.test(k) && isStorableJson(v));
  return true;
}

/** A multi-line free text (a cancel reason, a note): NFC, line ends as \n, control characters but \n and tabs and bidi controls removed, ends trimmed. */
export function cleanParagraph(input: string): string {
  return input.normalize('NFC').replace(/\r\n?/g, '\n').replace(/[^\P{Cc}\n\t]/gu, '').replace(BIDI_CONTROLS, '').trim();
}

/** Code points that show something on screen. */
export function visibleLength(input: string): number {
  let n = 0;
  for (const ch of input) if (!INVISIBLE.test(ch)) n++;
  return n;
}

/** Maximum lengths (UTF-16 units, as the inputs' maxlength counts them) of the lead's free-text fields. */
export const textLimits = { nomeCompleto: 120, nomeEmpresa: 160, email: 254, outroSegmento: 120 } as const;

/** Fewest visible characters a free-text field accepts. */
export const MIN_VISIBLE = 2;

/** How the site greets a person or names a consultant: the first word of the name ("Ana Souza" → "Ana"). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * The first name a mail to an unverified address may greet: letters only, 2 to 20 of them, else null
 * (the greeting then names nobody). A typed name is the only text of a stranger's choosing such a mail
 * would carry: a URL, digits or a formula never travel from the mentor's domain.
 */
export function greetingName(name: string): string | null {
  const first = firstName(name);
  return /^\p{L}{2,20}$/u.test(first) ? first : null;
}
