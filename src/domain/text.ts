// Hygiene of one-line text fields (names, company, segment), the same in the browser and on the server.
// Rules: Unicode NFC; any run of whitespace (newlines and tabs included) becomes one space, ends trimmed;
// no control character (NUL, C0, DEL, C1) and no lone surrogate survives; at least 2 visible characters,
// where zero-width, default-ignorable, combining-only and blank-looking characters do not count.

/** Control characters (Cc) and lone surrogates (Cs: with the u flag a valid pair is one astral code point). */
const FORBIDDEN = /[\p{Cc}\p{Cs}]/u;
/** Characters that take no visible place of their own: whitespace, format (zero-width, bidi), combining marks, default-ignorable (Hangul fillers…) and the blank Braille pattern. */
const INVISIBLE = /[\s\p{Cf}\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** NFC, whitespace runs (newlines, tabs) collapsed to one space, ends trimmed. Never throws. */
export function cleanLine(input: string): string {
  return input.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** False when the text holds a control character or a lone surrogate (the database and mail cannot carry them). */
export function hasOnlyPrintable(input: string): boolean {
  return !FORBIDDEN.test(input);
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
