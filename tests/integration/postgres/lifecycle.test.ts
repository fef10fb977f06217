// Booking-lifecycle races on real parallel connections (PGlite runs one query at a time and cannot show
// them): concurrent reschedules, a reschedule against new bookings, one email booking in parallel,
// and two reminder drains at once.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { App } from '../../../functions/lib/app';
import { createLeadsHandler } from '../../../functions/lib/handlers/leads';
import { createManageHandler } from '../../../functions/lib/handlers/manage';
import { createMeetingsHandler } from '../../../functions/lib/handlers/meetings';
import { queueDueReminders } from '../../../functions/lib/reminders';
import { zonedToUtc } from '../../../src/domain/scheduling/time';
import { createTestDatabase, type TestDatabase } from '../../support/postgres-db';
import { asDelivered, futureWorkday, key, postJson, PRESELLERS, validRequest } from '../helpers';
import type { MailContent } from '../../../functions/lib/store/port';
import { tokenIn } from '../lifecycle-helpers';
import { openPostgresApp } from './support';

const serverUrl = inject('postgresUrl');
const TZ = 'America/Sao_Paulo';
const TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00', '13:30', '14:00', '14:30'];

describe.skipIf(!serverUrl)('PostgreSQL: booking lifecycle under concurrency', () => {
  let db: TestDatabase;
  let app: App;
  let sql: postgres.Sql;
  let watcher: postgres.Sql;
  let clock: Date | null = null;
  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!);
    app = await openPostgresApp(db.url, { poolMax: 12, now: () => clock ?? new Date() });
    sql = postgres(db.url, { max: 1, onnotice: () => {} });
    watcher = postgres(db.url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await app?.store.close();
    await sql?.end({ timeout: 5 });
    await watcher?.end({ timeout: 5 });
    await db?.drop();
  });

  const leads = createLeadsHandler(async () => app);
  const meetings = createMeetingsHandler(async () => app);
  const manage = createManageHandler(async () => app);
  const newLead = async (email: string) =>
    (await (await leads(postJson('/api/leads', { ...validRequest, email, idempotencyKey: key() }))).json()).id as string;
  const book = (leadId: string, scheduledDate: string, scheduledTime: string, presellerId?: string) =>
    meetings(postJson('/api/meetings', { leadId, scheduledDate, scheduledTime, presellerId, service: 'consultoria', diagnosticScore: 75, idempotencyKey: key() }));

  async function bookWithToken(email: string, date: string, time: string, presellerId: string) {
    const res = await book(await newLead(email), date, time, presellerId);
    expect(res.status).toBe(201);
    const { meeting } = await res.json();
    const [mail] = await sql<{ id: string; message: MailContent; secrets: string[] | null }[]>`
      select id, message, secrets from outbox where kind = 'meeting-lead' and message->>'to' = ${email}`;
    return { id: meeting.id as string, token: tokenIn(asDelivered(mail).message) };
  }

  it('two reschedules of one meeting read at the same version: exactly one wins', async () => {
    const date = futureWorkday(5);
    const m = await bookWithToken('pg-race@example.com', date, '17:00', PRESELLERS.ana);
    const move = (time: string) =>
      manage(postJson('/api/manage', { action: 'reschedule', token: m.token, scheduledDate: date, scheduledTime: time, idempotencyKey: key() }));
    // Hold the meeting's row so both requests read it, then queue on its lock inside reschedule_meeting.
    let pending: Promise<Response[]> | null = null;
    await sql.begin(async (tx) => {
      await tx`select 1 from meetings where id = ${m.id} for update`;
      pending = Promise.all([move('13:00'), move('14:00')]);
      for (let waited = 0; ; waited += 20) {
        const [{ n }] = await watcher<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`;
        if (n >= 2) break;
        if (waited > 10_000) throw new Error('the reschedules never reached the row lock');
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    const results = await pending!;
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await results.find((r) => r.status === 409)!.json()).toEqual({ success: false, error: 'Este horário não está mais disponível. Escolha outro horário.' });
    const [row] = await sql<{ sequence: number }[]>`select sequence from meetings where id = ${m.id}`;
    expect(row.sequence).toBe(1);
  });

  it('ten reschedules of one meeting at once: every success is one whole version (no lost update)', async () => {
    const date = futureWorkday(9);
    const m = await bookWithToken('pg-race10@example.com', date, '17:00', PRESELLERS.ana);
    const results = await Promise.all(TIMES.map((time) =>
      manage(postJson('/api/manage', { action: 'reschedule', token: m.token, scheduledDate: date, scheduledTime: time, idempotencyKey: key() }))));
    const won = results.filter((r) => r.status === 200).length;
    expect(won).toBeGreaterThanOrEqual(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(10 - won);
    const [row] = await sql<{ sequence: number }[]>`select sequence from meetings where id = ${m.id}`;
    expect(row.sequence).toBe(won);
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from outbox where kind = 'meeting-rescheduled-lead' and message->>'to' = 'pg-race10@example.com'`;
    expect(n).toBe(won);
  });

  it('a reschedule racing nine new bookings of the same consultant and time: exactly one gets it', async () => {
    const date = futureWorkday(6);
    const m = await bookWithToken('pg-move@example.com', date, '09:00', PRESELLERS.ana);
    for (const p of [PRESELLERS.bruno, PRESELLERS.carla]) {
      await sql`insert into preseller_time_off (preseller_id, starts_at, ends_at) values (${p}, ${zonedToUtc(date, '10:00', TZ)}, ${zonedToUtc(date, '10:30', TZ)})`;
    }
    const others = await Promise.all(Array.from({ length: 9 }, (_, i) => newLead(`pg-other${i}@example.com`)));
    const results = await Promise.all([
      manage(postJson('/api/manage', { action: 'reschedule', token: m.token, scheduledDate: date, scheduledTime: '10:00', idempotencyKey: key() })),
      ...others.map((leadId) => book(leadId, date, '10:00', PRESELLERS.ana)),
    ]);
    expect(results.map((r) => r.status).filter((s) => s === 200 || s === 201)).toHaveLength(1);
    expect(results.map((r) => r.status).filter((s) => s === 409)).toHaveLength(9);
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from meetings where status = 'scheduled' and starts_at = ${zonedToUtc(date, '10:00', TZ)}`;
    expect(n).toBe(1);
  });

  it('five leads with one email (the hourly cap per email) booking different times at once: exactly one meeting', async () => {
    const date = futureWorkday(7);
    const ids = await Promise.all(TIMES.slice(0, 5).map((_, i) => newLead(i % 2 ? 'PG-Same@Example.com' : 'pg-same@example.com')));
    const results = await Promise.all(ids.map((leadId, i) => book(leadId, date, TIMES[i])));
    expect(results.map((r) => r.status).sort()).toEqual([201, ...Array(4).fill(409)]);
    const [{ n }] = await sql<{ n: number }[]>`select count(*)::int as n from meetings m join leads l on l.id = m.lead_id where lower(l.email) = 'pg-same@example.com'`;
    expect(n).toBe(1);
  });

  it('two reminder drains at once queue each reminder once', async () => {
    const date = futureWorkday(8);
    const ids = [];
    for (const [i, time] of ['15:00', '15:30', '16:00'].entries()) ids.push((await bookWithToken(`pg-remind${i}@example.com`, date, time, PRESELLERS.bruno)).id);
    clock = new Date(zonedToUtc(date, '16:00', TZ).getTime() - 23 * 3_600_000);
    try {
      await Promise.all([queueDueReminders(app), queueDueReminders(app), queueDueReminders(app)]);
    } finally {
      clock = null;
    }
    const rows = await sql<{ n: number }[]>`select count(*)::int as n from outbox where kind = 'reminder-24h-lead'
      and message->>'to' like 'pg-remind%' group by message->>'to'`;
    expect(rows.map((r) => r.n)).toEqual([1, 1, 1]);
  });
});
