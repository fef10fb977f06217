// What PGlite (one connection, one query at a time) cannot prove: the guarantees under parallel
// connections — the exclusion constraint, idempotency under concurrent retries, skip-locked outbox claims.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../../functions/lib/app';
import { createLeadsHandler } from '../../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../../functions/lib/handlers/meetings';
import { createOutbox } from '../../../functions/lib/mail/outbox';
import { openPostgresStore } from '../../../functions/lib/store/postgres';
import { zonedToUtc } from '../../../src/domain/scheduling/time';
import { createTestDatabase, pooledDatabaseUrl, type TestDatabase } from '../../support/postgres-db';
import { futureWorkday, key, postJson, PRESELLERS, validRequest } from '../helpers';
import { openPostgresApp } from './support';

const serverUrl = inject('postgresUrl');
const pooledUrl = inject('pooledUrl');

/**
 * The functions' URL of a test database: the server itself, or PgBouncer in transaction mode in front of it
 * (what Supabase gives serverless functions, port 6543). The database is migrated on the server directly.
 */
const ways = [
  { name: 'directly', skip: !serverUrl, functionsUrl: (db: TestDatabase) => db.url },
  { name: 'through the transaction pooler (PgBouncer)', skip: !serverUrl || !pooledUrl, functionsUrl: (db: TestDatabase) => pooledDatabaseUrl(pooledUrl!, db.name) },
];

describe.each(ways)('PostgreSQL under concurrency, $name', ({ skip, functionsUrl }) => {
  if (skip) return void it.skip('needs the PostgreSQL test cluster (and pgbouncer)');
  let db: TestDatabase;
  let app: App;
  let sql: postgres.Sql;
  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!);
    app = await openPostgresApp(functionsUrl(db), { poolMax: 12 });
    sql = postgres(db.url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await app?.store.close();
    await sql?.end({ timeout: 5 });
    await db?.drop();
  });

  it('50 parallel bookings of one time over ≥ 10 connections: successes == free consultants, no overlap', async () => {
    const date = futureWorkday(5);
    // Carla is on time off at 10:00, so two consultants are free.
    await sql`insert into preseller_time_off (preseller_id, starts_at, ends_at)
      values (${PRESELLERS.carla}, ${zonedToUtc(date, '09:30', 'America/Sao_Paulo')}, ${zonedToUtc(date, '11:00', 'America/Sao_Paulo')})`;
    const leads = createLeadsHandler(async () => app);
    const meetings = createMeetingsHandler(async () => app);
    const leadIds = await Promise.all(Array.from({ length: 50 }, async (_, i) => {
      const res = await leads(postJson('/api/leads', { ...validRequest, email: `par${i}@example.com`, idempotencyKey: key() }));
      expect(res.status).toBe(201);
      return (await res.json()).id as string;
    }));
    const chosen = [PRESELLERS.ana, PRESELLERS.bruno, PRESELLERS.carla];
    const responses = await Promise.all(leadIds.map((leadId, i) => meetings(postJson('/api/meetings', {
      leadId, scheduledDate: date, scheduledTime: '10:00', presellerId: chosen[i % 3], service: 'trafego', diagnosticScore: 75, idempotencyKey: key(),
    }))));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(48);
    const perConsultant = await sql<{ preseller_id: string; n: number }[]>`
      select preseller_id, count(*)::int as n from meetings
      where status = 'scheduled' and starts_at = ${zonedToUtc(date, '10:00', 'America/Sao_Paulo')} group by preseller_id order by preseller_id`;
    expect(perConsultant).toEqual([{ preseller_id: PRESELLERS.ana, n: 1 }, { preseller_id: PRESELLERS.bruno, n: 1 }]);
    // Real parallelism: the race ran over many server connections (the pooler's own, or the app's).
    const [{ connections }] = await sql<{ connections: number }[]>`
      select count(*)::int as connections from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
    expect(connections).toBeGreaterThanOrEqual(10);
    // No advisory lock outlives its transaction (a session-level lock would stay on a pooled connection).
    await app.outbox.idle();
    const [{ locks }] = await sql<{ locks: number }[]>`
      select count(*)::int as locks from pg_locks where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
    expect(locks).toBe(0);
  });

  it('concurrent retries of one lead and one meeting store each once', async () => {
    const leads = createLeadsHandler(async () => app);
    const meetings = createMeetingsHandler(async () => app);
    const leadKey = key();
    const email = `retry-${crypto.randomUUID()}@example.com`;
    const leadAnswers = await Promise.all(Array.from({ length: 20 }, () =>
      leads(postJson('/api/leads', { ...validRequest, email, idempotencyKey: leadKey }))));
    expect(leadAnswers.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
    const ids = new Set(await Promise.all(leadAnswers.map(async (r) => (await r.json()).id)));
    expect(ids.size).toBe(1);
    const [leadId] = ids;
    const [{ n: storedLeads }] = await sql<{ n: number }[]>`select count(*)::int as n from leads where idempotency_key = ${leadKey}`;
    expect(storedLeads).toBe(1);

    const meetingKey = key();
    const body = { leadId, scheduledDate: futureWorkday(6), scheduledTime: '14:00', service: 'consultoria', diagnosticScore: 60, idempotencyKey: meetingKey };
    const meetingAnswers = await Promise.all(Array.from({ length: 20 }, () => meetings(postJson('/api/meetings', body))));
    expect(meetingAnswers.map((r) => r.status).sort()).toEqual([...Array(19).fill(200), 201]);
    const meetingIds = new Set(await Promise.all(meetingAnswers.map(async (r) => (await r.json()).meeting.id)));
    expect(meetingIds.size).toBe(1);
    const [meetingId] = meetingIds;
    const [{ n: storedMeetings }] = await sql<{ n: number }[]>`select count(*)::int as n from meetings where idempotency_key = ${meetingKey}`;
    expect(storedMeetings).toBe(1);
    // One invite for the lead and one for the consultant, not one pair per retry.
    const [{ invites }] = await sql<{ invites: number }[]>`
      select count(*)::int as invites from outbox where message->'icalEvent'->>'content' like ${`%UID:${meetingId}@%`}`;
    expect(invites).toBe(2);
  });

  it('three concurrent drainers send every outbox message exactly once', async () => {
    // The app's own background drain (kicked by the bookings above) must not take part.
    await app.outbox.idle();
    await sql`update outbox set sent_at = now() where sent_at is null`;
    await sql`insert into outbox (kind, message)
      select 'drain-test', jsonb_build_object('to', 'd' || g || '@example.com', 'subject', 's', 'text', 't')
      from generate_series(1, 90) g`;
    const sent: string[] = [];
    const drainers = await Promise.all([1, 2, 3].map(async () => {
      const store = await openPostgresStore({ url: functionsUrl(db), poolMax: 2 });
      const outbox = createOutbox(store, async (id) => {
        sent.push(id);
        await new Promise((r) => setTimeout(r, 2));
      }, () => new Date());
      return { store, outbox };
    }));
    try {
      await Promise.all(drainers.map((d) => d.outbox.kick()));
      await Promise.all(drainers.map((d) => d.outbox.idle()));
    } finally {
      await Promise.all(drainers.map((d) => d.store.close()));
    }
    expect(sent).toHaveLength(90);
    expect(new Set(sent).size).toBe(90);
    const [{ unsent }] = await sql<{ unsent: number }[]>`select count(*)::int as unsent from outbox where sent_at is null`;
    expect(unsent).toBe(0);
  });
});
