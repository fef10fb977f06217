// The editor at /admin/ in real Chromium, served by `npm start`'s server from the production build. Sveltia CMS
// runs on its offline "test-repo" backend (files in the browser's origin-private file system), seeded with this
// repository's real content/: the served configuration is the committed one with only `backend` swapped, since
// the GitHub backend needs GitHub. Everything else (fields, rules, YAML settings, headers, CSP) is production's.
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { BASE_URL, launchBrowser } from './support';
import { buildProject, copyProject, projectRoot } from '../support/project';
import { homeSchema } from '../../src/schemas/pages';
import { editorDataFile } from '../../src/cms/yaml';

const TEST_DIR = 'sveltia-cms-test';

let browser: Browser;
let seed: Record<string, string>;

async function contentTree(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of await readdir(join(projectRoot, 'content'), { recursive: true })) {
    if (/\.(ya?ml|md)$/.test(name)) files[`content/${name}`] = await readFile(join(projectRoot, 'content', name), 'utf8');
  }
  return files;
}

beforeAll(async () => {
  browser = await launchBrowser();
  seed = await contentTree();
});
afterAll(() => browser?.close());

/** A context whose /admin/config.yml uses the test backend, recording CSP violations and off-site requests. */
async function editorContext(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: 'pt-BR' });
  const violations: string[] = [];
  const offsite: string[] = [];
  context.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  context.on('request', (r) => {
    if (!r.url().startsWith(BASE_URL) && !/^(data|blob):/.test(r.url())) offsite.push(r.url());
  });
  await context.route(/\/admin\/config\.yml/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/^backend:\n(?: {2}.*\n)+/m, 'backend:\n  name: test-repo\n');
    expect(body).toContain('name: test-repo');
    await route.fulfill({ response, body });
  });
  return { context, violations, offsite };
}

/**
 * WCAG 2.1 A and AA violations (axe). The editor is Sveltia's interface: its best-practice findings (no <main>
 * landmark, no <h1> in the entry form, content outside landmarks) are its own structure and are not gated here.
 */
async function wcagViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** Seeds the origin-private file system with content/ as the repository's root, then opens the editor by keyboard. */
async function openEditor(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/robots.txt`);
  await page.evaluate(
    async ({ dir, files }) => {
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(dir, { create: true });
      for (const [path, text] of Object.entries(files)) {
        const parts = path.split('/');
        let folder = root;
        for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part, { create: true });
        const writable = await (await folder.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      }
    },
    { dir: TEST_DIR, files: seed },
  );
  await page.goto(`${BASE_URL}/admin/`);
  const signIn = page.getByRole('button', { name: 'Trabalhar com Repositório de Teste' });
  await signIn.waitFor();
  expect(await wcagViolations(page)).toEqual([]);
  // Keyboard only: Tab reaches the sign-in button and Enter signs in.
  for (let i = 0; i < 10 && !(await signIn.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.getByText('Textos do site').first().waitFor();
  return page;
}

/** Every file in the test repository, as the editor left it. */
const stored = (page: Page) =>
  page.evaluate(async (dir) => {
    const out: Record<string, string> = {};
    const walk = async (folder: FileSystemDirectoryHandle, prefix: string) => {
      for await (const [name, handle] of folder.entries()) {
        if (handle.kind === 'directory') await walk(handle, `${prefix}${name}/`);
        else out[`${prefix}${name}`] = await (await handle.getFile()).text();
      }
    };
    await walk(await (await navigator.storage.getDirectory()).getDirectoryHandle(dir), '');
    return out;
  }, TEST_DIR);

/** Opens an entry as the mentor does, from its collection's list (a cold hash URL sometimes renders an empty form). */
async function openEntry(page: Page, collection: string, label: string) {
  await page.goto(`${BASE_URL}/admin/#/collections/${collection}`);
  await page.getByRole('gridcell', { name: label, exact: true }).or(page.getByRole('link', { name: label, exact: true })).first().click();
  await page.getByRole('textbox').first().waitFor();
}
async function openHome(page: Page) {
  await openEntry(page, 'paginas', 'Página inicial');
  expect(await wcagViolations(page)).toEqual([]);
}

/** Changes one text of an entry, saves, and returns the file as the editor wrote it. */
async function editAndSave(page: Page, path: string, field: string, value: string) {
  await page.getByRole('textbox', { name: field }).first().fill(value);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(async () => (await stored(page))[path], { timeout: 15_000 }).not.toBe(seed[path]);
  return (await stored(page))[path];
}
const changedLines = (before: string, after: string) => after.split('\n').filter((line, i) => line !== before.split('\n')[i]);

describe('/admin/ as served', () => {
  it('answers 200 with the editor and its generated configuration, noindex, with its own headers; out of the sitemap', async () => {
    const admin = await fetch(`${BASE_URL}/admin/`);
    expect(admin.status).toBe(200);
    expect(admin.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(admin.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(admin.headers.get('content-security-policy')).toContain('connect-src \'self\' blob: data: https://api.github.com');
    const html = await admin.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(html).toContain('<script src="/admin/sveltia-cms.js"></script>');
    const config = await fetch(`${BASE_URL}/admin/config.yml`);
    expect(config.status).toBe(200);
    expect(await config.text()).toBe(await readFile(join(projectRoot, 'public/admin/config.yml'), 'utf8'));
    const sitemap = await (await fetch(`${BASE_URL}/sitemap-0.xml`)).text();
    expect(sitemap).toContain('<loc>');
    expect(sitemap).not.toContain('/admin');
    // Every other route keeps the site's headers.
    const home = await fetch(`${BASE_URL}/`);
    expect(home.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(home.headers.get('content-security-policy')).not.toContain('api.github.com');
    expect(home.headers.get('x-robots-tag')).toBeNull();
  });
});

describe('editing in the browser (Sveltia CMS, test backend seeded with content/)', () => {
  it('a new home headline saves as a one-line change that passes the schema, and a build of a copy shows it on /', async () => {
    const { context, violations, offsite } = await editorContext();
    const page = await openEditor(context);
    await openHome(page);
    const headline = page.getByRole('textbox', { name: 'Título principal' }).first();
    expect(await headline.inputValue()).toBe((load(seed['content/home.yaml']) as { hero: { headline: string } }).hero.headline);
    const newHeadline = 'Sua empresa solar vendendo todos os meses';
    const saved = await editAndSave(page, 'content/home.yaml', 'Título principal', newHeadline);
    const files = await stored(page);
    const data = load(saved) as { hero: { headline: string } };
    expect(homeSchema.safeParse(data).error?.issues ?? []).toEqual([]);
    expect(data.hero.headline).toBe(newHeadline);
    // Written exactly as src/cms/yaml.ts writes, so the committed files stay in the editor's shape.
    expect(saved).toBe(editorDataFile(data, homeSchema));
    expect(changedLines(seed['content/home.yaml'], saved)).toEqual([`  headline: "${newHeadline}"`]);
    // No other file was touched.
    for (const [path, text] of Object.entries(seed)) if (path !== 'content/home.yaml') expect(files[path], path).toBe(text);
    expect(violations).toEqual([]);
    // Nothing from a CDN: strings, fonts and the version check are served from /admin/.
    expect(offsite).toEqual([]);
    await context.close();

    const dir = await copyProject('admin-edit-');
    try {
      await writeFile(join(dir, 'content/home.yaml'), saved);
      await buildProject(dir);
      const html = await readFile(join(dir, 'dist/index.html'), 'utf8');
      expect(html).toContain(newHeadline);
      expect(html).not.toContain((load(seed['content/home.yaml']) as { hero: { headline: string } }).hero.headline);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);

  it('opens every content file with its fields; a save of the quote copy keeps its other texts byte for byte (spaces included)', async () => {
    const { context, violations } = await editorContext();
    const page = await openEditor(context);
    const entries: Array<[string, string, string]> = [
      ['paginas', 'Identidade do site', 'Nome da marca'],
      ['paginas', 'Página inicial', 'Título principal'],
      ['paginas', 'Orçamento (formulário e agendamento)', 'Título da página'],
      ['paginas', 'Página da reunião (/reuniao)', 'Título da página'],
      ['paginas', 'Página não encontrada (404)', 'Link para o início'],
      ['servicos', 'Palestras', 'Nome na trilha de navegação'],
      ['servicos', 'Tráfego Pago', 'Nome na trilha de navegação'],
      ['servicos', 'Consultoria', 'Nome na trilha de navegação'],
      ['legal', 'Política de Privacidade', 'Versão'],
    ];
    for (const [collection, label, field] of entries) {
      await openEntry(page, collection, label);
      expect(await page.getByRole('textbox', { name: field }).count(), `${label} → ${field}`).toBeGreaterThan(0);
    }
    // orcamento.yaml has texts that end in a space ("…concorda com a "): the editor must not trim them.
    await openEntry(page, 'paginas', 'Orçamento (formulário e agendamento)');
    const saved = await editAndSave(page, 'content/orcamento.yaml', 'Título da página', 'Peça seu orçamento');
    expect(changedLines(seed['content/orcamento.yaml'], saved)).toEqual(['heading: "Peça seu orçamento"']);
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  it('an emptied required field, a short description and an unknown placeholder are refused in pt-BR; nothing is written', async () => {
    const { context, violations } = await editorContext({ width: 390, height: 844 });
    const page = await openEditor(context);
    await openHome(page);
    await page.getByRole('textbox', { name: 'Selo' }).first().fill('');
    await page.getByRole('textbox', { name: 'Descrição no Google' }).first().fill('Curta demais para o Google');
    await page.getByRole('textbox', { name: 'Título principal' }).first().fill('Somos {mentordOwners} empresários');
    await page.getByRole('button', { name: 'Salvar' }).click();
    // Each field shows its own message (Sveltia's pt-BR strings; the placeholder one is the schema's).
    await page.getByText('Este campo é obrigatório.').waitFor();
    await page.getByText('Você deve inserir pelo menos 50 caracteres.').waitFor();
    await page.getByText(/Use só estes marcadores: \{mentoredOwners\}/).first().waitFor();
    await page.getByText(/3 campos têm erros/).waitFor();
    expect(await wcagViolations(page)).toEqual([]);
    await page.waitForTimeout(1_000);
    expect(await stored(page)).toEqual(seed);
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);
});
