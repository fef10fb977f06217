// A booking racing the erasure of its lead (issue #36 L4) on a real PostgreSQL server: the erasure holds
// the lead's row, the booking waits on it, the erasure commits; the booking answers 404 with its pt-BR
// words, never a 500 (it was SQLSTATE 23503, foreign_key_violation, 7 rounds of 8).
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished, vi } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler, meetingCopy } from '../../functions/lib/handlers/meetings';
import { futureWorkday, key, postJson, PRESELLERS, validRequest } from './helpers';
import { storeCases, type Opened } from './stores';

const server = storeCases(inject('postgresUrl')).find((s) => s.name === 'PostgreSQL');

describe.runIf(server)('a booking racing an erasure on PostgreSQL', () => {
  let db: Opened;
  // Watches from outside the erasure's transaction: inside it, pg_stat_activity shows the snapshot taken at
  // its first read, so a booking that starts waiting later is never seen there.
  let watcher: postgres.Sql;
  let database: string;
  beforeAll(async () => {
    db = await server!.open();
    [{ database }] = await db.query<{ database: string }>('select current_database() as database');
    watcher = postgres(inject('postgresUrl')!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await watcher?.end({ timeout: 5 });
    await db?.close();
  });

  it('answers 404, not 500, in every round, and logs which row was gone without personal data', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    for (let round = 0; round < 4; round++) {
      const created = await createLeadsHandler(async () => db.app)(postJson('/api/leads', { ...validRequest, email: `corrida.${round}@example.com`, idempotencyKey: key() }));
      const { id: leadId } = await created.json();
      // The lead's notice is being sent in the background; its mark as sent would wait on the erasure's
      // lock too, and the watcher below would take that wait for the booking's and commit too early.
      await db.app.outbox.idle();
      // The erasure's transaction, holding the lead's row (as delete_person_data does) until it commits.
      await db.query('begin');
      await db.query('delete from outbox where lead_id = $1', [leadId]);
      await db.query('delete from leads where id = $1', [leadId]);
      const booking = createMeetingsHandler(async () => db.app)(postJson('/api/meetings', {
        leadId, service: 'consultoria', diagnosticScore: 70, idempotencyKey: key(),
        scheduledDate: futureWorkday(3, round), scheduledTime: '10:00', presellerId: PRESELLERS.ana,
      }));
      // Commit once the booking waits on the row lock (or has already answered: the lead was read as gone).
      let waiting = false;
      const settled = booking.then(() => true);
      for (let i = 0; i < 400 && !waiting; i++) {
        const [{ n }] = await watcher<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = ${database} and pid <> pg_backend_pid() and query like '%book_meeting%'`;
        waiting = n > 0 || (await Promise.race([settled, new Promise<false>((r) => setTimeout(() => r(false), 25))]));
      }
      await db.query('commit');
      const res = await booking;
      expect(res.status, `round ${round}`).toBe(404);
      expect((await res.json()).error).toBe(meetingCopy.unknownLead);
    }
    // The booking read the lead before the erasure committed, then its insert met the deleted row.
    const lines = warn.mock.calls.map((call) => String(call[0]));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).toBe('[meetings] booking refused, a row it points to is gone (meetings_lead_id_fkey)');
  }, 120_000);
});
