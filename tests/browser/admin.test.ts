// The editor at /admin/ in real Chromium, served by `npm start`'s server from the production build, on Sveltia's
// offline test backend seeded with content/ (tests/browser/admin.fixtures.ts).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { afterIdle, BASE_URL, launchBrowser } from './support';
import { changedLines, contentTree, editAndSave, editorContext, openEditor, openEntry, expectNoAxeViolations, openHome, stored } from './admin.fixtures';
import { projectRoot } from '../support/project';
import { homeSchema } from '../../src/schemas/pages';
import { editorDataFile } from '../../src/cms/yaml';

let browser: Browser;
let seed: Record<string, string>;
beforeAll(async () => {
  browser = await launchBrowser();
  seed = await contentTree();
});
afterAll(() => browser?.close());

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
  it('a new home headline saves as a one-line change that passes the schema, written as editorDataFile writes it (what cms-roundtrip.test.ts builds)', async () => {
    const { context, violations, offsite } = await editorContext(browser);
    const page = await openEditor(context, seed);
    await openHome(page);
    const headline = page.getByRole('textbox', { name: 'Título principal' }).first();
    expect(await headline.inputValue()).toBe((load(seed['content/home.yaml']) as { hero: { headline: string } }).hero.headline);
    const newHeadline = 'Sua empresa solar vendendo todos os meses';
    const saved = await editAndSave(page, seed, 'content/home.yaml', 'Título principal', newHeadline);
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
  }, 120_000);

  it('opens every content file with its fields; a save of the quote copy keeps its other texts byte for byte (spaces included)', async () => {
    const { context, violations } = await editorContext(browser);
    const page = await openEditor(context, seed);
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
    const saved = await editAndSave(page, seed, 'content/orcamento.yaml', 'Título da página', 'Peça seu orçamento');
    expect(changedLines(seed['content/orcamento.yaml'], saved)).toEqual(['heading: "Peça seu orçamento"']);
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);

  it('an emptied required field, a short description and an unknown placeholder are refused in pt-BR; nothing is written', async () => {
    const { context, violations } = await editorContext(browser, { width: 390, height: 844 });
    const page = await openEditor(context, seed);
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
    await expectNoAxeViolations(page);
    // Whatever the refused save queued has run by the next frame's idle period: still nothing written.
    await afterIdle(page);
    expect(await stored(page)).toEqual(seed);
    expect(violations).toEqual([]);
    await context.close();
  }, 120_000);
});
