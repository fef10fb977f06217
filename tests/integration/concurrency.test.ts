// 50 parallel bookings of one time: the database constraint decides, never two meetings per consultant.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { zonedToUtc } from '../../src/domain/scheduling/time';
import { futureWorkday, key, openTestApp, postJson, PRESELLERS, validRequest, type TestApp } from './helpers';

let app: TestApp;
const date = futureWorkday(5);
beforeAll(async () => {
  app = await openTestApp();
});
afterAll(() => app.close());

it('50 parallel bookings of one time → as many successes as free consultants, the rest 409, no overlap', async () => {
  // Carla is on time off at 10:00, so two consultants are free.
  await app.store.db.query('insert into preseller_time_off (preseller_id, starts_at, ends_at) values ($1, $2, $3)', [
    PRESELLERS.carla, zonedToUtc(date, '09:30', 'America/Sao_Paulo'), zonedToUtc(date, '11:00', 'America/Sao_Paulo'),
  ]);
  const leads = createLeadsHandler(async () => app);
  const meetings = createMeetingsHandler(async () => app);
  const leadIds = await Promise.all(Array.from({ length: 50 }, async (_, i) => {
    const res = await leads(postJson('/api/leads', { ...validRequest, email: `p${i}@example.com`, idempotencyKey: key() }));
    return (await res.json()).id as string;
  }));
  const chosen = [PRESELLERS.ana, PRESELLERS.bruno, PRESELLERS.carla];
  const responses = await Promise.all(leadIds.map((leadId, i) =>
    meetings(postJson('/api/meetings', {
      leadId, scheduledDate: date, scheduledTime: '10:00', presellerId: chosen[i % 3],
      service: 'trafego', diagnosticScore: 75, idempotencyKey: key(),
    }))));
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 201)).toHaveLength(2);
  expect(statuses.filter((s) => s === 409)).toHaveLength(48);
  const names = await Promise.all(responses.filter((r) => r.status === 201).map(async (r) => (await r.json()).preseller.name));
  expect(names.sort()).toEqual(['Ana Souza', 'Bruno Almeida']);

  const overlaps = await app.store.db.query(
    `select 1 from meetings a join meetings b on a.preseller_id = b.preseller_id and a.id < b.id
     where a.status = 'scheduled' and b.status = 'scheduled' and a.starts_at < b.ends_at and b.starts_at < a.ends_at`);
  expect(overlaps.rows).toEqual([]);
  const { rows } = await app.store.db.query<{ n: number }>('select count(*)::int as n from meetings');
  expect(rows[0].n).toBe(2);
});

it('the exclusion constraint itself rejects an overlapping insert', async () => {
  const { rows } = await app.store.db.query<{ lead_id: string; starts_at: Date; preseller_id: string }>('select lead_id, starts_at, preseller_id from meetings limit 1');
  const m = rows[0];
  await expect(app.store.db.query(
    `insert into meetings (lead_id, preseller_id, starts_at, ends_at, service, diagnostic_score, idempotency_key)
     values ($1, $2, $3::timestamptz + interval '15 min', $3::timestamptz + interval '45 min', 'consultoria', 75, 'overlap-key')`,
    [m.lead_id, m.preseller_id, m.starts_at])).rejects.toThrow(/meetings_no_overlap/);
});
