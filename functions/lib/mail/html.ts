// HTML for e-mail, escaped by default: `html` is a tagged template that escapes every interpolated value
// unless it is already Html (a fragment built by `html` itself), so user data (names, company, the
// "Outro" segment) can never become markup. Hand-written on purpose: the escaping is one regex over the
// five characters HTML gives meaning to (&, <, >, ", '), and the escape-by-default tag is what keeps a
// forgotten escape from being possible; no small package offers the tag (escape-html, html-escaper only
// escape a string), and a new dependency would touch the lockfile four branches share.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/** Markup that is safe to insert as is (built by `html`, or a constant of this module). */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

function piece(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(piece).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** Tagged template: literal parts are markup, every `${value}` is escaped (arrays joined, null/false dropped). */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0];
  values.forEach((value, i) => {
    out += piece(value) + strings[i + 1];
  });
  return new Html(out);
}

/**
 * Only http(s) addresses become links (they are built from SITE_URL and validated room URLs; this keeps
 * a javascript: or data: address out even if a caller slips). Anything else is shown as text, so a
 * misconfigured SITE_URL costs a link, never a booking.
 */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\/[^\s"<>]+$/i.test(url);
}
