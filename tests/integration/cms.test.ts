// The editor at /admin/: its configuration is the schemas' (drift and constraint coverage), the content files are
// as the editor writes them (round trip), placeholders are refused alike by the build and the editor, and the
// build serves the editor without a CDN.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { cmsConfig, cmsConfigYaml, FILES, FOLDERS } from '../../src/cms/config';
import type { CmsField } from '../../src/cms/fields';
import { contentFiles, editorText, parseContent } from '../../src/cms/files';
import { editorYaml } from '../../src/cms/yaml';
import { CLAIM_KEYS } from '../../src/schemas/shared';
import { homeSchema } from '../../src/schemas/pages';
import { reuniaoSchema } from '../../src/schemas/reuniao';
import { orcamentoSchema } from '../../src/schemas/orcamento';
import { adaptBundle, githubRepository, selfHostFonts, selfHostLocales, sveltiaBundle, VERSION_FILE } from '../../scripts/build/cms-admin.mjs';
import { projectRoot } from '../support/project';

type Json = { type?: string; properties?: Record<string, Json>; required?: string[]; items?: Json; prefixItems?: Json[]; enum?: string[];
  minLength?: number; maxLength?: number; minItems?: number; maxItems?: number; pattern?: string; anyOf?: Json[]; default?: unknown };

/** Sveltia's pattern string `/source/` → source. */
const sourceOf = (field: CmsField) => field.pattern?.[0].replace(/^\/|\/$/g, '');
const regexOf = (field: CmsField) => new RegExp(sourceOf(field) ?? '');

const schemas = [...FILES.map((f) => ({ name: f.name, schema: f.schema as z.ZodType })), ...FOLDERS.map((f) => ({ name: f.name, schema: f.schema as z.ZodType }))];
const fieldsOf = (name: string): CmsField[] => {
  const collections = cmsConfig().collections as Array<{ name: string; files?: Array<{ name: string; fields: CmsField[] }>; fields?: CmsField[] }>;
  const file = collections[0].files?.find((f) => f.name === name);
  return (file ?? collections.find((c) => c.name === name))!.fields!;
};
const fieldAt = (fields: CmsField[], path: string[]): CmsField => {
  const [head, ...rest] = path;
  const field = fields.find((f) => f.name === head);
  if (!field) throw new Error(`no editor field ${head}`);
  if (!rest.length) return field;
  if (rest[0] === '[]') return rest.length === 1 ? (field.field ?? field) : fieldAt(field.fields ?? [], rest.slice(1));
  return fieldAt(field.fields ?? [], rest);
};

/**
 * Walks zod's own JSON Schema of a content schema (an independent reading of the same rules) and checks that the
 * editor field at each path carries the same constraints. Returns the paths it checked.
 */
function compare(json: Json, fields: CmsField[], path: string[], required: boolean, problems: string[], seen: string[]) {
  const where = path.join('.');
  const field = path.length ? fieldAt(fields, path) : undefined;
  seen.push(where);
  if (field) {
    if ((field.required ?? true) !== required) problems.push(`${where}: required ${String(field.required ?? true)} ≠ ${String(required)}`);
  }
  if (json.type === 'object' && json.properties) {
    for (const [key, child] of Object.entries(json.properties)) {
      compare(child, fields, [...path, key], (json.required ?? []).includes(key) && child.default === undefined, problems, seen);
    }
    return;
  }
  if (!field) return;
  if (json.type === 'array') {
    const min = json.minItems ?? (json.prefixItems ? json.prefixItems.length : undefined);
    const max = json.maxItems ?? (json.prefixItems ? json.prefixItems.length : undefined);
    if (field.widget !== 'list' || field.min !== min || field.max !== max) problems.push(`${where}: list ${field.min}..${field.max} ≠ ${min}..${max}`);
    const item = json.items ?? json.prefixItems?.[0];
    if (item) compare(item, fields, [...path, '[]'], true, problems, seen);
    return;
  }
  if (json.enum && JSON.stringify(field.options) !== JSON.stringify(json.enum)) problems.push(`${where}: options ${String(field.options)} ≠ ${String(json.enum)}`);
  if (json.type === 'integer' && field.value_type !== 'int') problems.push(`${where}: not an integer field`);
  if (json.type === 'boolean' && (field.widget !== 'boolean' || field.default !== json.default)) problems.push(`${where}: boolean default ${String(field.default)} ≠ ${String(json.default)}`);
  if (json.type === 'string') {
    const min = json.minLength && json.minLength > 1 ? json.minLength : json.minLength === 1 && json.maxLength !== undefined ? 1 : undefined;
    if (field.minlength !== min) problems.push(`${where}: minlength ${field.minlength} ≠ ${min}`);
    if (field.maxlength !== json.maxLength) problems.push(`${where}: maxlength ${field.maxlength} ≠ ${json.maxLength}`);
    if (json.pattern && sourceOf(field) !== json.pattern) problems.push(`${where}: pattern ${sourceOf(field)} ≠ ${json.pattern}`);
  }
  if (json.anyOf && !field.pattern) problems.push(`${where}: a choice of formats without a pattern`);
}

describe('the editor configuration (public/admin/config.yml)', () => {
  it('is what the schemas generate today (run `npm run cms -- config` after changing a schema)', async () => {
    expect(await readFile(join(projectRoot, 'public/admin/config.yml'), 'utf8')).toBe(cmsConfigYaml());
  });

  it('has, for every schema field, an editor field with the same required, lengths, options, list sizes, patterns and defaults', () => {
    for (const { name, schema } of schemas) {
      const problems: string[] = [];
      const seen: string[] = [];
      compare(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json, fieldsOf(name), [], true, problems, seen);
      expect(problems, name).toEqual([]);
      expect(seen.length, name).toBeGreaterThan(5);
    }
  });

  it('labels every field in Portuguese (a schema field without a label does not generate)', () => {
    const unlabeled: string[] = [];
    const visit = (fields: CmsField[], path: string) => {
      for (const f of fields) {
        if (!f.label || f.label === f.name) unlabeled.push(`${path}${f.name}`);
        visit(f.fields ?? [], `${path}${f.name}.`);
      }
    };
    for (const { name } of schemas) visit(fieldsOf(name), `${name}:`);
    expect(unlabeled).toEqual([]);
  });

  it('service pages and legal texts can be edited but never created or deleted', () => {
    const collections = cmsConfig().collections as Array<{ name: string; create?: boolean; delete?: boolean }>;
    for (const name of ['servicos', 'legal']) expect(collections.find((c) => c.name === name)).toMatchObject({ create: false, delete: false });
  });
});

describe('placeholders: the build and the editor refuse the same texts', () => {
  const cases: Array<{ what: string; schema: z.ZodType; field: CmsField; good: string[]; bad: string[] }> = [
    {
      what: 'a home text takes every claim and nothing else',
      schema: homeSchema.shape.hero.shape.headline,
      field: fieldAt(fieldsOf('home'), ['hero', 'headline']),
      good: CLAIM_KEYS.map((k) => `São {${k}} clientes`).concat(['Sem marcador', 'Chave solta { e }']),
      bad: ['São {mentordOwners} clientes', '{step}', 'a {mentoredOwners} e {x}'],
    },
    {
      what: 'a /reuniao text must keep {date} and {time}',
      schema: reuniaoSchema.shape.rescheduled,
      field: fieldAt(fieldsOf('reuniao'), ['rescheduled']),
      good: ['Para {date} às {time}.', '{time}, {date}'],
      bad: ['Para {date}.', 'Para {date} às {time} com {consultant}.', 'Reagendada.'],
    },
    {
      what: 'an /orcamento title takes none',
      schema: orcamentoSchema.shape.title,
      field: fieldAt(fieldsOf('orcamento'), ['title']),
      good: ['Solicite seu Orçamento'],
      bad: ['Orçamento {mentoredOwners}', '{step}'],
    },
    {
      what: 'the toast after booking takes {consultant}, {date}, {time}',
      schema: orcamentoSchema.shape.toasts.shape.success.shape.description,
      field: fieldAt(fieldsOf('orcamento'), ['toasts', 'success', 'description']),
      good: ['Com {consultant} em {date} às {time}.', 'Agendado.'],
      bad: ['Com {consultor}.'],
    },
  ];
  for (const { what, schema, field, good, bad } of cases) {
    it(what, () => {
      for (const text of good) expect([text, schema.safeParse(text).success, regexOf(field).test(text)]).toEqual([text, true, true]);
      for (const text of bad) expect([text, schema.safeParse(text).success, regexOf(field).test(text)]).toEqual([text, false, false]);
      expect(field.pattern?.[1]).toMatch(/^(Mantenha \{|Use só estes marcadores: \{|Este campo não aceita marcadores)/);
    });
  }
});

describe('content files are as the editor writes them', () => {
  it('every file, parsed as Astro parses it and written with the editor’s settings, is the same text; its data passes its schema', async () => {
    const files = await contentFiles(projectRoot);
    expect(files.length).toBeGreaterThanOrEqual(9);
    for (const file of files) {
      const text = await readFile(join(projectRoot, file.path), 'utf8');
      const again = editorText(file, text);
      expect(again, `${file.path} differs from what the editor writes: run \`npm run cms -- format\``).toBe(text);
      const before = parseContent(text, file.markdown).data;
      const after = parseContent(again, file.markdown).data;
      expect(after).toEqual(before);
      expect(file.schema.safeParse(after).error?.issues ?? [], file.path).toEqual([]);
      // The editor trims every text it saves: a space at either end would change on the mentor's first save.
      const untrimmed: string[] = [];
      const visit = (value: unknown, path: string) => {
        if (typeof value === 'string' && value !== value.trim()) untrimmed.push(path);
        if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, `${path}.${k}`);
      };
      visit(before, file.path);
      expect(untrimmed).toEqual([]);
    }
  });

  it('keeps strings that js-yaml (Astro’s reader) would turn into other types as strings', () => {
    const data = { version: '2026-11-21', time: '12:30', yes: 'yes', nothing: 'null', number: '15', octal: '0123' };
    expect(load(editorYaml(data))).toEqual(data);
    // Sveltia's default (`quote: none`) would not: why the configuration asks for double quotes.
    expect(load(editorYaml(data, { indent_size: 2, indent_sequences: true, quote: 'none' }))).not.toEqual(data);
  });
});

describe('the build serves the editor without a CDN (scripts/build/cms-admin.mjs)', () => {
  it('points the bundle’s UI strings and fonts at /admin/, and every font has a pinned package', async () => {
    const { code, files } = selfHostFonts(adaptBundle(selfHostLocales(await sveltiaBundle())));
    expect(code).not.toContain('cdn.jsdelivr.net');
    expect(code).not.toMatch(/`\$\{\w+\}\/package\.json`/);
    expect(code).toContain(`\`/admin/${VERSION_FILE}\``);
    // Zoom stays possible on a phone (WCAG 1.4.4); the rest of Sveltia's viewport stays.
    expect(code).not.toContain('maximum-scale');
    expect(code).toContain('`initial-scale=1`,`interactive-widget=resizes-content`');
    expect(code).not.toMatch(/unpkg\.com[^`]*`?\/locales|@\$\{\w+\}\/locales/);
    expect(code).toContain('`/admin/locales`');
    expect([...files.keys()].sort()).toEqual(['material-symbols-outlined-latin-wght-normal.woff2', 'noto-mono-latin-400-normal.woff2', 'source-sans-3-latin-wght-normal.woff2']);
    for (const from of files.values()) await expect(readFile(join(projectRoot, 'node_modules', from as string))).resolves.toBeTruthy();
    expect(() => selfHostLocales('no address here')).toThrow(/found 0/);
  });

  it('reads the repository from Netlify’s REPOSITORY_URL', () => {
    expect(githubRepository('https://github.com/mentor/site')).toBe('mentor/site');
    expect(githubRepository('git@github.com:mentor/site.git')).toBe('mentor/site');
    expect(githubRepository(undefined)).toBeUndefined();
    expect(githubRepository('https://gitlab.com/mentor/site')).toBeUndefined();
  });
});
