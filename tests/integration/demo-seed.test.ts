// The painel's demo data (`npm run db:seed -- --demo N`, scripts/ops/demo-seed.mjs) on PGlite and on a real
// PostgreSQL server: counts, the schema's rules, no overlapping meetings, a refused second load, and the
// painel's lists reading it.
import { execFile } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { painelStore, type Viewer } from '../../functions/lib/painel/store';
import { openPgliteStore } from '../../functions/lib/store/pglite';
import { connect, openPostgresStore, postgresClient } from '../../functions/lib/store/postgres';
import type { SqlClient } from '../../functions/lib/store/client';
import type { Store } from '../../functions/lib/store/port';
import { isValidCnpj } from '../../src/domain/cnpj';
import { cargoValues, faturamentoValues, modeloNegocioValues, numeroVendedoresValues, segmentoValues } from '../../src/domain/options';
import { createTestDatabase } from '../support/postgres-db';
import { DEMO_CONSULTANTS, seedDemo } from '../../scripts/ops/demo-seed.mjs';
import { cliDataDir } from './consultants-process';
import { POLICY_VERSION } from './helpers';

const N = 1000;
const mentor: Viewer = { role: 'mentor', email: 'm@x', name: null, preseller: null };
/** seeder: what `npm run db:seed` seeds through (its transaction needs the migrations' client on PostgreSQL). */
type Opened = { store: Store & { sql: SqlClient }; seeder: SqlClient; close(): Promise<void> };

const stores: { name: string; open(): Promise<Opened> }[] = [{
  name: 'PGlite',
  async open() {
    // The run's migrated database copied (cliDataDir): the seed is the subject, the migrations are tested from scratch elsewhere.
    const dir = await cliDataDir('demo-seed-');
    const store = await openPgliteStore(dir);
    return { store, seeder: store.sql, close: () => store.close().finally(() => rm(dir, { recursive: true, force: true })) };
  },
}];
const serverUrl = inject('postgresUrl');
if (serverUrl) {
  stores.push({
    name: 'PostgreSQL',
    async open() {
      const db = await createTestDatabase(serverUrl);
      const store = await openPostgresStore({ url: db.url, poolMax: 2 });
      const seeder = postgresClient(connect({ url: db.url, poolMax: 1 }, { pipelining: true }));
      return { store, seeder, close: () => Promise.all([store.close(), seeder.close()]).then(() => {}).finally(() => db.drop()) };
    },
  });
}

describe.each(stores)('demo seed on $name', ({ open }) => {
  let opened: Opened;
  const q = <T>(sql: string) => opened.store.sql.query<T>(sql);
  const one = async <T>(sql: string) => (await q<T>(sql))[0];

  beforeAll(async () => {
    opened = await open();
    expect(await seedDemo(opened.seeder, N, { policyVersion: POLICY_VERSION })).toEqual({ status: 'seeded', leads: N, meetings: N * 0.4 });
  }, 120_000);
  afterAll(() => opened?.close());

  it('adds six active consultants and leads whose every field passes the form rules', async () => {
    const consultants = await q<{ email: string; active: boolean }>(`select email, active from presellers where email like '%@consultores.example.com.br'`);
    expect(consultants.map((c) => c.email).sort()).toEqual(DEMO_CONSULTANTS.map(([, e]) => e).sort());
    expect(consultants.every((c) => c.active)).toBe(true);

    const leads = await q<Record<string, string | null> & { consent_at: Date; created_at: Date }>(`select * from leads where origem = 'demo'`);
    expect(leads).toHaveLength(N);
    for (const l of leads) {
      expect(isValidCnpj(l.cnpj!)).toBe(true);
      expect(l.telefone).toMatch(/^\d{10,11}$/);
      expect(l.email).toMatch(/^[a-z]+\.[a-z]+\d+@example\.com\.br$/);
      expect(cargoValues).toContain(l.cargo);
      expect(faturamentoValues).toContain(l.faturamento);
      expect(numeroVendedoresValues).toContain(l.vendedores);
      expect(segmentoValues).toContain(l.segmento);
      expect(modeloNegocioValues).toContain(l.modelo_negocio);
      expect(l.privacy_policy_version).toBe(POLICY_VERSION);
      expect(l.consent_at.getTime()).toBe(l.created_at.getTime());
      expect(l.created_at.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(new Set(leads.map((l) => l.nome)).size).toBeGreaterThan(N / 2);
  });

  it('spreads meetings from about 23 months back to a month ahead, each after its lead, none overlapping', async () => {
    const span = await one<{ first: Date; last: Date; future: number; early: number }>(`select min(starts_at) as first, max(starts_at) as last,
      count(*) filter (where starts_at > now())::int as future,
      (select count(*)::int from meetings m join leads l on l.id = m.lead_id where m.created_at < l.created_at or m.created_at > now()) as early
      from meetings where idempotency_key like 'demo-meeting-%'`);
    const months = (d: Date) => (d.getTime() - Date.now()) / (30.44 * 86_400_000);
    expect(months(span.first)).toBeLessThan(-22);
    expect(months(span.first)).toBeGreaterThan(-24.5);
    expect(months(span.last)).toBeGreaterThan(0.5);
    expect(months(span.last)).toBeLessThan(1.2);
    expect(span.future).toBeGreaterThan(0);
    expect(span.early).toBe(0);
    // Cancelled ones included: no consultant is ever booked twice at one time.
    const overlaps = await one<{ n: number }>(`select count(*)::int as n from meetings a join meetings b
      on a.preseller_id = b.preseller_id and a.id < b.id and a.starts_at < b.ends_at and b.starts_at < a.ends_at`);
    expect(overlaps.n).toBe(0);
  });

  it('cancels about 8% (who, when, why, in the history) and records outcomes on about 85% of the past ones', async () => {
    const c = await one<{ cancelled: number; complete: number; events: number }>(`select count(*)::int as cancelled,
      count(*) filter (where cancelled_by is not null and cancelled_at between created_at and now() and sequence = 1)::int as complete,
      (select count(*)::int from meeting_events where kind = 'cancelled') as events
      from meetings where status = 'cancelled'`);
    expect(c.cancelled / (N * 0.4)).toBeGreaterThan(0.04);
    expect(c.cancelled / (N * 0.4)).toBeLessThan(0.13);
    expect(c.complete).toBe(c.cancelled);
    expect(c.events).toBe(c.cancelled);
    const o = await one<{ past: number; recorded: number; late: number }>(`select count(*)::int as past,
      count(*) filter (where exists (select 1 from meeting_outcomes o where o.meeting_id = m.id))::int as recorded,
      (select count(*)::int from meeting_outcomes o join meetings x on x.id = o.meeting_id where o.recorded_at < x.ends_at or x.status <> 'scheduled') as late
      from meetings m where m.status = 'scheduled' and m.ends_at <= now()`);
    expect(o.recorded / o.past).toBeGreaterThan(0.78);
    expect(o.recorded / o.past).toBeLessThan(0.92);
    expect(o.late).toBe(0);
  });

  it('books each meeting when it was made (spread over the months) and tells three campaigns of different quality apart', async () => {
    const b = await one<{ same: number; months: number }>(`select count(*) filter (where booked_at = created_at)::int as same,
      count(distinct date_trunc('month', booked_at))::int as months from meetings`);
    expect(b.same).toBe(N * 0.4);
    expect(b.months).toBeGreaterThan(20);
    const rates = await q<{ campaign: string; leads: number; rate: number }>(`select l.first_touch->>'utm_campaign' as campaign,
      count(distinct l.id)::int as leads, avg(case when o.qualified then 1 else 0 end)::float as rate
      from leads l left join meetings m on m.lead_id = l.id left join meeting_outcomes o on o.meeting_id = m.id and o.attendance = 'attended'
      where l.first_touch ? 'utm_campaign' group by 1 order by 3 desc`);
    expect(rates.map((r) => r.campaign)).toEqual(['energia-solar-busca', 'lookalike-empresarios', 'reels-vendas']);
    expect(rates.every((r) => r.leads > N * 0.1)).toBe(true);
    const other = await one<{ referred: number; none: number; rule: number }>(`select
      count(*) filter (where first_touch->>'referrer_host' = 'www.google.com')::int as referred,
      count(*) filter (where first_touch is null)::int as none, count(*) filter (where routing_kind = 'none')::int as rule from leads`);
    expect(other.referred).toBeGreaterThan(0);
    expect(other.none).toBeGreaterThan(0);
    expect(other.rule).toBeGreaterThan(0);
  });

  it('has deals after qualified meetings, by their consultant, and spend that pays back a few times, one campaign unmapped', async () => {
    const d = await one<{ deals: number; orphans: number; won: number; lost: number; open: number; early: number }>(`select count(*)::int as deals,
      count(*) filter (where not exists (select 1 from meetings m join meeting_outcomes o on o.meeting_id = m.id
        where m.lead_id = d.lead_id and m.preseller_id = d.preseller_id and o.attendance = 'attended' and o.qualified))::int as orphans,
      count(*) filter (where stage = 'ganho')::int as won, count(*) filter (where stage = 'perdido')::int as lost,
      count(*) filter (where stage in ('proposta_enviada', 'em_negociacao'))::int as open,
      count(*) filter (where won_at < created_at or lost_at < created_at or created_at > now())::int as early from deals d`);
    expect(d).toMatchObject({ orphans: 0, early: 0 });
    expect(d.deals).toBeGreaterThan(N * 0.02);
    for (const n of [d.won, d.lost, d.open]) expect(n).toBeGreaterThan(0);
    const money = await one<{ spend: number; won: number; unmapped: number; campaigns: number }>(`select
      (select sum(spend_cents)::float from ad_spend) as spend,
      (select sum(deal_total_cents(billing, value_cents, months))::float from deals where stage = 'ganho') as won,
      (select count(distinct s.campaign)::int from ad_spend s left join campaign_map m using (platform, campaign) where m.campaign is null) as unmapped,
      (select count(distinct utm_campaign)::int from campaign_map) as campaigns`);
    expect(money.won / money.spend).toBeGreaterThan(2);
    expect(money.won / money.spend).toBeLessThan(10);
    expect(money).toMatchObject({ unmapped: 1, campaigns: 4 });
  });

  it('is what the painel lists: every tab, the leads with their keyset pages', async () => {
    const painel = painelStore(opened.store);
    const now = new Date();
    for (const tab of ['proximas', 'sem-desfecho', 'canceladas', 'passadas'] as const) {
      expect((await painel.meetings(mentor, { tab }, now, 20)).length, tab).toBeGreaterThan(0);
    }
    const first = await painel.leads(mentor, {}, 50);
    expect(first).toHaveLength(50);
    const last = first.at(-1)!;
    const second = await painel.leads(mentor, {}, 50, { t: last.createdAt, id: last.id });
    expect(second).toHaveLength(50);
    expect(second.some((l) => first.some((f) => f.id === l.id))).toBe(false);
    expect(first.some((l) => l.meetings > 0)).toBe(true);
  });

  it('refuses a second load and leaves the data as it was', async () => {
    expect(await seedDemo(opened.seeder, N, { policyVersion: POLICY_VERSION })).toEqual({ status: 'exists' });
    expect((await one<{ n: number }>(`select count(*)::int as n from leads`)).n).toBe(N);
  });
});

describe('npm run db:seed -- --demo N', () => {
  const run = (args: string[], dataDir: string) => promisify(execFile)(process.execPath, ['scripts/ops/db.mjs', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SUPABASE_URL: '' },
  });

  it('loads only with the flag, once, on the embedded database', async () => {
    // Already migrated (a copy of the run's template): `db.mjs migrate` on it would apply nothing.
    const dataDir = await cliDataDir('demo-cli-');
    try {
      await run(['seed'], dataDir);
      // Had the plain seed loaded demo data, this would answer that it exists already.
      const loaded = await run(['seed', '--demo', '100'], dataDir);
      expect(loaded.stdout).toMatch(/100 leads e 40 reuniões/);
      expect((await run(['seed', '--demo', '100'], dataDir)).stdout).toMatch(/já existem/);
      await expect(run(['seed', '--demo', '5'], dataDir)).rejects.toMatchObject({ code: 2 });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
