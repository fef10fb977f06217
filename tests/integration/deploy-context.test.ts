// A deploy preview that holds production's settings (Netlify gives a variable to every context unless the
// operator scopes it): the deployed entry points, run in a preview context as Netlify runs them (its global
// `Netlify.context.deploy.context`), on a real PostgreSQL server standing in for production and a real SMTP
// server on loopback. Production already has a due mail, the hazard of an unscoped preview: its flush and its
// scheduled drain would claim that mail and send it from the wrong deploy.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createTestDatabase, type TestDatabase } from '../support/postgres-db';
import { freePort } from '../support/site-process.mjs';
import { key, postJson, validRequest } from './helpers';
import { openPostgresApp } from './postgres/support';
import { startSmtp, stopSmtp, type Received } from './smtp';

const serverUrl = inject('postgresUrl');

type OutboxRow = { id: string; attempts: number; sent_at: Date | null; locked_until: Date | null };

describe.skipIf(!serverUrl)('a deploy preview with production\'s DATABASE_URL and SMTP_URL in its environment', () => {
  let production: TestDatabase;
  let previewDatabase: TestDatabase;
  let dataDir: string;
  let smtp: SMTPServer;
  let smtpPort: number;
  const inbox: Received[] = [];
  const countLeads = async (url: string) => {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      return Number((await sql`select count(*)::int as n from leads`)[0].n);
    } finally {
      await sql.end({ timeout: 5 });
    }
  };
  const productionOutbox = async () => {
    const sql = postgres(production.url, { max: 1, onnotice: () => {} });
    try {
      return (await sql`select id, attempts, sent_at, locked_until from outbox order by id`) as unknown as OutboxRow[];
    } finally {
      await sql.end({ timeout: 5 });
    }
  };

  /** The deployed functions, imported fresh (their app is opened on first use) inside a `context` invocation. */
  async function asDeploy(context: string, env: Record<string, string>) {
    vi.resetModules();
    vi.unstubAllEnvs();
    for (const [name, value] of Object.entries({ SUPABASE_URL: '', DATABASE_URL: '', PREVIEW_DATABASE_URL: '', PREVIEW_SMTP_URL: '', CONTEXT: '', ...env })) vi.stubEnv(name, value);
    (globalThis as { Netlify?: unknown }).Netlify = { context: { deploy: { context } } };
    const leads = (await import('../../functions/leads.ts')).default;
    const drain = (await import('../../functions/outbox-drain.ts')).default;
    const { getApp } = await import('../../functions/lib/app');
    return { leads, drain, getApp };
  }

  beforeAll(async () => {
    production = await createTestDatabase(serverUrl!);
    previewDatabase = await createTestDatabase(serverUrl!);
    dataDir = await mkdtemp(join(tmpdir(), 'mentor-preview-'));
    smtpPort = await freePort();
    smtp = await startSmtp(smtpPort, inbox);
    // Production's own lead, its mail queued and due (as when production's SMTP was briefly down).
    const app = await openPostgresApp(production.url, { send: async () => { throw new Error('smtp down'); } });
    const created = await createLeadsHandler(async () => app)(postJson('/api/leads', { ...validRequest, email: 'producao@cliente.example.com', idempotencyKey: key() }));
    expect(created.status).toBe(201);
    await app.outbox.idle();
    await app.store.close();
    const sql = postgres(production.url, { max: 1, onnotice: () => {} });
    await sql`update outbox set next_attempt_at = now() - interval '1 minute', locked_until = null, attempts = 0, last_error = null`;
    await sql.end({ timeout: 5 });
  });
  afterAll(async () => {
    delete (globalThis as { Netlify?: unknown }).Netlify;
    vi.unstubAllEnvs();
    vi.resetModules();
    await stopSmtp(smtp);
    await production?.drop();
    await previewDatabase?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  // The deployed functions carry no embedded database (netlify.toml; docs/operations.md "Cold start"), so a
  // preview given no database of its own has none: it answers 503 naming the setting, and reaches nothing.
  it('without PREVIEW_ settings: answers 503 naming PREVIEW_DATABASE_URL; production is not touched, nothing is sent', async () => {
    const before = await productionOutbox();
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((r) => r.sent_at === null && r.attempts === 0)).toBe(true);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { leads, drain } = await asDeploy('deploy-preview', { DATABASE_URL: production.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DATA_DIR: dataDir });
    const created = await leads(postJson('/api/leads', { ...validRequest, email: 'previa@cliente.example.com', idempotencyKey: key() }));
    expect(created.status).toBe(503);
    expect(created.headers.get('retry-after')).toBe('30');
    await expect(drain()).rejects.toMatchObject({ code: 'preview_database_missing' });

    expect(await countLeads(production.url)).toBe(1);
    expect(await productionOutbox()).toEqual(before);
    expect(inbox).toEqual([]);
    expect(await readdir(dataDir)).toEqual([]); // no embedded database was opened, no mail written
    // A line says why, naming the settings and never their values (once per attempt to open: a failed open is
    // tried again on the next request); the 503's log line names the fix.
    const lines = warn.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('deploy_context:'));
    expect(new Set(lines)).toEqual(new Set(['deploy_context:deploy-preview production settings not read: DATABASE_URL, SMTP_URL; database: none (PREVIEW_DATABASE_URL unset: 503)']));
    expect(error.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringMatching(/^\[leads\] store unavailable: preview_database_missing \(no database for this preview \(deploy-preview\): set PREVIEW_DATABASE_URL/));
    warn.mockRestore();
    error.mockRestore();
  });

  it('with PREVIEW_DATABASE_URL and PREVIEW_SMTP_URL: uses those; production is not touched', async () => {
    const before = await productionOutbox();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { leads, drain, getApp } = await asDeploy('branch-deploy', {
      DATABASE_URL: production.url,
      SMTP_URL: 'smtp://127.0.0.1:9',
      PREVIEW_DATABASE_URL: previewDatabase.url,
      PREVIEW_SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      DATA_DIR: dataDir,
    });
    const created = await leads(postJson('/api/leads', { ...validRequest, email: 'ramo@cliente.example.com', idempotencyKey: key() }));
    expect(created.status).toBe(201);
    expect((await drain()).status).toBe(204);
    const app = await getApp();
    await app.outbox.idle();
    expect(app.store.kind).toBe('postgres');
    await app.store.close();
    warn.mockRestore();

    expect(await countLeads(previewDatabase.url)).toBe(1);
    expect(await countLeads(production.url)).toBe(1);
    expect(await productionOutbox()).toEqual(before);
    // The preview's own mail (the new lead's notice) went out through the preview's server; production's due
    // mail (its lead's notice) did not.
    expect(inbox.some((m) => m.raw.includes('ramo@cliente.example.com'))).toBe(true);
    expect(inbox.some((m) => m.raw.includes('producao@cliente.example.com'))).toBe(false);
  });

  it('in production, the same entry points use DATABASE_URL: the check above can see a production write', async () => {
    const { leads, getApp } = await asDeploy('production', { DATABASE_URL: production.url, SMTP_URL: 'smtp://127.0.0.1:9', DATA_DIR: dataDir });
    const created = await leads(postJson('/api/leads', { ...validRequest, email: 'producao2@cliente.example.com', idempotencyKey: key() }));
    expect(created.status).toBe(201);
    const app = await getApp();
    await app.outbox.idle();
    await app.store.close();
    expect(await countLeads(production.url)).toBe(2);
  });
});
