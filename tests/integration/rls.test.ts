// The public anon key must read and write nothing: RLS on every table and no policy for anon.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { futureWorkday, key, openTestApp, postJson, PRESELLERS, validRequest, type TestApp } from './helpers';

let app: TestApp;
let leadId: string;
beforeAll(async () => {
  app = await openTestApp();
  const res = await createLeadsHandler(async () => app)(postJson('/api/leads', { ...validRequest, idempotencyKey: key() }));
  leadId = (await res.json()).id;
  const booked = await createMeetingsHandler(async () => app)(postJson('/api/meetings', {
    leadId, scheduledDate: futureWorkday(3), scheduledTime: '10:00', service: 'consultoria', diagnosticScore: 75, idempotencyKey: key(),
  }));
  expect(booked.status).toBe(201);
  await app.store.db.query(`insert into preseller_time_off (preseller_id, starts_at, ends_at) values ($1, now(), now() + interval '1 day')`, [PRESELLERS.ana]);
});
afterAll(() => app.close());

const tables = ['leads', 'presellers', 'preseller_time_off', 'meetings', 'outbox'];

async function asRole<T>(role: string, run: () => Promise<T>): Promise<T> {
  await app.store.db.exec(`set role ${role}`);
  try {
    return await run();
  } finally {
    await app.store.db.exec('reset role');
  }
}

describe('row-level security', () => {
  it('has RLS enabled and no policies on every table', async () => {
    const { rows } = await app.store.db.query<{ relname: string; relrowsecurity: boolean }>(
      `select relname, relrowsecurity from pg_class where relnamespace = 'public'::regnamespace and relname = any($1)`, [tables]);
    expect(rows.map((r) => r.relname).sort()).toEqual([...tables].sort());
    expect(rows.every((r) => r.relrowsecurity)).toBe(true);
    const policies = await app.store.db.query(`select * from pg_policies where schemaname = 'public'`);
    expect(policies.rows).toEqual([]);
  });

  it('as anon, selects return 0 rows although the data exists', async () => {
    for (const table of tables) {
      const { rows } = await app.store.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      expect(rows[0].n, `${table} as owner`).toBeGreaterThan(0);
      const anon = await asRole('anon', () => app.store.db.query(`select * from ${table}`));
      expect(anon.rows, table).toEqual([]);
    }
  });

  it('as anon, inserts, updates and the write functions fail', async () => {
    await asRole('anon', async () => {
      // SQLSTATE 42501 from RLS itself: each row is otherwise valid (no foreign-key or check failure to hide behind).
      await expect(app.store.db.query(`insert into presellers (name, email) values ('Intruso', 'x@y.z')`)).rejects.toMatchObject({ code: '42501' });
      await expect(app.store.db.query(
        `insert into leads (idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores, segmento, modelo_negocio, origem, consent_at, privacy_policy_version)
         values ('anon-key-1', 'Ab', 'a@b.c', '4399999888', 'Ab', '11222333000181', 'outro', '0-50', 'nenhum', 'ecommerce', 'b2b', 'x', now(), 'v1')`,
      )).rejects.toMatchObject({ code: '42501' });
      await expect(app.store.db.query(
        `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key)
         values ($2, $1, now() + interval '90 days', now() + interval '90 days 30 min', 'consultoria', 75, 'anon-key-2')`, [PRESELLERS.ana, leadId],
      )).rejects.toMatchObject({ code: '42501' });
      const updated = await app.store.db.query(`update presellers set active = false`);
      expect(updated.affectedRows ?? 0).toBe(0);
      await expect(app.store.db.query(`select * from create_lead('{}'::jsonb, '[]'::jsonb)`)).rejects.toThrow(/permission denied/);
      await expect(app.store.db.query(`select * from book_meeting('{}'::jsonb, '[]'::jsonb)`)).rejects.toThrow(/permission denied/);
      await expect(app.store.db.query(`select * from list_busy(now(), now())`)).rejects.toThrow(/permission denied/);
    });
    const { rows } = await app.store.db.query<{ n: number }>('select count(*)::int as n from presellers where active');
    expect(rows[0].n).toBe(3);
  });
});
