// Round trip (issue 35 item 2): a value the editor accepts always builds. Every field of every content file the
// editor offers is changed at once to a new value the editor accepts (tests/support/editor-rules.ts, the served
// public/admin/config.yml): each text, link, address, code and version edited, each select set to another option,
// each number and switch changed, each list that may grow given one more item. The files are written as the
// editor writes them into a copy of the project, and the real production build (astro build) must pass and show
// the new texts. tests/integration/cms-parity.test.ts checks the other direction value by value.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CmsField } from '../../src/cms/fields';
import { contentFiles, parseContent } from '../../src/cms/files';
import { editorDataFile, editorMarkdownFile } from '../../src/cms/yaml';
import { editorProblems } from '../support/editor-rules';
import { buildProject, copyProject, projectRoot } from '../support/project';
import { buildProblems, editorFieldsOf } from '../support/content-checks';

let dir = '';
afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

/** New values to try for a text field, in order; the first the editor accepts (and differs) is used. */
function textCandidates(current: string, field: CmsField): string[] {
  const max = field.maxlength ?? Infinity;
  const short = current.length > max - 8 ? `${current.slice(0, Math.max(1, max - 8)).trimEnd()} editado` : '';
  return [
    // First what is easy to get wrong: spaces around (the editor checks the trimmed text) and braces that are no
    // placeholder (accepted where a field takes none: a link, an address).
    ` ${current} {editado} `, ` ${current}{editado} `, ` ${current} editado `,
    `${current} editado`, `Editado: ${current}`, short, `${current}?editado=1`, `${current}-editado`, '/orcamento', 'https://exemplo.com.br/editado',
    current.toUpperCase() === current && current.length === 2 ? (current === 'SP' ? 'RJ' : 'SP') : '', 'editado@mentorsolar.com.br', '2027-02-01',
  ].filter(Boolean);
}

let edited = 0;
/** `value` with every field changed to another value the editor accepts; throws naming a field that has none. */
function editAll(field: CmsField, value: unknown, path: string): unknown {
  if (field.widget === 'object') {
    if (!value) return value;
    const source = value as Record<string, unknown>;
    return Object.fromEntries([
      ...(field.fields ?? []).filter((f) => f.name in source).map((f) => [f.name, editAll(f, source[f.name], `${path}.${f.name}`)]),
      ...Object.keys(source).filter((k) => !(field.fields ?? []).some((f) => f.name === k)).map((k) => [k, source[k]]),
    ]);
  }
  if (field.widget === 'list') {
    const items = [...(value as unknown[])];
    if (field.max === undefined || items.length < field.max) items.push(structuredClone(items.at(-1)));
    const itemField: CmsField = field.field ?? { name: 'item', label: field.label, widget: 'object', fields: field.fields };
    return items.map((item, i) => editAll(itemField, item, `${path}.${i}`));
  }
  const candidates: unknown[] =
    field.widget === 'select' ? (field.options ?? []) :
    field.widget === 'number' ? [Number(value) + 10] :
    field.widget === 'boolean' ? [!value] :
    textCandidates(String(value ?? ''), field);
  const next = candidates.find((c) => c !== value && editorProblems(field, c).length === 0);
  if (next === undefined) throw new Error(`${path}: no new value the editor accepts`);
  edited++;
  return next;
}

describe('every edit the editor accepts builds', () => {
  it('all fields of all content files changed at once build, and the pages show the new texts', async () => {
    dir = await copyProject('cms-roundtrip-');
    const files = await contentFiles(projectRoot);
    const headlines: string[] = [];
    for (const file of files) {
      const { data, body } = parseContent(await readFile(join(projectRoot, file.path), 'utf8'), file.markdown);
      const fields = editorFieldsOf(file.path);
      const dataFields = fields.filter((f) => f.name !== 'body');
      const root: CmsField = { name: file.path, label: file.path, widget: 'object', fields: dataFields };
      const newData = editAll(root, data, file.path) as Record<string, unknown>;
      const bodyField = fields.find((f) => f.name === 'body');
      const newBody = bodyField ? (editAll(bodyField, `${body.trim()}\n\nParágrafo acrescentado no editor.`, `${file.path}.body`) as string) : body;
      // The editor would save this file; the build's checks (schema, the legal text's rule) agree.
      expect(editorProblems(root, newData), file.path).toEqual([]);
      expect(buildProblems(file, newData, newBody), file.path).toEqual([]);
      const hero = newData.hero as { headline?: string } | undefined;
      if (hero?.headline && !hero.headline.includes('{')) headlines.push(hero.headline.trim());
      await writeFile(join(dir, file.path), file.markdown ? editorMarkdownFile(newData, newBody, file.schema) : editorDataFile(newData, file.schema));
    }
    expect(edited).toBeGreaterThan(400);

    await buildProject(dir);
    const home = await readFile(join(dir, 'dist/index.html'), 'utf8');
    const html = home + (await Promise.all(['trafego-pago', 'consultoria-empresarial', 'palestras'].map((p) => readFile(join(dir, `dist/${p}.html`), 'utf8')))).join('');
    expect(headlines.length).toBeGreaterThanOrEqual(4);
    for (const headline of headlines) expect(html).toContain(headline.replace(/&/g, '&amp;'));
    expect(home).toContain('mailto:editado@mentorsolar.com.br');
    expect(await readFile(join(dir, 'dist/politica-de-privacidade.html'), 'utf8')).toContain('Parágrafo acrescentado no editor.');
  }, 300_000);
});
