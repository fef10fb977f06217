// One upcoming meeting per person (lead id or email in any case), the manage link sent again at most
// once per 10 minutes, and the idempotency fingerprint of POST /api/meetings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, futureWorkday, key, openTestApp, PRESELLERS, type TestApp } from './helpers';
import { lifecycle, tokenIn } from './lifecycle-helpers';

let app: TestApp;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const t = lifecycle(() => app);
// The 409 says a mail went out only when one did now; within 10 minutes of the last link, that one was sent.
const upcoming = { success: false, error: 'Você já tem uma reunião agendada. Enviamos para o seu email o link para reagendar ou cancelar.' };
const recentlySent = {
  success: false, error: 'Você já tem uma reunião agendada. O link para reagendar ou cancelar foi enviado para o seu email há poucos minutos.',
};
const date = futureWorkday(5);

beforeAll(async () => {
  app = await openTestApp({ now });
});
afterAll(() => app.close());

const linkMails = async (meetingId: string) => (await t.mailsFor(meetingId)).filter((m) => m.kind === 'manage-link-lead');

describe('one upcoming meeting per person', () => {
  it('refuses a second booking by the same lead or the same email in another case, and resends the link at most every 10 minutes', async () => {
    const first = await t.bookWithTokens('Pessoa.Unica@Example.com', date, '09:00', PRESELLERS.ana);
    const before = await count(app, 'meetings');
    const leadIdOfFirst = (await app.store.db.query<{ lead_id: string }>('select lead_id from meetings where id = $1', [first.id])).rows[0].lead_id;

    const sameLead = await t.book({ leadId: leadIdOfFirst, scheduledDate: date, scheduledTime: '11:00' });
    expect(sameLead.status).toBe(409);
    expect(await sameLead.json()).toEqual(recentlySent);
    // The confirmation mailed the link moments ago: no second mail yet.
    expect(await linkMails(first.id)).toHaveLength(0);

    try {
      offsetMs = 11 * 60_000;
      const otherCase = await t.book({ leadId: await t.newLead('pessoa.unica@EXAMPLE.COM'), scheduledDate: date, scheduledTime: '14:00' });
      expect(otherCase.status).toBe(409);
      expect(await otherCase.json()).toEqual(upcoming);
      const sent = await linkMails(first.id);
      expect(sent).toHaveLength(1);
      expect(sent[0].message.to).toBe('Pessoa.Unica@Example.com');
      // The resent link is a new token for the same meeting.
      const view = await t.call({ action: 'view', token: tokenIn(sent[0].message) });
      expect((await view.json()).meeting).toMatchObject({ id: first.id, actor: 'lead' });

      offsetMs = 15 * 60_000; // 4 minutes after the resend: throttled
      const throttled = await t.book({ leadId: leadIdOfFirst, scheduledDate: date, scheduledTime: '15:00' });
      expect(throttled.status).toBe(409);
      expect(await throttled.json()).toEqual(recentlySent);
      expect(await linkMails(first.id)).toHaveLength(1);
      offsetMs = 22 * 60_000; // 11 minutes after it: sent again
      const again = await t.book({ leadId: leadIdOfFirst, scheduledDate: date, scheduledTime: '15:00' });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual(upcoming);
      expect(await linkMails(first.id)).toHaveLength(2);
    } finally {
      offsetMs = 0;
    }
    expect(await count(app, 'meetings')).toBe(before);

    // Once the meeting is cancelled, the person may book again.
    expect((await t.call({ action: 'cancel', token: first.lead })).status).toBe(200);
    expect((await t.book({ leadId: leadIdOfFirst, scheduledDate: date, scheduledTime: '16:00' })).status).toBe(201);
  });

  it('two concurrent bookings by one email (two leads, different times): exactly one is booked', async () => {
    const leads = await Promise.all([t.newLead('dupla@example.com'), t.newLead('DUPLA@example.com')]);
    const results = await Promise.all(leads.map((leadId, i) => t.book({ leadId, scheduledDate: date, scheduledTime: i ? '10:00' : '10:30' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const { rows } = await app.store.db.query(`select count(*)::int as n from meetings m join leads l on l.id = m.lead_id where lower(l.email) = 'dupla@example.com'`);
    expect(rows[0]).toEqual({ n: 1 });
  });
});

describe('POST /api/meetings idempotency fingerprint', () => {
  it('the same key with other data gets 422 and changes nothing; with the same data, 200 and the same meeting', async () => {
    const leadId = await t.newLead('impressao@example.com');
    const idempotencyKey = key();
    const body = { leadId, scheduledDate: date, scheduledTime: '13:00', presellerId: PRESELLERS.bruno, idempotencyKey };
    const first = await t.book(body);
    expect(first.status).toBe(201);
    const { meeting } = await first.json();
    for (const change of [{ scheduledTime: '13:30' }, { diagnosticScore: 10 }, { service: 'trafego' }, { presellerId: PRESELLERS.carla }]) {
      const res = await t.book({ ...body, ...change });
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(await res.json()).toEqual({ success: false, error: 'Esta solicitação já foi enviada com outros dados. Recarregue a página e tente novamente.' });
    }
    const retry = await t.book(body);
    expect(retry.status).toBe(200);
    expect((await retry.json()).meeting).toEqual(meeting);
    const { rows } = await app.store.db.query<{ request_fingerprint: string }>('select request_fingerprint from meetings where idempotency_key = $1', [idempotencyKey]);
    expect(rows).toHaveLength(1);
    expect(rows[0].request_fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('abuse run', () => {
  it('one lead looping over the free slots of the whole calendar gets exactly one booking and at most one link mail', async () => {
    const { createAvailabilityHandler } = await import('../../functions/lib/handlers/availability');
    const { createLeadsHandler } = await import('../../functions/lib/handlers/leads');
    const { createMeetingsHandler } = await import('../../functions/lib/handlers/meetings');
    const { get, postJson, validRequest } = await import('./helpers');
    const availability = createAvailabilityHandler(async () => app);
    const meetings = createMeetingsHandler(async () => app);
    const lead = await (await createLeadsHandler(async () => app)(postJson('/api/leads', {
      ...validRequest, email: `abuser-${crypto.randomUUID()}@example.com`, idempotencyKey: key(),
    }))).json();
    const slots: { date: string; time: string; presellerId: string }[] = [];
    const today = now();
    for (let m = 0; m < 3; m++) {
      const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + m, 1)).toISOString().slice(0, 7);
      const { days } = await (await availability(get(`/api/availability?month=${month}`))).json();
      for (const day of days as string[]) {
        const { availableSlots } = await (await availability(get(`/api/availability?date=${day}`))).json();
        for (const s of availableSlots) slots.push({ date: day, time: s.time, presellerId: s.presellerId });
      }
    }
    expect(slots.length).toBeGreaterThan(300);
    // 120 attempts spread evenly over the three months (the first slot included): every kind of slot (near,
    // far, each consultant) without every one of the ~1,000, which took 140 s of the unit run under load.
    const attempts = Array.from({ length: 120 }, (_, i) => slots[Math.floor((i * slots.length) / 120)]);
    const statuses: Record<number, number> = {};
    for (const s of attempts) {
      const res = await meetings(postJson('/api/meetings', {
        leadId: lead.id, scheduledDate: s.date, scheduledTime: s.time, presellerId: s.presellerId,
        service: 'consultoria', diagnosticScore: 75, idempotencyKey: key(),
      }));
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 201: 1, 409: attempts.length - 1 });
    const { rows } = await app.store.db.query<{ n: number }>(`select count(*)::int as n from meetings where lead_id = $1 and status = 'scheduled'`, [lead.id]);
    expect(rows[0].n).toBe(1);
    const resent = await app.store.db.query<{ n: number }>(
      `select count(*)::int as n from outbox where kind = 'manage-link-lead' and message->>'to' = $1`, [(await app.store.getLead(lead.id))!.email]);
    expect(resent.rows[0].n).toBeLessThanOrEqual(1);
  }, 300_000);
});
