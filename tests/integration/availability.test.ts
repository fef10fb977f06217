import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAvailabilityHandler } from '../../functions/lib/handlers/availability';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { zonedToUtc } from '../../src/domain/scheduling/time';
import { futureWorkday, get, key, openTestApp, postJson, PRESELLERS, validRequest, type TestApp } from './helpers';

let app: TestApp;
let availability: ReturnType<typeof createAvailabilityHandler>;
let leadId: string;
const date = futureWorkday(3);
const otherDate = futureWorkday(3, 1);

beforeAll(async () => {
  app = await openTestApp();
  availability = createAvailabilityHandler(async () => app);
  const res = await createLeadsHandler(async () => app)(postJson('/api/leads', { ...validRequest, idempotencyKey: key() }));
  leadId = (await res.json()).id;
});
afterAll(() => app.close());

const slotsOf = async (d: string) => (await (await availability(get(`/api/availability?date=${d}`))).json()).availableSlots;

describe('GET /api/availability?date=', () => {
  it('lists 18 times, each once, with the consultant the router would assign (a draw among the tied, never the alphabet)', async () => {
    const res = await availability(get(`/api/availability?date=${date}`));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { availableSlots } = await res.json();
    expect(availableSlots).toHaveLength(18);
    expect(availableSlots[0]).toMatchObject({ time: '09:00', location: 'phone' });
    expect(availableSlots.at(-1)).toMatchObject({ time: '17:30' });
    expect(availableSlots.map((s: { time: string }) => s.time)).toEqual([...availableSlots.map((s: { time: string }) => s.time)].sort());
    const byId = Object.fromEntries(Object.entries(PRESELLERS).map(([name, id]) => [id, name[0].toUpperCase() + name.slice(1)]));
    for (const s of availableSlots) expect(s.presellerName).toBe(byId[s.presellerId]);
    // Nobody has a meeting yet: all three are tied, and the draw spreads the times among them.
    expect(new Set(availableSlots.map((s: { presellerId: string }) => s.presellerId)).size).toBeGreaterThan(1);
  });

  it('never shows a booked consultant at that time nor one on time off; the one ahead waits for the others', async () => {
    const book = await createMeetingsHandler(async () => app)(postJson('/api/meetings', {
      leadId, scheduledDate: date, scheduledTime: '10:00', presellerId: PRESELLERS.bruno,
      service: 'consultoria', diagnosticScore: 75, idempotencyKey: key(),
    }));
    expect(book.status).toBe(201);
    await app.store.db.query('insert into preseller_time_off (preseller_id, starts_at, ends_at) values ($1, $2, $3)', [
      PRESELLERS.carla, zonedToUtc(date, '14:00', 'America/Sao_Paulo'), zonedToUtc(date, '15:00', 'America/Sao_Paulo'),
    ]);
    const slots = await slotsOf(date);
    const at = (t: string) => slots.filter((s: { time: string }) => s.time === t).map((s: { presellerName: string }) => s.presellerName);
    // Bruno has 1 meeting, Ana and Carla none: every time goes to Ana or Carla while either is free.
    expect(slots).toHaveLength(18);
    for (const s of slots) expect(['Ana', 'Carla']).toContain(s.presellerName);
    expect(at('14:00')).toEqual(['Ana']);
    expect(at('14:30')).toEqual(['Ana']);
  });

  it('returns no slots for a weekend day and past days', async () => {
    const saturday = (() => {
      const d = new Date(`${date}T12:00:00Z`);
      d.setUTCDate(d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7));
      return d.toISOString().slice(0, 10);
    })();
    expect(await slotsOf(saturday)).toEqual([]);
    expect(await slotsOf('2020-01-06')).toEqual([]);
  });

  it('answers 400 for an invalid or missing date', async () => {
    for (const q of ['date=2026-02-30', 'date=amanha', 'date=2026-1-5', '']) {
      const res = await availability(get(`/api/availability?${q}`));
      expect(res.status, q).toBe(400);
      expect((await res.json()).error).toBe('Data inválida. Use o formato AAAA-MM-DD.');
    }
    const wrongMethod = await availability(postJson('/api/availability', {}));
    expect(wrongMethod.status).toBe(405);
  });
});

describe('GET /api/availability?month=', () => {
  it('lists only the working days with a free slot', async () => {
    const month = otherDate.slice(0, 7);
    // Fill every slot of otherDate for all three consultants through the time-off table.
    await app.store.db.query('insert into preseller_time_off (preseller_id, starts_at, ends_at) select id, $1, $2 from presellers', [
      zonedToUtc(otherDate, '00:00', 'America/Sao_Paulo'), zonedToUtc(otherDate, '23:59', 'America/Sao_Paulo'),
    ]);
    const res = await availability(get(`/api/availability?month=${month}`));
    expect(res.status).toBe(200);
    const { days } = await res.json();
    expect(days).not.toContain(otherDate);
    if (date.startsWith(month)) expect(days).toContain(date);
    for (const d of days) {
      expect(d.startsWith(month)).toBe(true);
      expect([0, 6]).not.toContain(new Date(`${d}T12:00:00Z`).getUTCDay());
      expect((await slotsOf(d)).length).toBeGreaterThan(0);
    }
  });

  it('returns no days for a past month and 400 for an invalid one', async () => {
    expect((await (await availability(get('/api/availability?month=2020-01'))).json())).toEqual({ days: [] });
    const bad = await availability(get('/api/availability?month=2026-13'));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('Mês inválido. Use o formato AAAA-MM.');
  });
});
