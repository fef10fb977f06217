// The editor at /admin/ in real Chromium (shared by tests/browser/admin*.test.ts): Sveltia CMS on its offline
// "test-repo" backend (files in the browser's origin-private file system), seeded with this repository's real
// content/. The served configuration is the committed one with only `backend` swapped, since the GitHub backend
// needs GitHub. Everything else (fields, rules, YAML settings, headers, CSP) is production's.
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BASE_URL, axeViolations } from './support';
import { projectRoot } from '../support/project';

const TEST_DIR = 'sveltia-cms-test';

export async function contentTree(): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const name of await readdir(join(projectRoot, 'content'), { recursive: true })) {
    if (/\.(ya?ml|md)$/.test(name)) files[`content/${name}`] = await readFile(join(projectRoot, 'content', name), 'utf8');
  }
  return files;
}

/** A context whose /admin/config.yml uses the test backend, recording CSP violations and off-site requests. */
export async function editorContext(browser: Browser, viewport = { width: 1280, height: 900 }, testBackend = true) {
  const context = await browser.newContext({ viewport, locale: 'pt-BR' });
  const violations: string[] = [];
  const offsite: string[] = [];
  context.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  context.on('request', (r) => {
    if (!r.url().startsWith(BASE_URL) && !/^(data|blob):/.test(r.url())) offsite.push(r.url());
  });
  if (testBackend) await context.route(/\/admin\/config\.yml/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/^backend:\n(?: {2}.*\n)+/m, 'backend:\n  name: test-repo\n');
    expect(body).toContain('name: test-repo');
    await route.fulfill({ response, body });
  });
  return { context, violations, offsite };
}

/** Seeds the origin-private file system with content/ as the repository's root, then opens the editor by keyboard. */
export async function openEditor(context: BrowserContext, seed: Record<string, string>): Promise<Page> {
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
  await expectNoAxeViolations(page);
  // Keyboard only: Tab reaches the sign-in button and Enter signs in.
  for (let i = 0; i < 10 && !(await signIn.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.getByText('Textos do site').first().waitFor();
  return page;
}

/** Every file in the test repository, as the editor left it. */
export const stored = (page: Page) =>
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

/**
 * No axe violation on the editor, once it has settled: Sveltia exposes its main landmark some moments after its
 * fields and transitions (in loaded fresh-clone runs axe found no <main> right after an entry opened, with the
 * element already in the DOM), and nothing observable marks that moment, so axe itself is asked again until it
 * finds nothing (expect.poll: 20 s). A violation that stays still fails, with its list.
 */
export async function expectNoAxeViolations(page: Page, where?: string): Promise<void> {
  await expect.poll(() => axeViolations(page), { message: where }).toEqual([]);
}

/** Opens an entry as the mentor does, from its collection's list (a cold hash URL sometimes renders an empty form). */
export async function openEntry(page: Page, collection: string, label: string) {
  await page.goto(`${BASE_URL}/admin/#/collections/${collection}`);
  await page.getByRole('gridcell', { name: label, exact: true }).or(page.getByRole('link', { name: label, exact: true })).first().click();
  await page.getByRole('textbox').first().waitFor();
  // The editor draws the entry's fields before its main landmark settles (an axe run in between found no
  // <main> once, in a loaded fresh-clone run): the state the checks below describe is the settled one.
  await page.locator('main, [role="main"]').first().waitFor({ state: 'attached' });
}
export async function openHome(page: Page) {
  await openEntry(page, 'paginas', 'Página inicial');
  await expectNoAxeViolations(page);
}

/** Changes one text of an entry, saves, and returns the file as the editor wrote it. */
export async function editAndSave(page: Page, seed: Record<string, string>, path: string, field: string, value: string) {
  await page.getByRole('textbox', { name: field }).first().fill(value);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect.poll(async () => (await stored(page))[path], { timeout: 15_000 }).not.toBe(seed[path]);
  return (await stored(page))[path];
}
export const changedLines = (before: string, after: string) => after.split('\n').filter((line, i) => line !== before.split('\n')[i]);

