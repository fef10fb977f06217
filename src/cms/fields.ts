import { z } from 'astro/zod';
import { placeholderHint, placeholderMessage, placeholderRuleOf } from '../schemas/placeholders';

// Sveltia CMS fields from the content schemas: the editor at /admin/ knows exactly what `astro build`
// accepts. Required ↔ required, min/max length ↔ minlength/maxlength, enums ↔ select options, list
// lengths ↔ list min/max, optional objects ↔ `required: false`, defaults, integers, and every regex
// (placeholders, site paths, https addresses) ↔ `pattern` with its pt-BR message. Labels and hints are
// the schemas' `.meta({ title, description })`. A schema part with no editor equivalent (a refine) throws,
// so a rule can never be enforced by the build and silently skipped by the editor.

export interface CmsField {
  name: string;
  label: string;
  widget: 'string' | 'text' | 'markdown' | 'number' | 'boolean' | 'select' | 'object' | 'list';
  required?: boolean;
  hint?: string;
  default?: unknown;
  type?: 'email' | 'url';
  minlength?: number;
  maxlength?: number;
  pattern?: [string, string];
  options?: string[];
  value_type?: 'int';
  min?: number;
  max?: number;
  fields?: CmsField[];
  field?: CmsField;
}

type Def = { type: string; checks?: Array<{ _zod: { def: CheckDef } }>; [key: string]: unknown };
type CheckDef = { check: string; [key: string]: unknown };

export const defOf = (schema: z.ZodType) => schema._zod.def as unknown as Def;
const checksOf = (schema: z.ZodType) => (defOf(schema).checks ?? []).map((c) => c._zod.def);
const metaOf = (schema: z.ZodType) => (z.globalRegistry.get(schema) ?? {}) as { title?: string; description?: string };

/**
 * Texts that read better in a box of several lines. Not a field named `text`: Sveltia CMS 0.221 renders an empty
 * editor for a `text` widget named `text` (seen on not-found.yaml; tests/browser/admin.test.ts opens every file).
 */
const MULTILINE = new Set(['description', 'answer', 'intro', 'about']);

const escapeRegex = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `^https?$` (zod's protocol rule) → `https?`. */
const protocolOf = (def: Record<string, unknown>) => (def.protocol instanceof RegExp ? def.protocol.source.replace(/^\^|\$$/g, '') : 'https?');

/** One alternative of a link field as a regex without anchors, with the words that explain it. */
function alternative(schema: z.ZodType): { source: string; words: string } {
  const def = defOf(schema);
  if (def.type === 'literal') {
    const values = def.values as unknown[];
    return { source: values.map((v) => escapeRegex(String(v))).join('|'), words: values.map((v) => `"${v}"`).join(' ou ') };
  }
  if (def.type === 'string' && def.format === 'url') {
    const protocol = protocolOf(def);
    return { source: `${protocol}://[^\\s/]+\\S*`, words: protocol === 'https' ? 'um endereço https://…' : 'um endereço http(s)://…' };
  }
  if (def.type === 'string') {
    // A trim (overwrite) only tidies the text: the editor checks the trimmed text too.
    const checks = checksOf(schema).filter((c) => c.check !== 'overwrite');
    const regexes = checks.filter((c) => c.check === 'string_format' && c.format === 'regex');
    if (regexes.length === 1 && checks.length === 1) {
      const source = (regexes[0].pattern as RegExp).source.replace(/^\^|\$$/g, '');
      return { source, words: /^\\?\//.test(source) ? 'um caminho que começa com /' : /^\w+$/.test(source) ? `"${source}"` : `o formato ${source}` };
    }
  }
  if (def.type === 'union') {
    const parts = (def.options as z.ZodType[]).map(alternative);
    return { source: parts.map((p) => p.source).join('|'), words: parts.map((p) => p.words).join(', ') };
  }
  throw new Error(`cms: alternativa de link sem equivalente no editor (${def.type})`);
}

/** The min and max length (of a text or a list) that zod's length checks set. */
function lengthBounds(schema: z.ZodType): { min?: number; max?: number } {
  const bounds: { min?: number; max?: number } = {};
  for (const check of checksOf(schema)) {
    if (check.check === 'min_length') bounds.min = check.minimum as number;
    else if (check.check === 'max_length') bounds.max = check.maximum as number;
    else if (check.check === 'length_equals') bounds.min = bounds.max = check.length as number;
  }
  return bounds;
}

/**
 * Sveltia CMS reads a pattern string as `/source/flags`, the slashes optional: a source ending in `/x` would
 * lose it as flags. Written between slashes (no flags), every source reads back whole.
 */
const asLiteral = ([source, message]: [string, string]): [string, string] => [`/${source}/`, message];

/** The whole-value pattern of a link field (its alternatives) and the words that explain it. */
function linkPattern(schema: z.ZodType): [string, string] {
  const { source, words } = alternative(schema);
  return [`^(?:${source})$`, `Use ${words}.`];
}

/** A string field's constraints, from its zod checks. */
function stringField(schema: z.ZodType, field: CmsField): CmsField {
  const def = defOf(schema);
  const patterns: Array<[string, string]> = [];
  if (def.format === 'email') {
    field.type = 'email';
    patterns.push([(def.pattern as RegExp).source, 'Use um e-mail completo, como nome@empresa.com.br.']);
  }
  if (def.format === 'url') {
    field.type = 'url';
    patterns.push(linkPattern(schema));
  }
  const { min, max } = lengthBounds(schema);
  if (min !== undefined) field.minlength = min;
  if (max !== undefined) field.maxlength = max;
  for (const check of checksOf(schema)) {
    if (['min_length', 'max_length', 'length_equals', 'overwrite'].includes(check.check)) continue;
    if (check.check === 'string_format' && check.format === 'starts_with') {
      patterns.push([(check.pattern as RegExp).source, `Comece com ${String(check.prefix)}`]);
    } else if (check.check === 'string_format' && check.format === 'regex') {
      const pattern = check.pattern as RegExp;
      // zod's own e-mail pattern (trimmed first, unlike z.email()): the phone shows its e-mail keyboard.
      if (pattern === z.regexes.email) field.type = 'email';
      const rule = placeholderRuleOf(pattern);
      const message = rule ? placeholderMessage(rule) : String((check.error as (() => string) | undefined)?.() ?? 'Formato inválido.');
      patterns.push([pattern.source, message]);
      const hint = rule && placeholderHint(rule);
      if (hint) field.hint = [field.hint, hint].filter(Boolean).join(' ');
    } else {
      throw new Error(`cms: regra de texto sem equivalente no editor (${check.check}${check.format ? `:${String(check.format)}` : ''})`);
    }
  }
  // A required text needs one character in the editor as in zod: no need to repeat `minlength: 1`.
  if (field.minlength === 1 && field.maxlength === undefined) delete field.minlength;
  if (patterns.length > 1) throw new Error(`cms: ${field.name} tem ${patterns.length} padrões; o editor aceita um`);
  if (patterns.length) field.pattern = asLiteral(patterns[0]);
  return field;
}

/** The editor field for `schema` under the key `name`. */
export function toField(name: string, schema: z.ZodType, item = false): CmsField {
  let inner = schema;
  let required = true;
  let fallback: unknown;
  for (;;) {
    const def = defOf(inner);
    if (def.type === 'optional') required = false;
    else if (def.type === 'default') {
      required = false;
      fallback = def.defaultValue;
    } else break;
    inner = def.innerType as z.ZodType;
  }
  const meta = { ...metaOf(inner), ...metaOf(schema) };
  // An object in a list shows only its fields: the list's label names it.
  if (!meta.title && !(item && defOf(inner).type === 'object')) throw new Error(`cms: o campo ${name} não tem rótulo (.meta({ title }) no schema)`);
  const field: CmsField = { name, label: meta.title ?? name, widget: 'string' };
  if (!required) field.required = false;
  if (meta.description) field.hint = meta.description;
  if (fallback !== undefined) field.default = fallback;
  const def = defOf(inner);
  switch (def.type) {
    case 'string':
      if (MULTILINE.has(name)) field.widget = 'text';
      return stringField(inner, field);
    case 'union':
      return { ...field, pattern: asLiteral(linkPattern(inner)) };
    case 'enum':
      return { ...field, widget: 'select', options: Object.values(def.entries as Record<string, string>) };
    case 'number':
      field.widget = 'number';
      if (checksOf(inner).some((c) => c.check === 'number_format' && /int/.test(String(c.format)))) field.value_type = 'int';
      return field;
    case 'boolean':
      return { ...field, widget: 'boolean' };
    case 'object':
      return { ...field, widget: 'object', fields: objectFields(inner) };
    case 'array':
    case 'tuple': {
      const items = def.type === 'array' ? [def.element as z.ZodType] : (def.items as z.ZodType[]);
      const [first, ...rest] = items.map((element) => toField('item', element, true));
      // A tuple of equal shapes is a list of fixed length; different shapes have no editor equivalent.
      const shape = (f: CmsField) => JSON.stringify({ ...f, label: undefined });
      if (rest.some((f) => shape(f) !== shape(first))) throw new Error(`cms: ${name} mistura formatos diferentes`);
      const list: CmsField = { ...field, widget: 'list' };
      if (first.widget === 'object') list.fields = first.fields;
      else list.field = first;
      const { min, max } = def.type === 'tuple' ? { min: items.length, max: items.length } : lengthBounds(inner);
      if (min !== undefined) list.min = min;
      if (max !== undefined) list.max = max;
      return list;
    }
    default:
      throw new Error(`cms: o campo ${name} (${def.type}) não tem equivalente no editor`);
  }
}

/** The fields of an object schema, in the schema's order (the order the editor writes the file in). */
export function objectFields(schema: z.ZodType): CmsField[] {
  const shape = defOf(schema).shape as Record<string, z.ZodType>;
  return Object.entries(shape).map(([key, value]) => toField(key, value));
}
