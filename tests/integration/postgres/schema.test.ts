// The production schema on a real server: migrations where Supabase's roles already exist, row-level
// security as `anon`, the domain's option lists equal the CHECK constraints, and bad configuration.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createApp, openStore } from '../../../functions/lib/app';
import { readEnv } from '../../../functions/lib/env';
import { createLeadsHandler } from '../../../functions/lib/handlers/leads';
import { copy } from '../../../functions/lib/http';
import { applyMigrations, pendingMigrations, versionOf } from '../../../functions/lib/store/migrate';
import { loadMigrations } from '../../../functions/lib/store/migrations';
import { postgresClient } from '../../../functions/lib/store/postgres';
import {
  cargoValues, faturamentoValues, modeloNegocioValues, numeroVendedoresValues, segmentoValues, serviceValues,
} from '../../../src/domain/options';
import { createTestDatabase, type TestDatabase } from '../../support/postgres-db';
import { key, postJson, PRESELLERS, validRequest } from '../helpers';
import { openPostgresApp } from './support';

const serverUrl = inject('postgresUrl');
const tables = ['leads', 'presellers', 'preseller_time_off', 'meetings', 'outbox'];

describe.skipIf(!serverUrl)('PostgreSQL schema', () => {
  let db: TestDatabase;
  let sql: postgres.Sql;
  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!);
    sql = postgres(db.url, { max: 1, onnotice: () => {} });
    // One row in every table, through the real handlers where there is one.
    const app = await openPostgresApp(db.url);
    const res = await createLeadsHandler(async () => app)(postJson('/api/leads', { ...validRequest, idempotencyKey: key() }));
    expect(res.status).toBe(201);
    const leadId = (await res.json()).id;
    await sql`insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key)
      values (${leadId}, ${PRESELLERS.ana}, now() + interval '3 days', now() + interval '3 days 30 minutes', 'consultoria', 70, ${key()})`;
    await sql`insert into preseller_time_off (preseller_id, starts_at, ends_at) values (${PRESELLERS.bruno}, now(), now() + interval '1 day')`;
    await app.outbox.idle();
    await app.store.close();
  });
  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await db?.drop();
  });

  it('every PL/pgSQL function of the app plans without JIT (supabase/migrations/20261129200100_jit_off.sql)', async () => {
    const functions = await sql<{ name: string; config: string[] | null }[]>`
      select p.proname as name, p.proconfig as config from pg_proc p
      join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
      where n.nspname = 'public' and l.lanname = 'plpgsql' and p.prokind = 'f' order by 1`;
    expect(functions.length).toBeGreaterThan(20);
    // A function redefined after that migration must carry `set jit = off` in its own definition.
    expect(functions.filter((f) => !(f.config ?? []).includes('jit=off')).map((f) => f.name)).toEqual([]);
    // The booking path's functions among them.
    expect(functions.map((f) => f.name)).toEqual(expect.arrayContaining(['book_meeting', 'create_lead', 'claim_outbox']));
  });

  it('migrations applied where anon, authenticated and service_role already existed, recorded like the Supabase CLI; a re-run applies nothing', async () => {
    const { migrations } = await loadMigrations();
    const ledger = await sql<{ version: string; name: string; statements: string[] }[]>`
      select version, name, statements from supabase_migrations.schema_migrations order by version`;
    expect(ledger.map((r) => `${r.version}_${r.name}.sql`)).toEqual(migrations.map((m) => m.name));
    expect(ledger.every((r) => r.statements.length === 1)).toBe(true);
    const roles = await sql`select rolname, rolbypassrls from pg_roles where rolname in ('anon', 'authenticated', 'service_role') order by rolname`;
    expect(roles).toEqual([
      { rolname: 'anon', rolbypassrls: false }, { rolname: 'authenticated', rolbypassrls: false }, { rolname: 'service_role', rolbypassrls: true },
    ]);
    const client = postgresClient(postgres(db.url, { max: 1, prepare: false, onnotice: () => {} }));
    try {
      expect(await applyMigrations(client)).toEqual([]);
      expect(await pendingMigrations(client)).toEqual([]);
    } finally {
      await client.close();
    }
    expect(versionOf('20261121000100_data_subject.sql')).toEqual({ version: '20261121000100', name: 'data_subject' });
  });

  /** Runs one statement as `role` inside its own transaction; resolves with the rows or the SQLSTATE. */
  async function asRole(role: string, statement: string): Promise<{ rows?: unknown[]; code?: string }> {
    try {
      const rows = await sql.begin(async (tx) => {
        await tx.unsafe(`set local role ${role}`);
        return [...(await tx.unsafe(statement))];
      });
      return { rows };
    } catch (error) {
      return { code: (error as { code?: string }).code };
    }
  }

  it('as anon: every table reads 0 rows although the data exists', async () => {
    for (const table of tables) {
      const [{ n }] = await sql.unsafe(`select count(*)::int as n from ${table}`);
      expect(n, `${table} as owner`).toBeGreaterThan(0);
      expect(await asRole('anon', `select * from ${table}`), table).toEqual({ rows: [] });
    }
  });

  it('as anon: a valid insert is rejected by row-level security (42501), and the write functions are not callable', async () => {
    expect(await asRole('anon', `insert into presellers (name, email) values ('Intrusa', 'intrusa@example.com')`)).toEqual({ code: '42501' });
    const lead = `insert into leads (idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores, segmento,
      modelo_negocio, origem, consent_at, privacy_policy_version) values ('anon-key-123', 'Ab', 'a@b.c', '4399999888', 'Ab',
      '11222333000181', 'outro', '0-50', 'nenhum', 'ecommerce', 'b2b', 'x', now(), 'v1')`;
    expect(await asRole('anon', lead)).toEqual({ code: '42501' });
    // The same statement is valid: as the owner it is stored (then removed), so 42501 above was RLS.
    await sql.begin(async (tx) => {
      await tx.unsafe(lead);
      await tx.unsafe(`delete from leads where idempotency_key = 'anon-key-123'`);
    });
    for (const call of [`select * from create_lead('{}'::jsonb, '[]'::jsonb)`, `select * from book_meeting('{}'::jsonb, '[]'::jsonb)`,
      `select * from list_busy(now(), now())`, `select * from claim_outbox(now(), 1, 1, 1)`,
      `select routing_admin('{"action": "weight", "email": "ana.souza@consultores.example.com", "weight": 1}'::jsonb)`,
      `select routing_why('{}'::jsonb)`, `select routing_report('{"month": "2026-11"}'::jsonb)`]) {
      expect(await asRole('anon', call), call).toEqual({ code: '42501' });
    }
    expect(await asRole('anon', 'update presellers set active = false')).toEqual({ rows: [] });
    const [{ n }] = await sql`select count(*)::int as n from presellers where active`;
    expect(n).toBe(3);
  });

  it('the option values in the domain equal the CHECK constraints', async () => {
    const defs = await sql<{ tbl: string; def: string }[]>`
      select conrelid::regclass::text as tbl, pg_get_constraintdef(oid) as def from pg_constraint
      where contype = 'c' and conrelid in ('public.leads'::regclass, 'public.meetings'::regclass)`;
    const allowed = new Map<string, string[]>();
    for (const { tbl, def } of defs) {
      const column = /\(\((\w+) = ANY \(ARRAY\[/.exec(def)?.[1];
      if (column) allowed.set(`${tbl}.${column}`, [...def.matchAll(/'([^']*)'::text/g)].map((m) => m[1]).sort());
    }
    const domain: Record<string, readonly string[]> = {
      'leads.cargo': cargoValues, 'leads.faturamento': faturamentoValues, 'leads.vendedores': numeroVendedoresValues,
      'leads.segmento': segmentoValues, 'leads.modelo_negocio': modeloNegocioValues, 'meetings.service': serviceValues,
    };
    for (const [column, values] of Object.entries(domain)) expect(allowed.get(column), column).toEqual([...values].sort());
  });
});

describe.skipIf(!serverUrl)('bad DATABASE_URL: one log line naming the fix, 503 with the usual copy', () => {
  async function answer(url: string) {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const env = readEnv({ DATABASE_URL: url });
      const handler = createLeadsHandler(async () => createApp({ env, store: await openStore(env), send: async () => {} }));
      const res = await handler(postJson('/api/leads', { ...validRequest, idempotencyKey: key() }));
      return { status: res.status, body: await res.text(), retryAfter: res.headers.get('retry-after'), logged: errors.mock.calls.map((c) => c.join(' ')) };
    } finally {
      errors.mockRestore();
    }
  }
  const expectUnavailable = (result: Awaited<ReturnType<typeof answer>>, line: RegExp) => {
    expect(result.status).toBe(503);
    expect(JSON.parse(result.body)).toEqual({ error: copy.unavailable });
    expect(result.retryAfter).toBe('30');
    expect(result.logged).toHaveLength(1);
    expect(result.logged[0]).toMatch(line);
    expect(result.logged[0]).not.toContain('test-only-password');
  };

  it('unreachable server', async () => {
    const url = new URL(serverUrl!);
    url.port = '1';
    expectUnavailable(await answer(url.href), /^\[leads\] store unavailable: postgres_unreachable:ECONNREFUSED \(check the host and port in DATABASE_URL\)$/);
  });

  it('wrong password', async () => {
    const url = new URL(serverUrl!);
    url.password = 'wrong';
    expectUnavailable(await answer(url.href), /^\[leads\] store unavailable: postgres_auth_failed:28P01 \(check the user and password in DATABASE_URL\)$/);
  });

  it('a migration missing from the database', async () => {
    const { migrations } = await loadMigrations();
    const behind = await createTestDatabase(serverUrl!, { upTo: migrations.length - 1 });
    try {
      const last = versionOf(migrations.at(-1)!.name).version;
      expectUnavailable(await answer(behind.url), new RegExp(`^\\[leads\\] store unavailable: postgres_migration_missing:${last} \\(run \`npm run db:migrate\`\\)$`));
    } finally {
      await behind.drop();
    }
  });
});
