// The functions as a deploy ships them: the build's step that bundles each function with its packages
// (scripts/build/functions.mjs, run by `npm run build`), netlify.toml read by Netlify's own config loader, the
// folder it names zipped by Netlify's own bundler (@netlify/zip-it-and-ship-it, unzipped), each bundle imported
// in a fresh process and run lead → availability → booking on PostgreSQL. A file the bundle lacks (a migration,
// a package loaded on first use) fails here instead of after a deploy; so does one it should not carry
// (PGlite: production never opens it; a package left as files beside the function: docs/operations.md "Cold start").
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { resolveConfig } from '@netlify/config';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { BUNDLED_FUNCTIONS_DIR, bundleDeployedFunctions } from '../../scripts/build/functions.mjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase, pooledDatabaseUrl, type TestDatabase } from '../support/postgres-db';
import { futureWorkday, key, validRequest } from './helpers';
import { fakedClockEnv } from '../support/faked-clock';

const root = process.cwd();
const run = promisify(execFile);
type Manifest = { functions: { name: string; path: string; routes?: { literal: string }[]; schedule?: string }[] };

let out: string;
let manifest: Manifest;
beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'netlify-bundle-'));
  // What `npm run build` does before Netlify zips the functions: the folder netlify.toml names, from functions/.
  await bundleDeployedFunctions();
  const { config } = await resolveConfig({ repositoryRoot: root, cwd: root, offline: true, mode: 'cli', context: 'production' });
  expect(config.functionsDirectory).toBe(join(root, BUNDLED_FUNCTIONS_DIR));
  // netlify.toml's [functions] keys, as Netlify's build hands them to the bundler.
  const fns = config.functions['*'] ?? {};
  await zipFunctions([config.functionsDirectory], out, {
    archiveFormat: 'none',
    repositoryRoot: root,
    basePath: root,
    config: { '*': { nodeBundler: fns.node_bundler, externalNodeModules: fns.external_node_modules, includedFiles: fns.included_files } },
  });
  manifest = JSON.parse(await readFile(join(out, 'manifest.json'), 'utf8'));
}, 240_000);
afterAll(() => rm(out, { recursive: true, force: true }));

/** Every file of a function's zip (archiveFormat 'none' writes the zip's contents as a directory), relative to it. */
async function zipListing(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/** The function's file, relative to its zip, as the zip's entry point (what Netlify's runtime loads) names it. */
async function functionFile(dir: string): Promise<string> {
  const found = /getLambdaHandler\('\.\/([^']+)'\)/.exec(await readFile(join(dir, '___netlify-entry-point.mjs'), 'utf8'));
  if (!found) throw new Error(`no function file named by ${dir}/___netlify-entry-point.mjs`);
  return found[1];
}

async function call(env: Record<string, string>, method: string, path: string, body?: unknown) {
  const fn = manifest.functions.find((f) => f.routes?.some((r) => r.literal === new URL(path, 'http://x').pathname));
  if (!fn) throw new Error(`no bundled function routes ${path}`);
  const modulePath = join(fn.path, await functionFile(fn.path));
  const { stdout, stderr } = await run(process.execPath, [join(root, 'tests/support/invoke-bundled.mjs'), modulePath, method, `https://mentor.example${path}`, body ? JSON.stringify(body) : ''], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...fakedClockEnv(), ...env },
    timeout: 60_000,
    cwd: tmpdir(), // not the repository: the bundle must carry every file it reads
  });
  const { status, body: text } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { status: number; body: string };
  return { status, json: text ? JSON.parse(text) : null, log: stderr };
}

async function leadToBooking(env: Record<string, string>, expectedStore: string) {
  expect(await call(env, 'GET', '/api/health')).toMatchObject({ status: 200, json: { ok: true, store: expectedStore } });
  const email = `bundle-${crypto.randomUUID()}@example.com`;
  const lead = await call(env, 'POST', '/api/leads', { ...validRequest, email, idempotencyKey: key() });
  expect(lead.status, lead.log).toBe(201);
  const date = futureWorkday(4);
  const slots = await call(env, 'GET', `/api/availability?date=${date}`);
  expect(slots.status).toBe(200);
  expect(slots.json.availableSlots.map((s: { time: string }) => s.time)).toContain('10:00');
  const booked = await call(env, 'POST', '/api/meetings', {
    leadId: lead.json.id, scheduledDate: date, scheduledTime: '10:00', service: 'consultoria', diagnosticScore: 70, idempotencyKey: key(),
  });
  expect(booked.status, booked.log).toBe(201);
  expect(booked.json).toMatchObject({
    success: true, meeting: { id: expect.any(String), location: { kind: 'phone' } }, manageUrl: expect.stringContaining('/reuniao#t='),
    ics: expect.stringContaining('METHOD:PUBLISH'),
  });
  // The same person again: told at the lead, and the manage link's resend (just mailed: not sent again).
  const again = await call(env, 'POST', '/api/leads', { ...validRequest, email, idempotencyKey: key() });
  expect(again).toMatchObject({ status: 201, json: { id: expect.any(String), upcomingMeeting: true } });
  expect(await call(env, 'POST', '/api/manage-link', { leadId: again.json.id })).toMatchObject({ status: 200, json: { success: true, sent: false } });
}

describe('Netlify bundle (zip-it-and-ship-it)', () => {
  it('bundles every function with its route or schedule, migrations and the content files it reads', async () => {
    const byName = Object.fromEntries(manifest.functions.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(expect.arrayContaining(['availability', 'health', 'leads', 'manage-link', 'meetings', 'outbox-drain']));
    expect(byName['outbox-drain'].schedule).toBeTruthy();
    const migrations = (await readdir(join(root, 'supabase/migrations'))).filter((f) => f.endsWith('.sql')).sort();
    // Every function that opens the store; /api/deploy-status only asks Netlify's API (no database).
    for (const fn of manifest.functions.filter((f) => f.name !== 'deploy-status')) {
      expect((await readdir(join(fn.path, 'supabase/migrations'))).sort(), fn.name).toEqual(migrations);
    }
    // The qualification rules POST /api/leads reads at run time (functions/lib/routing-rules.ts), as the build checked them.
    // So are the contact address and the published policy version, which live only in the content the mentor edits.
    const leads = manifest.functions.find((f) => f.name === 'leads')!;
    for (const file of ['content/roteamento.yaml', 'content/whatsapp.yaml', 'content/site.yaml', 'content/legal/politica-de-privacidade.md']) {
      expect(await readFile(join(leads.path, file), 'utf8'), file).toBe(await readFile(join(root, file), 'utf8'));
    }
  });

  // What each zip holds, file by file. PGlite (17 of a zip's 29 MB unpacked) is for `npm start` and the tests:
  // netlify.toml's "!node_modules/@electric-sql/pglite/**" leaves it out. date-holidays is read at build time
  // only (src/domain/scheduling/holidays-table.ts). The packages loaded on first use (nodemailer by import(), ics
  // by a require made with createRequire) must still be traced into the zips of the functions that use them.
  it('leaves PGlite and date-holidays out of every zip, and keeps the packages loaded on first use', async () => {
    const listings = Object.fromEntries(await Promise.all(manifest.functions.map(async (f) => [f.name, await zipListing(f.path)] as const)));
    for (const [name, files] of Object.entries(listings)) {
      expect(files.filter((f) => f.startsWith('node_modules/@electric-sql/') || f.startsWith('node_modules/date-holidays')), name).toEqual([]);
    }
    for (const name of ['meetings', 'agenda', 'painel', 'outbox-drain']) {
      expect(listings[name], name).toContain('node_modules/nodemailer/package.json');
    }
    // The functions that build an invite or a calendar feed (the drain only sends what is already written).
    for (const name of ['meetings', 'agenda', 'painel', 'manage']) expect(listings[name], name).toContain('node_modules/ics/package.json');
    // The functions that read a calendar feed: its parse runs in a worker thread that requires node-ical from
    // the zip's node_modules (functions/lib/calendar/parse-worker.ts), so the package must be there as files.
    for (const name of ['calendar-sync', 'availability', 'painel']) expect(listings[name], name).toContain('node_modules/node-ical/package.json');
  });

  // The cold start (docs/operations.md "Cold start"): a cold instance spent most of its import resolving and
  // reading module files (meetings: 146, 105 of them zod's), so each function's code and the packages it imports
  // are one file (scripts/build/functions.mjs). Here, per zip: one module of its own code (Netlify's ___netlify-*
  // files aside) and none of the packages loaded at import left as files. Beside it only what is loaded on first
  // use: nodemailer, ics and node-ical (a require made at run time), with their dependencies.
  it('ships each function as one file, with no package it imports at load time beside it', async () => {
    const IMPORTED_AT_LOAD = ['zod', 'postgres', '@date-fns', 'js-yaml', 'lru-cache', 'standardwebhooks', 'astro', 'csv-stringify', 'date-fns'];
    for (const fn of manifest.functions) {
      const files = await zipListing(fn.path);
      const code = files.filter((f) => /\.[mc]?js$/.test(f) && !f.startsWith('node_modules/') && !f.startsWith('___netlify-'));
      expect(code, fn.name).toEqual([await functionFile(fn.path)]);
      expect(files.filter((f) => IMPORTED_AT_LOAD.some((p) => f.startsWith(`node_modules/${p}/`))), fn.name).toEqual([]);
    }
  });

  // The embedded database is not in the zips, so a deploy without a database setting cannot open one: it says
  // which setting is missing (one log line) instead of keeping leads on a disk that goes with the instance.
  it('without DATABASE_URL answers 503 naming it; a preview without PREVIEW_DATABASE_URL names that', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bundle-data-'));
    try {
      const production = await call({ DATA_DIR: dataDir }, 'GET', '/api/health');
      expect(production.status).toBe(503);
      expect(production.log).toContain('[health] store unavailable: database_url_missing (set DATABASE_URL');
      const preview = await call({ DATA_DIR: dataDir, CONTEXT: 'deploy-preview', DATABASE_URL: 'postgres://production.example.com/db' }, 'POST', '/api/leads', { ...validRequest, idempotencyKey: key() });
      expect(preview.status).toBe(503);
      expect(preview.log).toContain('[leads] store unavailable: preview_database_missing (no database for this preview (deploy-preview): set PREVIEW_DATABASE_URL');
      expect(await readdir(dataDir)).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  const serverUrl = inject('postgresUrl');
  const pooledUrl = inject('pooledUrl');
  describe.skipIf(!serverUrl)('on PostgreSQL', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase(serverUrl!);
    });
    afterAll(() => db?.drop());
    it('runs lead → availability → booking with DATABASE_URL from the bundles', async () => {
      await leadToBooking({ DATABASE_URL: db.url, DATA_DIR: join(tmpdir(), 'unused-data-dir') }, 'postgres');
    }, 120_000);
    // As deployed on Supabase: the functions through the transaction pooler, the database migrated directly.
    it.skipIf(!pooledUrl)('runs lead → availability → booking through the transaction pooler (PgBouncer) from the bundles', async () => {
      await leadToBooking({ DATABASE_URL: pooledDatabaseUrl(pooledUrl!, db.name), DATA_DIR: join(tmpdir(), 'unused-data-dir') }, 'postgres');
    }, 120_000);
  });
});
