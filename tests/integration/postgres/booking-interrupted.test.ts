// A statement deadline that fires in the middle of a booking. The deadline cannot tell a statement that
// committed (its reply lost or late) from one never run; the answer must not say "failed" for a meeting
// that exists: the booking is looked up by its idempotency key, and when it cannot be found the person
// is told it could not be confirmed (202), never 503. A proxy on loopback holds the booking's traffic.
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { App } from '../../../functions/lib/app';
import { createLeadsHandler } from '../../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../../functions/lib/handlers/meetings';
import { apiMessages } from '../../../src/domain/api';
import { startHoldingProxy, type HoldingProxy } from '../../support/holding-proxy';
import { createTestDatabase, type TestDatabase } from '../../support/postgres-db';
import { futureWorkday, key, postJson, PRESELLERS, validRequest } from '../helpers';
import { openPostgresApp } from './support';

const serverUrl = inject('postgresUrl');

describe.skipIf(!serverUrl)('a booking interrupted by the statement deadline', () => {
  let db: TestDatabase;
  let sql: postgres.Sql;
  let proxy: HoldingProxy;
  let app: App;
  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!);
    sql = postgres(db.url, { max: 1, onnotice: () => {} });
  });
  afterEach(async () => {
    await app?.store.close();
    await proxy?.close();
  });
  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await db?.drop();
  });

  /** A lead through a fresh proxy, and the booking request for it (the deadline short: it is meant to fire). */
  async function setUp(n: number) {
    proxy = await startHoldingProxy(db.url);
    app = await openPostgresApp(proxy.url, { poolMax: 2, env: { DATABASE_QUERY_TIMEOUT_MS: '1500' } });
    const lead = await createLeadsHandler(async () => app)(postJson('/api/leads', { ...validRequest, email: `held${n}@example.com`, idempotencyKey: key() }));
    expect(lead.status).toBe(201);
    const request = {
      leadId: (await lead.json()).id as string, scheduledDate: futureWorkday(5, n), scheduledTime: '10:00', presellerId: PRESELLERS.ana,
      service: 'trafego', diagnosticScore: 75, idempotencyKey: key(),
    };
    return { book: () => createMeetingsHandler(async () => app)(postJson('/api/meetings', request)), request };
  }
  const meetingsOf = async (leadId: string) => (await sql`select id from meetings where lead_id = ${leadId}`).map((r) => r.id as string);
  const confirmationsOf = async (meetingId: string) =>
    (await sql`select count(*)::int as n from outbox where kind = 'meeting-lead' and message::text like ${`%${meetingId}%`}`)[0].n as number;

  it('committed, its reply lost: the answer is the booking (201 with the manage link), not a 503', async () => {
    const { book, request } = await setUp(0);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      proxy.hold('book_meeting(', 'reply');
      const res = await book();
      expect(proxy.seen).toBe(true);
      const body = await res.json();
      expect(res.status).toBe(201);
      expect(body.success).toBe(true);
      expect(body.manageUrl).toMatch(/\/reuniao#t=/);
      expect(await meetingsOf(request.leadId)).toEqual([body.meeting.id]);
      expect(await confirmationsOf(body.meeting.id)).toBe(1);
      expect(warnings.mock.calls.map((c) => String(c[0]))).toContain('[meetings] booking interrupted (postgres_timeout): committed');
    } finally {
      warnings.mockRestore();
    }
  });

  it('not run before the deadline: "could not confirm" (202), and the same key settles it once it ran', async () => {
    const { book, request } = await setUp(1);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      proxy.hold('book_meeting(', 'request');
      const res = await book();
      expect(proxy.seen).toBe(true);
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ success: false, unconfirmed: true, error: apiMessages.bookingUnconfirmed });
      expect(warnings.mock.calls.map((c) => String(c[0]))).toContain('[meetings] booking interrupted (postgres_timeout): not found');
      // The statement reaches the server after all: the meeting exists, and its confirmation is on its way,
      // as the answer said it might be. (The driver's cancel for the deadline is done first: it would
      // otherwise cancel the released statement.)
      await proxy.cancelled;
      proxy.release();
      await vi.waitFor(async () => expect(await meetingsOf(request.leadId)).toHaveLength(1), { timeout: 20_000, interval: 100 });
      const [meetingId] = await meetingsOf(request.leadId);
      expect(await confirmationsOf(meetingId)).toBe(1);
      // Confirming the same slot again (the wizard keeps its key) answers with that meeting, not a second one.
      const retry = await book();
      expect(retry.status).toBe(200);
      expect((await retry.json()).meeting.id).toBe(meetingId);
      expect(await meetingsOf(request.leadId)).toHaveLength(1);
    } finally {
      warnings.mockRestore();
    }
  });
});
