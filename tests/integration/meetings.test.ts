import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { readRoutingState } from '../../functions/lib/routing';
import { holidayChecker } from '../../src/domain/scheduling/holidays';
import { addDays, weekdayOf, zonedParts, zonedToUtc } from '../../src/domain/scheduling/time';
import { schedulingConfig } from '../../src/domain/scheduling/config';
import { count, futureWorkday, key, openTestApp, postJson, PRESELLERS, validRequest, type TestApp } from './helpers';

let app: TestApp;
let meetings: ReturnType<typeof createMeetingsHandler>;
let leads: ReturnType<typeof createLeadsHandler>;
const date = futureWorkday(4);

beforeAll(async () => {
  app = await openTestApp();
  meetings = createMeetingsHandler(async () => app);
  leads = createLeadsHandler(async () => app);
});
afterAll(() => app.close());

async function newLead(overrides: Record<string, string> = {}): Promise<string> {
  const res = await leads(postJson('/api/leads', { ...validRequest, ...overrides, idempotencyKey: key() }));
  return (await res.json()).id;
}
const book = (body: Record<string, unknown>) =>
  meetings(postJson('/api/meetings', { scheduledDate: date, service: 'consultoria', diagnosticScore: 75, idempotencyKey: key(), ...body }));

/** The first date on or after `from` falling on `weekday` (0 = Sunday). */
function nextWeekday(from: string, weekday: number): string {
  let d = from;
  while (weekdayOf(d) !== weekday) d = addDays(d, 1);
  return d;
}

/** The next weekday holiday from 3 days on (past the 60-day horizon it is refused for that reason too: never bookable either way). */
function futureHoliday(): string {
  const isHoliday = holidayChecker(schedulingConfig.holidays);
  const today = zonedParts(new Date(), 'America/Sao_Paulo').date;
  for (let i = 3; i < 365; i++) {
    const d = addDays(today, i);
    if (isHoliday(d) && weekdayOf(d) > 0 && weekdayOf(d) < 6) return d;
  }
  throw new Error('no weekday holiday within a year');
}

describe('POST /api/meetings', () => {
  it('books the chosen consultant: 201, meeting stored, two invites queued', async () => {
    const leadId = await newLead();
    const outboxBefore = await count(app, 'outbox');
    const res = await book({ leadId, scheduledTime: '09:00', presellerId: PRESELLERS.bruno });
    expect(res.status).toBe(201);
    const body = await res.json();
    const startsAt = zonedToUtc(date, '09:00', 'America/Sao_Paulo').toISOString();
    expect(body).toEqual({
      success: true, preseller: { name: 'Bruno Almeida' },
      meeting: { id: expect.any(String), startsAt, minutes: 30, service: 'consultoria', location: { kind: 'phone' } },
      manageUrl: expect.stringMatching(/\/reuniao#t=[A-Za-z0-9_-]{43}$/), ics: expect.stringContaining('BEGIN:VCALENDAR'),
    });
    const { rows } = await app.store.db.query<Record<string, unknown>>('select * from meetings where id = $1', [body.meeting.id]);
    expect(rows[0]).toMatchObject({ lead_id: leadId, preseller_id: PRESELLERS.bruno, service: 'consultoria', diagnostic_score: 75, status: 'scheduled' });
    expect((rows[0].ends_at as Date).getTime() - (rows[0].starts_at as Date).getTime()).toBe(30 * 60_000);
    expect(await count(app, 'outbox')).toBe(outboxBefore + 2);
  });

  it('answers a retry with the same key 200 and the same meeting', async () => {
    const leadId = await newLead({ email: 'retry@example.com', cnpj: '11.222.333/0001-81' });
    const idempotencyKey = key();
    const first = await book({ leadId, scheduledTime: '09:30', presellerId: PRESELLERS.ana, idempotencyKey });
    const again = await book({ leadId, scheduledTime: '09:30', presellerId: PRESELLERS.ana, idempotencyKey });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect((await again.json()).meeting).toEqual((await first.json()).meeting);
    const { rows } = await app.store.db.query('select count(*)::int as n from meetings where idempotency_key = $1', [idempotencyKey]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('assigns another free consultant when the chosen one is taken, 409 when nobody is free', async () => {
    const chosen = PRESELLERS.carla;
    const names = [];
    for (let i = 0; i < 3; i++) {
      const res = await book({ leadId: await newLead({ email: `lead${i}@example.com`, cnpj: '11.444.777/0001-61' }), scheduledTime: '11:00', presellerId: chosen });
      expect(res.status).toBe(201);
      names.push((await res.json()).preseller.name);
    }
    // Carla first (chosen); then the rule: fewest meetings that week (Bruno and Ana have one each already) then name.
    expect(names[0]).toBe('Carla Mendes');
    expect(new Set(names)).toEqual(new Set(['Ana Souza', 'Bruno Almeida', 'Carla Mendes']));
    const full = await book({ leadId: await newLead({ email: 'full@example.com' }), scheduledTime: '11:00', presellerId: chosen });
    expect(full.status).toBe(409);
    expect(await full.json()).toEqual({ success: false, error: 'Este horário não está mais disponível. Escolha outro horário.' });
  });

  it('keeps the consultant of a returning lead by email only, never by CNPJ alone', async () => {
    const first = await book({ leadId: await newLead({ email: 'volta@example.com', cnpj: '00.000.000/0001-91' }), scheduledTime: '13:00', presellerId: PRESELLERS.carla });
    const firstBody = await first.json();
    expect(firstBody.preseller.name).toBe('Carla Mendes');
    await book({ leadId: await newLead({ email: 'outro@example.com' }), scheduledTime: '14:00', presellerId: PRESELLERS.ana });
    // Someone else with the same (public) CNPJ asks for Ana at 14:00, who is taken: the usual rule
    // (the router: Bruno), not the company's consultant.
    const sameCnpj = await book({ leadId: await newLead({ email: 'nova@example.com', cnpj: '00000000000191' }), scheduledTime: '14:00', presellerId: PRESELLERS.ana });
    expect(sameCnpj.status).toBe(201);
    expect((await sameCnpj.json()).preseller.name).toBe('Bruno Almeida');
    // The returning lead (same email in another case, other CNPJ) comes back once that meeting has taken
    // place (a person holds one upcoming meeting at a time), and asks for Ana at 15:00, who is taken.
        await app.store.db.query(`update meetings set starts_at = starts_at - interval '14 days', ends_at = ends_at - interval '14 days' where id = $1`, [firstBody.meeting.id]);
    await book({ leadId: await newLead({ email: 'terceiro@example.com' }), scheduledTime: '15:00', presellerId: PRESELLERS.ana });
    // Carla gets at least as many meetings this month as Bruno, so only the returning rule picks her.
    for (const [i, time] of ['16:00', '16:30', '17:00'].entries()) {
      await book({ leadId: await newLead({ email: `carla${i}@example.com` }), scheduledTime: time, presellerId: PRESELLERS.carla });
    }
    const { consultants } = await readRoutingState(app, [date]);
    expect(consultants.get(PRESELLERS.carla)!.count).toBeGreaterThanOrEqual(consultants.get(PRESELLERS.bruno)!.count);
    const again = await book({ leadId: await newLead({ email: 'VOLTA@example.com' }), scheduledTime: '15:00', presellerId: PRESELLERS.ana });
    expect(again.status).toBe(201);
    expect((await again.json()).preseller.name).toBe('Carla Mendes');
  });

  it('answers 400 "Horário inválido." for a time never bookable (weekend, holiday, past, horizon, off-grid, outside hours), storing nothing', async () => {
    const leadId = await newLead({ email: 'invalid-time@example.com' });
    const before = await count(app, 'meetings');
    const today = zonedParts(new Date(), 'America/Sao_Paulo').date;
    const cases = [
      ['2020-01-06', '10:00'], // past
      [nextWeekday(date, 6), '10:00'], // Saturday
      [futureHoliday(), '10:00'],
      [addDays(today, 70), '10:00'], // beyond the 60-day horizon (weekday or not, never offered)
      [date, '09:15'], [date, '18:00'], [date, '08:30'], [date, '17:45'],
    ];
    for (const [scheduledDate, scheduledTime] of cases) {
      const res = await book({ leadId, scheduledDate, scheduledTime });
      expect(res.status, `${scheduledDate} ${scheduledTime}`).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'Horário inválido.' });
    }
    expect(await count(app, 'meetings')).toBe(before);
  });

  it('answers 404 for an unknown lead and 400 for invalid input, storing nothing', async () => {
    const before = await count(app, 'meetings');
    const unknown = await book({ leadId: crypto.randomUUID(), scheduledTime: '15:00' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ success: false, error: 'Cadastro não encontrado. Preencha o formulário novamente.' });
    const leadId = await newLead();
    for (const bad of [{ leadId: 'nope', scheduledTime: '15:00' }, { leadId, scheduledTime: '3pm' }, { leadId, scheduledTime: '15:00', service: 'palestra' },
      { leadId, scheduledTime: '15:00', diagnosticScore: 'alto' }, { leadId, scheduledTime: '15:00', idempotencyKey: '' }]) {
      const res = await book(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'Dados do agendamento inválidos.' });
    }
    const notJson = await meetings(postJson('/api/meetings', 'x', { 'content-type': 'text/plain' }));
    expect(notJson.status).toBe(415);
    expect((await notJson.json()).success).toBe(false);
    expect(await count(app, 'meetings')).toBe(before);
  });
});
