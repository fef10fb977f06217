// Upgrading a database that already holds leads: the consent migration backfills, then enforces.
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { loadMigrations } from '../../functions/lib/store/migrations';
import { migrate, pgliteExtensions } from '../../functions/lib/store/pglite';

describe('lead consent migration', () => {
  it('backfills existing leads with created_at and a pre-policy label, then requires both columns', async () => {
    const db = await PGlite.create({ extensions: await pgliteExtensions() });
    try {
      const { migrations } = await loadMigrations();
      const before = migrations.filter((m) => m.name < '20261121000000');
      await db.exec('create table local_migrations (name text primary key, applied_at timestamptz not null default now())');
      for (const m of before) {
        await db.exec(m.sql);
        await db.query('insert into local_migrations (name) values ($1)', [m.name]);
      }
      await db.exec(`insert into leads (idempotency_key, nome, email, telefone, empresa, cnpj, cargo, faturamento, vendedores,
        segmento, modelo_negocio, origem, created_at) values ('old-key-123', 'Ab', 'a@b.c', '4399999888', 'Ab', '11222333000181',
        'outro', '0-50', 'nenhum', 'ecommerce', 'b2b', 'x', '2026-01-02T03:04:05Z')`);

      await migrate(db);
      const { rows } = await db.query('select consent_at, privacy_policy_version from leads');
      expect(rows).toEqual([{ consent_at: new Date('2026-01-02T03:04:05Z'), privacy_policy_version: 'anterior-a-2026-11-21' }]);
      const lead = { id: crypto.randomUUID(), idempotency_key: 'new-key-123', nome: 'Ab', email: 'a@b.c', telefone: '4399999888', empresa: 'Ab',
        cnpj: '11222333000181', cargo: 'outro', faturamento: '0-50', vendedores: 'nenhum', segmento: 'ecommerce', modelo_negocio: 'b2b', origem: 'x' };
      await expect(db.query('select * from create_lead($1)', [lead])).rejects.toThrow(/privacy_policy_version/);
      await expect(db.query('select * from create_lead($1)', [{ ...lead, privacy_policy_version: 'tem espaço' }])).rejects.toThrow(/leads_privacy_policy_version/);
    } finally {
      await db.close();
    }
  });
});
