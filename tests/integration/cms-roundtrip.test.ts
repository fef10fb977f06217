// Round trip: a value the editor accepts always builds. Every field of every content file the editor offers is
// changed at once to a new value the editor accepts (tests/support/editor-rules.ts, the served
// public/admin/config.yml): each text, link, address, code and version edited, each select set to another option,
// each number and switch changed, each list that may grow given one more item. The files are written as the
// editor writes them into a copy of the project, and the real production build (astro build) must pass and show
// the new texts. tests/integration/cms-parity.test.ts checks the other direction value by value.
//
// The same build (one `astro build` of a copy costs ~25–45 CPU-s) also proves one home for the values the mentor
// edits: a claim changed once in site.yaml reaches every page and leaves its old text nowhere; the contact address
// lives only in content/site.yaml and the published privacy-policy version only in the policy's front matter, so
// the copy's pages and policy show the new ones, and its functions (bundled by esbuild as Netlify does, run in a
// fresh process outside the repository) default CONTACT_EMAIL to the new address, mail the new lead's notice to
// it and accept only the new policy version. Nothing in src/ or functions/ is edited.
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type BuildOptions } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_BUNDLE } from '../../scripts/server/functions-host.mjs';
import type { CmsField } from '../../src/cms/fields';
import { contentFiles, parseContent } from '../../src/cms/files';
import { editorDataFile, editorMarkdownFile } from '../../src/cms/yaml';
import { editorProblems } from '../support/editor-rules';
import { buildProject, copyProject, projectRoot } from '../support/project';
import { buildProblems, editorFieldsOf } from '../support/content-checks';
import { fakedClockEnv } from '../support/faked-clock';
import { cliDataDir } from './consultants-process';
import { key, POLICY_VERSION, validRequest } from './helpers';

const run = promisify(execFile);
const OLD_EMAIL = 'contato@mentorsolar.com.br';
const NEW_EMAIL = 'fale.comigo@novo-dominio.com.br';
const NEW_VERSION = '2027-01-15';
const NEW_CLAIM = '7.321+';
/** Fields given this value (the checks below look for it) instead of the first candidate; the editor must accept it too. */
const CHOSEN: Record<string, unknown> = {
  'content/site.yaml.email': NEW_EMAIL,
  'content/site.yaml.claims.mentoredOwners': NEW_CLAIM,
  'content/legal/politica-de-privacidade.md.version': NEW_VERSION,
};
const chosenUsed = new Set<string>();

let dir = '';
let dataDir = '';
afterAll(async () => {
  for (const d of [dir, dataDir]) if (d) await rm(d, { recursive: true, force: true });
});

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
  if (path in CHOSEN) chosenUsed.add(path);
  const candidates: unknown[] =
    path in CHOSEN ? [CHOSEN[path]] :
    field.widget === 'select' ? (field.options ?? []) :
    field.widget === 'number' ? [Number(value) + 10] :
    field.widget === 'boolean' ? [!value] :
    textCandidates(String(value ?? ''), field);
  const next = candidates.find((c) => c !== value && editorProblems(field, c).length === 0);
  if (next === undefined) throw new Error(`${path}: no new value the editor accepts`);
  edited++;
  return next;
}

/** POST /api/leads through the copy's bundled function in a fresh process whose cwd is not the project. */
async function postLead(modulePath: string, body: unknown) {
  const { stdout } = await run(process.execPath, [join(projectRoot, 'tests/support/invoke-bundled.mjs'), modulePath, 'POST', 'https://mentor.example/api/leads', JSON.stringify(body)], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, ...fakedClockEnv() },
    cwd: tmpdir(),
    timeout: 60_000,
  });
  const { status, body: text } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { status: number; body: string };
  return { status, json: text ? JSON.parse(text) : null };
}

/** The copy's pages (admin's aside) by path under dist/, and the headlines the edits gave the pages. */
let html: Record<string, string> = {};
const headlines: string[] = [];
/** The home page's headline before the edit. */
let oldHomeHeadline = '';

beforeAll(async () => {
  dir = await copyProject('cms-roundtrip-');
  for (const file of await contentFiles(projectRoot)) {
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
    if (file.path === 'content/home.yaml') oldHomeHeadline = ((data as { hero?: { headline?: string } }).hero?.headline ?? '').trim();
    if (hero?.headline && !hero.headline.includes('{')) headlines.push(hero.headline.trim());
    await writeFile(join(dir, file.path), file.markdown ? editorMarkdownFile(newData, newBody, file.schema) : editorDataFile(newData, file.schema));
  }
  expect([...chosenUsed].sort()).toEqual(Object.keys(CHOSEN).sort());
  await buildProject(dir);
  const dist = join(dir, 'dist');
  const pages = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html') && !f.startsWith('admin'));
  html = Object.fromEntries(await Promise.all(pages.map(async (f) => [f, await readFile(join(dist, f), 'utf8')] as const)));
}, 300_000);

describe('every edit the editor accepts builds', () => {
  it('all fields of all content files changed at once build, and the pages show the new texts', () => {
    expect(edited).toBeGreaterThan(400);
    const pages = ['index', 'trafego-pago', 'consultoria-empresarial', 'palestras'].map((p) => html[`${p}.html`]).join('');
    expect(headlines.length).toBeGreaterThanOrEqual(4);
    // The editor's save of the home headline (tests/browser/admin.test.ts) is written by the same editorDataFile:
    // the build shows the new one on / and no longer the old one as a whole text (the edit keeps it inside the new).
    const oldHome = oldHomeHeadline.replace(/&/g, '&amp;');
    expect(oldHome).toBeTruthy();
    expect(html['index.html']).not.toContain(`>${oldHome}<`);
    for (const headline of headlines) expect(pages).toContain(headline.replace(/&/g, '&amp;'));
    expect(html['politica-de-privacidade.html']).toContain('Parágrafo acrescentado no editor.');
  });

  it('a claim changed once in site.yaml changes every page, and the old text is left nowhere', () => {
    expect(Object.entries(html).filter(([, text]) => text.includes('6.000')).map(([f]) => f)).toEqual([]);
    // Home: stats, about, meta description; the consulting page's metrics.
    expect(html['index.html'].split(NEW_CLAIM).length - 1).toBeGreaterThanOrEqual(3);
    expect(html['consultoria-empresarial.html']).toContain(NEW_CLAIM);
  });
});

describe('the contact address and the policy version, changed in the content files only', () => {
  it('reach the pages, the policy, CONTACT_EMAIL’s default, the lead notice’s recipient and the accepted consent version', async () => {
    expect(Object.entries(html).filter(([, text]) => text.includes(OLD_EMAIL)).map(([f]) => f)).toEqual([]);
    // Footer on every page, the home's contact section, the policy's two mentions.
    expect(html['index.html'].split(`mailto:${NEW_EMAIL}`).length - 1).toBeGreaterThanOrEqual(2);
    expect(html['politica-de-privacidade.html']).toContain(`<strong>${NEW_EMAIL}</strong>`);
    expect(html['politica-de-privacidade.html']).toContain(NEW_VERSION);
    expect(html['politica-de-privacidade.html']).not.toContain('{email}');

    // A copy of the run's migrated database: the bundled function's first open applies nothing (a fresh one is serve-lifecycle.test.ts's).
    dataDir = await cliDataDir('contact-email-data-');
    // The copy's functions, bundled inside the copy (its content/ is what they find walking up from the bundle).
    const outdir = join(dir, '.netlify/contact-email');
    await build({ entryPoints: [join(dir, 'functions/leads.ts'), join(dir, 'functions/lib/env.ts')], outdir, outbase: join(dir, 'functions'), ...(NODE_BUNDLE as BuildOptions), outExtension: { '.js': '.mjs' } });
    const { readEnv } = (await import(pathToFileURL(join(outdir, 'lib/env.mjs')).href)) as typeof import('../../functions/lib/env');
    expect(readEnv({}).contactEmail).toBe(NEW_EMAIL);
    expect(readEnv({}).mailFrom).toBe('Mentor Solar <nao-responda@novo-dominio.com.br>');
    expect(readEnv({ CONTACT_EMAIL: 'outra@exemplo.com' }).contactEmail).toBe('outra@exemplo.com');

    const leads = join(outdir, 'leads.mjs');
    const refused = await postLead(leads, { ...validRequest, email: `old-${crypto.randomUUID()}@example.com`, idempotencyKey: key(), privacyPolicyVersion: POLICY_VERSION });
    expect(refused.status).toBe(400);
    expect(refused.json.fieldErrors.privacyPolicyVersion).toBe('Aceite a Política de Privacidade para continuar.');
    const created = await postLead(leads, { ...validRequest, email: `new-${crypto.randomUUID()}@example.com`, idempotencyKey: key(), privacyPolicyVersion: NEW_VERSION });
    expect(created.status).toBe(201);
    const mails = await Promise.all((await readdir(join(dataDir, 'outbox'))).filter((f) => f.endsWith('.eml')).map((f) => readFile(join(dataDir, 'outbox', f), 'utf8')));
    const notice = mails.find((m) => /^Subject: Novo lead pelo site/m.test(m));
    expect(notice, mails.map((m) => m.slice(0, 300)).join('\n---\n')).toBeDefined();
    expect(notice).toMatch(new RegExp(`^To: ${NEW_EMAIL.replace(/\./g, '\\.')}\\r?$`, 'm'));
  }, 120_000);
});
