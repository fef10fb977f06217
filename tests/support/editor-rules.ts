// What the editor at /admin/ accepts for a field, from its generated configuration: Sveltia CMS 0.221's own
// validation rules, read from its bundle (node_modules/@sveltia/cms/dist/sveltia-cms.mjs, the functions that
// fill a field's `validity` before saving) and written out here so the parity test can ask thousands of
// questions without a browser. tests/browser/admin.test.ts checks the same rules in the real editor.
//
// - Every field but an object or a list: the value is trimmed; empty and required → refused (valueMissing);
//   empty and optional → accepted, whatever else is set. A `pattern` (`/source/`, read with Sveltia's own
//   `/^\/?(?<pattern>.+?)(?:\/(?<flags>[dgimsuy]*))?$/`, flags g and y dropped) must match the trimmed text.
// - string and text: `minlength`/`maxlength` count the trimmed text's characters (code points); `type: email`
//   needs what Chromium's <input type=email> accepts and a dot after the @; `type: url` an absolute URL.
// - markdown: required and pattern only (no lengths).
// - number: an integer when `value_type: int`; `min`/`max`.
// - select: one of `options` (the widget offers nothing else). boolean: true or false.
// - list: `min`/`max` items (none and required → refused), each item by its own field(s).
import type { CmsField } from '../../src/cms/fields';

const PATTERN = /^\/?(?<pattern>.+?)(?:\/(?<flags>[dgimsuy]*))?$/;

/** The regex Sveltia compiles from a field's pattern string. */
export function editorRegex(pattern: string): RegExp {
  const { pattern: source, flags } = PATTERN.exec(pattern)?.groups ?? {};
  return new RegExp(source, flags?.replace(/[gy]/g, ''));
}

/** The HTML standard's "valid e-mail address" (what <input type=email> checks, ASCII domains). */
const HTML_EMAIL = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

/** The reasons the editor refuses `value` for `field` (empty when it accepts it). */
export function editorProblems(field: CmsField, value: unknown, path = field.name): string[] {
  const required = field.required ?? true;
  if (field.widget === 'object') {
    if (value === undefined || value === null) return required ? [`${path}: obrigatório`] : [];
    if (typeof value !== 'object' || Array.isArray(value)) return [`${path}: not an object`];
    return (field.fields ?? []).flatMap((f) => editorProblems(f, (value as Record<string, unknown>)[f.name], `${path}.${f.name}`));
  }
  if (field.widget === 'list') {
    const items = value === undefined || value === null ? [] : value;
    if (!Array.isArray(items)) return [`${path}: not a list`];
    if (!items.length) return required ? [`${path}: obrigatório`] : [];
    const problems: string[] = [];
    if (field.min !== undefined && items.length < field.min) problems.push(`${path}: menos de ${field.min} itens`);
    if (field.max !== undefined && items.length > field.max) problems.push(`${path}: mais de ${field.max} itens`);
    items.forEach((item, i) => {
      const itemField: CmsField = field.field ?? { name: 'item', label: field.label, widget: 'object', fields: field.fields };
      problems.push(...editorProblems(itemField, item, `${path}.${i}`));
    });
    return problems;
  }
  const trimmed = typeof value === 'string' ? value.trim() : value;
  if (trimmed === undefined || trimmed === null || trimmed === '') return required ? [`${path}: obrigatório`] : [];
  const problems: string[] = [];
  if (field.pattern && !editorRegex(field.pattern[0]).test(String(trimmed))) problems.push(`${path}: ${field.pattern[1]}`);
  switch (field.widget) {
    case 'string':
    case 'text': {
      if (typeof value !== 'string') return [...problems, `${path}: not a text`];
      const count = [...(trimmed as string)].length;
      if (Number.isInteger(field.minlength) && count < field.minlength!) problems.push(`${path}: menos de ${field.minlength} caracteres`);
      if (Number.isInteger(field.maxlength) && count > field.maxlength!) problems.push(`${path}: mais de ${field.maxlength} caracteres`);
      if (field.widget === 'string' && field.type === 'email' && (!HTML_EMAIL.test(trimmed as string) || !(trimmed as string).split('@')[1]?.includes('.'))) {
        problems.push(`${path}: e-mail inválido`);
      }
      if (field.widget === 'string' && field.type === 'url' && !URL.canParse(trimmed as string)) problems.push(`${path}: URL inválida`);
      return problems;
    }
    case 'markdown':
      return typeof value === 'string' ? problems : [...problems, `${path}: not a text`];
    case 'number':
      if (typeof value !== 'number' || Number.isNaN(value)) return [...problems, `${path}: not a number`];
      if (field.value_type === 'int' && !Number.isInteger(value)) problems.push(`${path}: not an integer`);
      if (field.min !== undefined && value < field.min) problems.push(`${path}: < ${field.min}`);
      if (field.max !== undefined && value > field.max) problems.push(`${path}: > ${field.max}`);
      return problems;
    case 'select':
      return field.options?.includes(value as string) ? problems : [...problems, `${path}: fora das opções`];
    case 'boolean':
      return typeof value === 'boolean' ? problems : [...problems, `${path}: not a boolean`];
  }
  return [...problems, `${path}: widget ${field.widget} sem regra`];
}

export const editorAccepts = (field: CmsField, value: unknown) => editorProblems(field, value).length === 0;
