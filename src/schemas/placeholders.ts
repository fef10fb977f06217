import { z } from 'astro/zod';

// `{name}` in a content text is a placeholder, filled in when the page is built (the site's claims) or in
// the browser (a step number, a date…). Each text field says which names it takes and which it must keep;
// any other `{name}` is refused by the build (zod) and by the editor at /admin/, which gets the very same
// pattern in its generated configuration (src/cms/fields.ts).

/** The placeholder syntax: letters between braces. Other braces are ordinary text. */
export const PLACEHOLDER = /\{([A-Za-z]+)\}/g;

export interface PlaceholderRule {
  /** The names the field takes. */
  names: readonly string[];
  /** The names the field must keep. */
  required: readonly string[];
}

/** Each pattern's rule, keyed by the pattern itself (zod copies checks by reference when a schema is extended). */
const rules = new WeakMap<RegExp, PlaceholderRule>();

/** A pattern matching a text that has every `required` placeholder and no `{name}` outside `names`. */
export function placeholderPattern(names: readonly string[], required: readonly string[] = []): RegExp {
  // Plain JavaScript syntax without flags, as Sveltia CMS compiles it: [\s\S] is "any character".
  const known = names.length ? `(?!(?:${names.join('|')})\\})` : '';
  const musts = required.map((n) => `(?=[\\s\\S]*\\{${n}\\})`).join('');
  const pattern = new RegExp(`^${musts}(?![\\s\\S]*\\{${known}[A-Za-z]+\\})[\\s\\S]*$`);
  rules.set(pattern, { names, required });
  return pattern;
}

/** The rule behind a pattern made by placeholderPattern; undefined for any other pattern. */
export const placeholderRuleOf = (pattern: RegExp) => rules.get(pattern);

const list = (names: readonly string[]) => names.map((n) => `{${n}}`).join(', ');

/** The pt-BR message when a text breaks its rule; given the text, it first names what is wrong in it (for the build's error). */
export function placeholderMessage({ names, required }: PlaceholderRule, text?: string) {
  const rule = names.length
    ? `${required.length ? `Mantenha ${list(required)}. ` : ''}Use só estes marcadores: ${list(names)}.`
    : 'Este campo não aceita marcadores entre chaves, como {exemplo}.';
  if (text === undefined) return rule;
  const unknown = [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]).filter((n) => !names.includes(n)))];
  const missing = required.filter((n) => !text.includes(`{${n}}`));
  const wrong = [unknown.length ? `${list(unknown)} não existe aqui.` : '', missing.length ? `Falta ${list(missing)}.` : ''].filter(Boolean).join(' ');
  return `${wrong} ${rule}`.trim();
}

/** The editor's hint for a field's placeholders: the names, or where the long list of the site's numbers is. */
export function placeholderHint({ names }: PlaceholderRule) {
  if (!names.length) return undefined;
  if (names.length <= 4) return `Marcadores: ${list(names)}.`;
  return `Aceita os números do site, como {${names[0]}}: cada um mostra seu marcador em Identidade do site → Números do site.`;
}

/** `base` that takes only the placeholders `names` and must keep those in `required`. */
export const withPlaceholders = <T extends z.ZodString>(base: T, names: readonly string[], required: readonly string[] = []) =>
  base.regex(placeholderPattern(names, required), {
    error: (issue) => placeholderMessage({ names, required }, typeof issue.input === 'string' ? issue.input : undefined),
  });
