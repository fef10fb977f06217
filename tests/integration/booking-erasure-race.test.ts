// A booking racing the erasure of its lead on a real PostgreSQL server: the erasure holds the lead's row,
// the booking waits on it, the erasure commits; the booking answers 404 with its pt-BR words, never a 500
// (it was SQLSTATE 23503, foreign_key_violation, 7 rounds of 8). Each branch is driven, not hoped for: the
// booking that read the lead before the erasure committed (held at the person's lock, book_meeting's
// first wait after that read), the booking that starts after it, and rounds where the two simply race.
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

  /** A lead as the form makes it, its notice sent (its mark as sent would wait on the erasure's locks too). */
  async function newLead(email: string) {
    const created = await createLeadsHandler(async () => db.app)(postJson('/api/leads', { ...validRequest, email, idempotencyKey: key() }));
    const { id } = await created.json();
    await db.app.outbox.idle();
    return id as string;
  }
  const book = (leadId: string, round: number) => createMeetingsHandler(async () => db.app)(postJson('/api/meetings', {
    leadId, service: 'consultoria', diagnosticScore: 70, idempotencyKey: key(),
    scheduledDate: futureWorkday(3, round), scheduledTime: '10:00', presellerId: PRESELLERS.ana,
  }));
  /** Until the booking waits on a lock (seen from outside the erasure's transaction), or has answered. */
  async function untilWaiting(booking: Promise<Response>) {
    const settled = booking.then(() => true);
    for (let i = 0; i < 400; i++) {
      const [{ n }] = await watcher<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = ${database} and pid <> pg_backend_pid() and query like '%book_meeting%'`;
      if (n > 0 || (await Promise.race([settled, new Promise<false>((r) => setTimeout(() => r(false), 25))]))) return;
    }
  }
  /** The erasure's transaction, holding the lead's row (as delete_person_data does) until `commit`. */
  async function eraseUncommitted(leadId: string) {
    await db.query('delete from outbox where lead_id = $1', [leadId]);
    await db.query('delete from leads where id = $1', [leadId]);
  }
  const expect404 = async (res: Response, label: string) => {
    expect(res.status, label).toBe(404);
    expect((await res.json()).error, label).toBe(meetingCopy.unknownLead);
  };
  const goneLine = '[meetings] booking refused, a row it points to is gone (meetings_lead_id_fkey)';

  it('answers 404, never 500, when the booking read the lead before the erasure committed (its insert meets the gone row)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    for (let round = 0; round < 2; round++) {
      const email = `lida.${round}@example.com`;
      const leadId = await newLead(email);
      // The erasure's transaction also holds the person's lock, so the booking, having read the lead (still
      // there for it: the delete is not committed), waits there; the commit then lets it insert.
      await db.query('begin');
      await db.query('select pg_advisory_xact_lock(20261123, hashtext(email_identity($1)))', [email]);
      await eraseUncommitted(leadId);
      const booking = book(leadId, round);
      await untilWaiting(booking);
      await db.query('commit');
      await expect404(await booking, `round ${round}`);
    }
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([goneLine, goneLine]);
  }, 120_000);

  it('answers 404 when the erasure committed first, and in rounds where the two simply race', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    onTestFinished(() => warn.mockRestore());
    const gone = await newLead('apagada@example.com');
    await db.query('begin');
    await eraseUncommitted(gone);
    await db.query('commit');
    await expect404(await book(gone, 0), 'after the erasure');
    // Racing on the lead's row alone: the booking may read the lead before or after the commit; either
    // way a 404, and a log line only for the gone row.
    for (let round = 1; round < 3; round++) {
      const leadId = await newLead(`corrida.${round}@example.com`);
      await db.query('begin');
      await eraseUncommitted(leadId);
      const booking = book(leadId, round);
      await untilWaiting(booking);
      await db.query('commit');
      await expect404(await booking, `round ${round}`);
    }
    for (const call of warn.mock.calls) expect(String(call[0])).toBe(goneLine);
  }, 120_000);
});
