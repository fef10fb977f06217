// POST /api/manage on PGlite with the real handlers: view, reschedule and cancel through manage links.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedToUtc } from '../../src/domain/scheduling/time';
import { freeTimesOf, futureWorkday, get, key, openTestApp, PRESELLERS, type TestApp } from './helpers';
import { inviteOf, lifecycle, tokenIn } from './lifecycle-helpers';

let app: TestApp;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const t = lifecycle(() => app);
const TZ = 'America/Sao_Paulo';
const closed = { success: false, error: 'Esta reunião não pode mais ser alterada.' };
const slotGone = { success: false, error: 'Este horário não está mais disponível. Escolha outro horário.' };

beforeAll(async () => {
  app = await openTestApp({ now, env: { SITE_URL: 'https://site.example', CONTACT_EMAIL: 'contato@mentor.example.com' } });
});
afterAll(() => app.close());

const freeTimes = (date: string, presellerId: string) => freeTimesOf(app, date, presellerId);

async function row(id: string) {
  const { rows } = await app.store.db.query<Record<string, unknown>>('select * from meetings where id = $1', [id]);
  return rows[0];
}

describe('POST /api/manage view', () => {
  it('shows the meeting to the lead and to the consultant; unknown, malformed or revoked tokens get 404', async () => {
    const date = futureWorkday(5);
    const m = await t.bookWithTokens('view@example.com', date, '09:00', PRESELLERS.bruno);
    const lead = await t.call({ action: 'view', token: m.lead });
    expect(lead.status).toBe(200);
    expect(await lead.json()).toEqual({
      success: true,
      meeting: {
        id: m.id, service: 'consultoria', startsAt: zonedToUtc(date, '09:00', TZ).toISOString(), minutes: 30, status: 'scheduled',
        consultantFirstName: 'Bruno', consultantId: PRESELLERS.bruno, leadId: expect.any(String), location: { kind: 'phone' }, actor: 'lead',
        canChange: true, contactEmail: 'contato@mentor.example.com',
      },
    });
    expect((await (await t.call({ action: 'view', token: m.consultant })).json()).meeting).toMatchObject({ id: m.id, actor: 'consultant', canChange: true });
    // Links use SITE_URL and carry the token in the fragment only.
    const [leadMail] = (await t.mailsFor(m.id)).filter((x) => x.kind === 'meeting-lead');
    expect(leadMail.message.text).toContain(`https://site.example/reuniao#t=${m.lead}`);

    const other = await t.bookWithTokens('view-other@example.com', date, '09:30', PRESELLERS.bruno);
    expect((await (await t.call({ action: 'view', token: other.lead })).json()).meeting.id).toBe(other.id);
    const invalid = { success: false, error: 'Link inválido ou expirado.' };
    for (const token of ['A'.repeat(43), 'short', `${m.lead}x`, m.lead.toUpperCase() === m.lead ? m.lead.toLowerCase() : m.lead.toUpperCase()]) {
      const res = await t.call({ action: 'view', token });
      expect(res.status, token).toBe(404);
      expect(await res.json()).toEqual(invalid);
    }
    await app.store.db.query('update meeting_tokens set revoked_at = now() where meeting_id = $1', [other.id]);
    expect((await t.call({ action: 'view', token: other.lead })).status).toBe(404);
    // Only hashes are stored.
    const { rows } = await app.store.db.query<{ token_hash: string }>('select token_hash from meeting_tokens where meeting_id = $1', [m.id]);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.token_hash)).not.toContain(m.lead);
  });

  it('answers 400 for a malformed body and 405 for GET', async () => {
    for (const body of [{}, { action: 'delete', token: 'x' }, { action: 'cancel', token: 'x', reason: 'r'.repeat(501) },
      { action: 'reschedule', token: 'x', scheduledDate: '2026-13-01', scheduledTime: '10:00', idempotencyKey: key() }]) {
      const res = await t.call(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await res.json()).success).toBe(false);
    }
    expect((await t.manage(get('/api/manage'))).status).toBe(405);
  });
});

describe('POST /api/manage reschedule', () => {
  it('moves the meeting with the same consultant: SEQUENCE 1, same UID, REQUEST to both, the old time is free again', async () => {
    const date = futureWorkday(6);
    const m = await t.bookWithTokens('move@example.com', date, '10:00', PRESELLERS.ana);
    expect(await freeTimes(date, PRESELLERS.ana)).not.toContain('10:00');
    const res = await t.call({ action: 'reschedule', token: m.lead, scheduledDate: date, scheduledTime: '14:00', idempotencyKey: key() });
    expect(res.status).toBe(200);
    expect((await res.json()).meeting).toMatchObject({ id: m.id, startsAt: zonedToUtc(date, '14:00', TZ).toISOString(), status: 'scheduled', consultantFirstName: 'Ana' });
    expect(await freeTimes(date, PRESELLERS.ana)).toContain('10:00');
    expect(await freeTimes(date, PRESELLERS.ana)).not.toContain('14:00');
    expect(await row(m.id)).toMatchObject({ sequence: 1, preseller_id: PRESELLERS.ana });

    const mails = await t.mailsFor(m.id);
    const booked = inviteOf(mails.find((x) => x.kind === 'meeting-lead')!.message);
    const moved = mails.filter((x) => x.kind.startsWith('meeting-rescheduled'));
    expect(moved.map((x) => x.message.to).sort()).toEqual(['ana.souza@consultores.example.com', 'move@example.com']);
    for (const mail of moved) {
      const { method, event, raw } = inviteOf(mail.message);
      expect(method).toBe('REQUEST');
      expect(raw).toMatch(/^SEQUENCE:1$/m);
      expect(event.uid).toBe(booked.event.uid);
      expect(event.start.toISOString()).toBe(zonedToUtc(date, '14:00', TZ).toISOString());
    }
    expect(booked.raw).toMatch(/^SEQUENCE:0$/m);
  });

  it('takes another free consultant when the same one is busy; the previous one gets a CANCEL and loses the link', async () => {
    const date = futureWorkday(7);
    const m = await t.bookWithTokens('switch@example.com', date, '10:00', PRESELLERS.carla);
    await t.bookWithTokens('carla-busy@example.com', date, '15:00', PRESELLERS.carla);
    const res = await t.call({ action: 'reschedule', token: m.lead, scheduledDate: date, scheduledTime: '15:00', idempotencyKey: key() });
    expect(res.status).toBe(200);
    expect((await res.json()).meeting.consultantFirstName).not.toBe('Carla');
    const mails = await t.mailsFor(m.id);
    const cancel = mails.find((x) => x.kind === 'meeting-cancelled-preseller')!;
    expect(cancel.message.to).toBe('carla.mendes@consultores.example.com');
    expect(inviteOf(cancel.message).method).toBe('CANCEL');
    expect(inviteOf(cancel.message).raw).toMatch(/^SEQUENCE:1$/m);
    const newInvite = mails.filter((x) => x.kind === 'meeting-preseller').at(-1)!;
    expect(newInvite.message.to).not.toBe('carla.mendes@consultores.example.com');
    expect(inviteOf(newInvite.message).raw).toMatch(/^SEQUENCE:1$/m);
    expect((await t.call({ action: 'view', token: m.consultant })).status).toBe(404);
    expect((await (await t.call({ action: 'view', token: tokenIn(newInvite.message) })).json()).meeting.actor).toBe('consultant');
  });

  it('two concurrent reschedules of one meeting: exactly one wins', async () => {
    const date = futureWorkday(8);
    const m = await t.bookWithTokens('race@example.com', date, '10:00', PRESELLERS.ana);
    const results = await Promise.all(['13:00', '16:00'].map((time) =>
      t.call({ action: 'reschedule', token: m.lead, scheduledDate: date, scheduledTime: time, idempotencyKey: key() })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await results.find((r) => r.status === 409)!.json()).toEqual(slotGone);
    expect(await row(m.id)).toMatchObject({ sequence: 1 });
    expect((await t.mailsFor(m.id)).filter((x) => x.kind === 'meeting-rescheduled-lead')).toHaveLength(1);
  });

  it('a reschedule racing a new booking of the same time: exactly one gets it', async () => {
    const date = futureWorkday(9);
    const m = await t.bookWithTokens('race-move@example.com', date, '10:00', PRESELLERS.ana);
    // Only Ana is free at 11:00, so both requests want the same consultant and time.
    await t.bookWithTokens('bruno-11@example.com', date, '11:00', PRESELLERS.bruno);
    await t.bookWithTokens('carla-11@example.com', date, '11:00', PRESELLERS.carla);
    const otherLead = await t.newLead('race-book@example.com');
    const [moved, booked] = await Promise.all([
      t.call({ action: 'reschedule', token: m.lead, scheduledDate: date, scheduledTime: '11:00', idempotencyKey: key() }),
      t.book({ leadId: otherLead, scheduledDate: date, scheduledTime: '11:00', presellerId: PRESELLERS.ana }),
    ]);
    expect([moved.status, booked.status].filter((s) => s === 200 || s === 201)).toHaveLength(1);
    const loser = moved.status === 200 ? booked : moved;
    expect(loser.status).toBe(409);
    expect(await loser.json()).toEqual(slotGone);
    const { rows } = await app.store.db.query('select count(*)::int as n from meetings where status = $1 and starts_at = $2 and preseller_id = $3',
      ['scheduled', zonedToUtc(date, '11:00', TZ), PRESELLERS.ana]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('400 for a time never bookable, 422 for a key reused with another time, 200 for a retry; consultants cannot reschedule', async () => {
    const date = futureWorkday(10);
    const m = await t.bookWithTokens('keys@example.com', date, '10:00', PRESELLERS.bruno);
    for (const [d, time] of [['2020-01-06', '10:00'], [date, '10:15'], [date, '18:00']]) {
      const res = await t.call({ action: 'reschedule', token: m.lead, scheduledDate: d, scheduledTime: time, idempotencyKey: key() });
      expect(res.status, `${d} ${time}`).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'Horário inválido.' });
    }
    const idempotencyKey = key();
    const first = await t.call({ action: 'reschedule', token: m.lead, scheduledDate: date, scheduledTime: '12:00', idempotencyKey });
    const retry = await t.call({ action: 'reschedule', token: m.lead, scheduledDate: date, scheduledTime: '12:00', idempotencyKey });
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect((await retry.json()).meeting.startsAt).toBe(zonedToUtc(date, '12:00', TZ).toISOString());
    const other = await t.call({ action: 'reschedule', token: m.lead, scheduledDate: date, scheduledTime: '13:00', idempotencyKey });
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ success: false, error: 'Esta solicitação já foi enviada com outros dados. Recarregue a página e tente novamente.' });
    expect(await row(m.id)).toMatchObject({ sequence: 1 });
    const byConsultant = await t.call({ action: 'reschedule', token: m.consultant, scheduledDate: date, scheduledTime: '16:00', idempotencyKey: key() });
    expect(byConsultant.status).toBe(409);
    expect(await byConsultant.json()).toEqual(closed);
  });
});

describe('POST /api/manage cancel', () => {
  it('cancels once (a repeat answers 200), frees the time at once and sends CANCEL with SEQUENCE+1 to both', async () => {
    const date = futureWorkday(11);
    const m = await t.bookWithTokens('cancel@example.com', date, '10:00', PRESELLERS.ana);
    expect(await freeTimes(date, PRESELLERS.ana)).not.toContain('10:00');
    const first = await t.call({ action: 'cancel', token: m.lead, reason: '  Imprevisto na agenda  ' });
    const again = await t.call({ action: 'cancel', token: m.lead });
    expect([first.status, again.status]).toEqual([200, 200]);
    expect((await first.json()).meeting).toMatchObject({ status: 'cancelled', canChange: false });
    expect((await again.json()).meeting).toMatchObject({ status: 'cancelled', canChange: false });
    expect(await row(m.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'Imprevisto na agenda', cancelled_by: 'lead', sequence: 1 });
    expect(await freeTimes(date, PRESELLERS.ana)).toContain('10:00');
    const cancels = (await t.mailsFor(m.id)).filter((x) => x.kind.startsWith('meeting-cancelled'));
    expect(cancels.map((x) => x.message.to).sort()).toEqual(['ana.souza@consultores.example.com', 'cancel@example.com']);
    for (const mail of cancels) {
      const { method, raw } = inviteOf(mail.message);
      expect(method).toBe('CANCEL');
      expect(raw).toMatch(/^SEQUENCE:1$/m);
      expect(raw).toMatch(/^STATUS:CANCELLED$/m);
    }
    const res = await t.call({ action: 'reschedule', token: m.lead, scheduledDate: date, scheduledTime: '11:00', idempotencyKey: key() });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual(closed);
  });

  it('a consultant may cancel: the lead is told by email with a link to book again', async () => {
    const date = futureWorkday(12);
    const m = await t.bookWithTokens('by-consultant@example.com', date, '10:00', PRESELLERS.bruno);
    const res = await t.call({ action: 'cancel', token: m.consultant });
    expect(res.status).toBe(200);
    expect((await res.json()).meeting).toMatchObject({ status: 'cancelled', actor: 'consultant' });
    expect(await row(m.id)).toMatchObject({ cancelled_by: 'consultant' });
    const toLead = (await t.mailsFor(m.id)).find((x) => x.kind === 'meeting-cancelled-lead')!;
    expect(toLead.message.to).toBe('by-consultant@example.com');
    expect(toLead.message.text).toContain('O consultor precisou cancelar');
    expect(toLead.message.text).toContain('https://site.example/orcamento');
  });

  it('refuses changes inside the 2-hour notice and after the start (409), and shows canChange false', async () => {
    const date = futureWorkday(13);
    const m = await t.bookWithTokens('window@example.com', date, '10:00', PRESELLERS.carla);
    const startsAt = zonedToUtc(date, '10:00', TZ).getTime();
    try {
      offsetMs = startsAt - 2 * 3_600_000 + 60_000 - Date.now(); // 1 h 59 min before the start
      expect((await (await t.call({ action: 'view', token: m.lead })).json()).meeting.canChange).toBe(false);
      for (const body of [
        { action: 'cancel', token: m.lead }, { action: 'cancel', token: m.consultant },
        { action: 'reschedule', token: m.lead, scheduledDate: futureWorkday(14), scheduledTime: '10:00', idempotencyKey: key() },
      ]) {
        const res = await t.call(body);
        expect(res.status, JSON.stringify(body)).toBe(409);
        expect(await res.json()).toEqual(closed);
      }
      offsetMs = startsAt + 3_600_000 - Date.now(); // past
      expect((await t.call({ action: 'cancel', token: m.lead })).status).toBe(409);
      offsetMs = startsAt - 2 * 3_600_000 - 60_000 - Date.now(); // 2 h 1 min before: still open
      expect((await (await t.call({ action: 'view', token: m.lead })).json()).meeting.canChange).toBe(true);
    } finally {
      offsetMs = 0;
    }
    expect(await row(m.id)).toMatchObject({ status: 'scheduled', sequence: 0 });
  });
});
