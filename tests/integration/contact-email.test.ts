// One home for the values the mentor edits (issue 35): the contact address lives only in content/site.yaml and
// the published privacy-policy version only in the policy's front matter. A copy of the project where just
// those two content files changed builds, its pages and policy show the new address, and its functions (bundled
// by esbuild as Netlify does, run in a fresh process outside the repository) default CONTACT_EMAIL to it, mail
// the new lead's notice to it and accept only the new policy version. Nothing in src/ or functions/ is edited.
import { execFile } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build, type BuildOptions } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { NODE_BUNDLE } from '../../scripts/server/functions-host.mjs';
import { buildProject, copyProject, projectRoot } from '../support/project';
import { cliDataDir } from './consultants-process';
import { key, POLICY_VERSION, validRequest } from './helpers';
import { fakedClockEnv } from '../support/faked-clock';

const run = promisify(execFile);
const OLD = 'contato@mentorsolar.com.br';
const NEW = 'fale.comigo@novo-dominio.com.br';
const NEW_VERSION = '2027-01-15';

let dir = '';
let dataDir = '';
afterAll(async () => {
  for (const d of [dir, dataDir]) if (d) await rm(d, { recursive: true, force: true });
});

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

describe('the contact address and the policy version, changed in the content files only', () => {
  it('reach the pages, the policy, CONTACT_EMAIL’s default, the lead notice’s recipient and the accepted consent version', async () => {
    dir = await copyProject('contact-email-');
    // A copy of the run's migrated database: the bundled function's first open applies nothing (a fresh one is serve-lifecycle.test.ts's).
    dataDir = await cliDataDir('contact-email-data-');
    const sitePath = join(dir, 'content/site.yaml');
    const site = await readFile(sitePath, 'utf8');
    expect(site).toContain(`email: "${OLD}"`);
    await writeFile(sitePath, site.replace(`email: "${OLD}"`, `email: "${NEW}"`));
    const policyPath = join(dir, 'content/legal/politica-de-privacidade.md');
    const policy = await readFile(policyPath, 'utf8');
    await writeFile(policyPath, policy.replace(`version: "${POLICY_VERSION}"`, `version: "${NEW_VERSION}"`));

    await buildProject(dir);
    const dist = join(dir, 'dist');
    const pages = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html') && !f.startsWith('admin'));
    const html = Object.fromEntries(await Promise.all(pages.map(async (f) => [f, await readFile(join(dist, f), 'utf8')] as const)));
    expect(Object.entries(html).filter(([, text]) => text.includes(OLD)).map(([f]) => f)).toEqual([]);
    // Footer on every page, the home's contact section, the policy's two mentions.
    expect(html['index.html'].split(`mailto:${NEW}`).length - 1).toBeGreaterThanOrEqual(2);
    expect(html['politica-de-privacidade.html']).toContain(`<strong>${NEW}</strong>`);
    expect(html['politica-de-privacidade.html']).toContain(NEW_VERSION);
    expect(html['politica-de-privacidade.html']).not.toContain('{email}');

    // The copy's functions, bundled inside the copy (its content/ is what they find walking up from the bundle).
    const outdir = join(dir, '.netlify/contact-email');
    await build({ entryPoints: [join(dir, 'functions/leads.ts'), join(dir, 'functions/lib/env.ts')], outdir, outbase: join(dir, 'functions'), ...(NODE_BUNDLE as BuildOptions), outExtension: { '.js': '.mjs' } });
    const { readEnv } = (await import(pathToFileURL(join(outdir, 'lib/env.mjs')).href)) as typeof import('../../functions/lib/env');
    expect(readEnv({}).contactEmail).toBe(NEW);
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
    expect(notice).toMatch(new RegExp(`^To: ${NEW.replace(/\./g, '\\.')}\\r?$`, 'm'));
  }, 300_000);
});
