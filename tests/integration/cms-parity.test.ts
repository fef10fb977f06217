// Parity between the editor at /admin/ and the build (issue 35 item 2): every value the content build refuses,
// the generated editor configuration refuses before saving — equivalently, every value the editor accepts
// builds. For every field of every content file the editor offers, a set of probe values (empties, spaces,
// lengths around each limit, placeholders, links, addresses, options, numbers) goes through both:
// - the build's checks (tests/support/content-checks.ts): the file's zod schema (what `astro build`'s content
//   layer runs) and the legal text's body rule (src/lib/content.ts → legalBody);
// - the editor's rules for the field in the served public/admin/config.yml (tests/support/editor-rules.ts: Sveltia's own validation).
// Each zod check on a field (required, min/max length, exact length, pattern or format, options, integer,
// link alternatives) must be met by at least one probe the build refuses for that reason; the editor must
// refuse every probe the build refuses. The real build of editor-valid edits is tests/integration/cms-roundtrip.test.ts.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'astro/zod';
import { defOf, type CmsField } from '../../src/cms/fields';
import { contentFiles, parseContent } from '../../src/cms/files';
import { buildProblems, editorFieldsOf } from '../support/content-checks';
import { editorProblems } from '../support/editor-rules';
import { projectRoot } from '../support/project';

/** The zod schema of the field at `path` (object keys and list indexes), optional and default unwrapped. */
function zodAt(schema: z.ZodType, path: Array<string | number>): z.ZodType {
  let current = schema;
  for (const key of path) {
    let def = defOf(current);
    while (def.type === 'optional' || def.type === 'default') def = defOf((current = def.innerType as z.ZodType));
    if (def.type === 'object') current = (def.shape as Record<string, z.ZodType>)[key as string];
    else if (def.type === 'array') current = def.element as z.ZodType;
    else if (def.type === 'tuple') current = (def.items as z.ZodType[])[key as number];
    else throw new Error(`no ${String(key)} in ${def.type}`);
  }
  return current;
}

/** The zod issue codes a field's own checks raise when broken: each must be met by a refused probe. */
function expectedCodes(schema: z.ZodType): string[] {
  let def = defOf(schema);
  let required = true;
  while (def.type === 'optional' || def.type === 'default') {
    required = false;
    def = defOf(def.innerType as z.ZodType);
  }
  const codes = new Set<string>();
  if (def.type === 'enum') codes.add('invalid_value');
  if (def.type === 'union') codes.add('invalid_union');
  if (def.type === 'number') codes.add('invalid_type'); // z.int(): 1.5
  if (def.type === 'string') {
    if (def.format) codes.add('invalid_format');
    for (const check of def.checks ?? []) {
      const c = check._zod.def;
      if (c.check === 'min_length' && (required || (c.minimum as number) > 1)) codes.add('too_small');
      if (c.check === 'max_length') codes.add('too_big');
      if (c.check === 'length_equals') codes.add('too_small').add('too_big');
      if (c.check === 'string_format') codes.add('invalid_format');
    }
  }
  return [...codes];
}

const LONG = (n: number) => 'Texto '.repeat(Math.ceil(n / 6)).slice(0, n);

/** Values to try in a text field: each kind of rule the schemas use, on both sides of each limit. */
function textProbes(field: CmsField, current: string): string[] {
  const probes = [
    '', '   ', 'x', 'Texto novo', current, ` ${current}`, `${current} `, LONG(200), LONG(400),
    '{mentoredOwners}', 'São {students} alunos', '{step}', '{email}', '{xyz}', '{date} às {time}', 'Com {consultant} em {date} às {time}.',
    `${current} {xyz}`, `${current} outro@exemplo.com.br`, current.replace(/\{[A-Za-z]+\}/g, ''), current.replace(/\{email\}/g, 'contato@exemplo.com.br'),
    '/caminho', '/#contato', '/x y', 'https://exemplo.com.br/x', 'http://exemplo.com.br', 'exemplo.com.br', 'linkedin', 'LinkedIn', 'javascript:alert(1)',
    'mailto:a@b.com', 'https://', 'nome@empresa.com.br', ' nome@empresa.com.br ', 'sem-arroba', 'a@b', 'a@b.c', 'PR', 'pr', 'P', 'PRR', ' PR',
    '2026-12-01', '2026 12 01', 'versão-1', 'x'.repeat(40), 'x'.repeat(41),
  ];
  for (const n of [field.minlength, field.maxlength]) if (n !== undefined) probes.push(LONG(n - 1), LONG(n), LONG(n + 1));
  return [...new Set(probes)];
}

function probesFor(field: CmsField, current: unknown): unknown[] {
  switch (field.widget) {
    case 'select':
      return [...(field.options ?? []), 'nao-existe', ''];
    case 'number':
      return [current, Number(current) + 1, 1.5, -1, 0];
    case 'boolean':
      return [true, false];
    default:
      return textProbes(field, typeof current === 'string' ? current : '');
  }
}

const clone = <T>(value: T): T => structuredClone(value);
function setAt(data: unknown, path: Array<string | number>, value: unknown) {
  const copy = clone(data) as Record<string | number, unknown>;
  let target = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  // An object key set to undefined is a field left out; a list item stays, empty (the editor has no holes).
  if (value === undefined && !Array.isArray(target)) delete target[path.at(-1)!];
  else target[path.at(-1)!] = value;
  return copy;
}

type Leaf = { path: Array<string | number>; field: CmsField; value: unknown };

/** Every field the editor shows for `data`, lists included (each item's fields), with its current value. */
function leaves(fields: CmsField[], data: Record<string, unknown> | undefined, prefix: Array<string | number> = []): Leaf[] {
  return fields.flatMap((field): Leaf[] => {
    const path = [...prefix, field.name];
    const value = data?.[field.name];
    // An optional section this file leaves out: its fields are probed in the files that have it (same schema).
    if (field.widget === 'object') return [{ path, field, value }, ...(value ? leaves(field.fields ?? [], value as Record<string, unknown>, path) : [])];
    if (field.widget === 'list') {
      const items = (value as unknown[] | undefined) ?? [];
      return [{ path, field, value }, ...items.flatMap((item, i) =>
        field.field ? [{ path: [...path, i], field: { ...field.field, name: String(i) }, value: item }] : leaves(field.fields ?? [], item as Record<string, unknown>, [...path, i]))];
    }
    return [{ path, field, value }];
  });
}

describe('the editor refuses every value the build refuses (every field of every content file)', async () => {
  const files = await contentFiles(projectRoot);
  const texts = Object.fromEntries(await Promise.all(files.map(async (f) => [f.path, await readFile(join(projectRoot, f.path), 'utf8')] as const)));

  for (const file of files) {
    it(file.path, () => {
      const { data, body } = parseContent(texts[file.path], file.markdown);
      const fields = editorFieldsOf(file.path);
      const bodyField = fields.find((f) => f.name === 'body');
      const dataFields = fields.filter((f) => f.name !== 'body');
      const accepted = (candidate: unknown, candidateBody: string) =>
        editorProblems({ name: 'file', label: 'file', widget: 'object', fields: dataFields }, candidate).length === 0 &&
        (!bodyField || editorProblems(bodyField, candidateBody).length === 0);
      // The file as it is: both accept it.
      expect(buildProblems(file, data, body)).toEqual([]);
      expect(accepted(data, body)).toBe(true);

      const gaps: string[] = [];
      const unmet: string[] = [];
      let probes = 0;
      const all: Leaf[] = [...leaves(dataFields, data as Record<string, unknown>), ...(bodyField ? [{ path: ['body'], field: bodyField, value: body }] : [])];
      for (const { path, field, value } of all) {
        const where = path.join('.');
        const isBody = where === 'body';
        const candidates: unknown[] = [];
        if (field.widget === 'list') {
          // Lists: fewer or more items, within and beyond min/max.
          const items = value as unknown[];
          candidates.push([], items.slice(0, 1), items.slice(0, -1), [...items, items.at(-1)], undefined);
        } else if (field.widget === 'object') {
          candidates.push(undefined);
        } else {
          candidates.push(...probesFor(field, value), undefined);
        }
        const met = new Set<string>();
        for (const candidate of candidates) {
          probes++;
          const candidateData = isBody ? data : setAt(data, path, candidate);
          const candidateBody = isBody ? (candidate as string | undefined) ?? '' : body;
          const refusedBy = buildProblems(file, candidateData, candidateBody);
          if (!refusedBy.length) continue;
          if (accepted(candidateData, candidateBody)) {
            gaps.push(`${where} = ${JSON.stringify(candidate)?.slice(0, 80)}: the build refuses (${refusedBy.map((p) => `${p.path}: ${p.message}`).join('; ').slice(0, 160)}), the editor accepts`);
          } else {
            for (const p of refusedBy) if (p.path === where) met.add(p.code);
          }
        }
        if (field.widget !== 'list' && field.widget !== 'object') {
          const expected = isBody ? ['invalid_format'] : expectedCodes(zodAt(file.schema, path));
          for (const code of expected) if (!met.has(code)) unmet.push(`${where}: no probe broke its ${code} check`);
        }
      }
      expect(gaps).toEqual([]);
      expect(unmet).toEqual([]);
      expect(probes).toBeGreaterThan(50);
    });
  }
});
