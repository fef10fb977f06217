// A person who already has a meeting fills the form again (issue 22 item 4): POST /api/leads says so
// (no calendar, no second "Novo lead" for the mentor), and POST /api/manage-link mails the manage link
// again at most once per 10 minutes, telling the truth about whether it sent one, and never any detail
// of the meeting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '../../src/domain/api';
import { createManageLinkHandler } from '../../functions/lib/handlers/manage-link';
import type { MailContent } from '../../functions/lib/store/port';
import { asDelivered, get, futureWorkday, key, openTestApp, postJson, PRESELLERS, validRequest, type TestApp } from './helpers';
import { lifecycle, tokenIn } from './lifecycle-helpers';

let app: TestApp;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
const t = lifecycle(() => app);
const date = futureWorkday(5);
const noMeeting = { success: false, error: apiMessages.noUpcomingMeeting };

beforeAll(async () => {
  app = await openTestApp({ now, env: { CONTACT_EMAIL: 'mentor@teste.example.com' } });
});
afterAll(() => app.close());

const manageLink = (body: unknown) => createManageLinkHandler(async () => app)(postJson('/api/manage-link', body));
const postLead = async (email: string, idempotencyKey = key()) => t.leads(postJson('/api/leads', { ...validRequest, email, idempotencyKey }));
const notificationsAbout = async (leadId: string) =>
  (await app.store.db.query(`select 1 from outbox where kind = 'lead-notification' and position($1 in message->>'text') > 0`, [leadId])).rows.length;
const linkMails = async (email: string) =>
  (await app.store.db.query<{ id: string; message: MailContent; secrets: string[] | null }>(
    `select id, message, secrets from outbox where kind = 'manage-link-lead' and lower(message->>'to') = lower($1) order by created_at`, [email])).rows.map(asDelivered);

/** Nothing in an answer may tell the meeting: its id, date, time or consultant. */
function expectNoMeetingDetail(text: string, meeting: { id: string; startsAt: string }) {
  for (const secret of [meeting.id, meeting.startsAt, meeting.startsAt.slice(0, 10), date, '09:00', '12:00', 'Carla', 'carla.mendes']) {
    expect(text, secret).not.toContain(secret);
  }
}

describe('a second quote by someone who has a meeting', () => {
  it('POST /api/leads: 201 { id, upcomingMeeting: true }, no mentor notice; a repeat answers the same; others unchanged', async () => {
    const first = await t.bookWithTokens('Repete@Example.com', date, '09:00', PRESELLERS.carla);
    const meeting = { id: first.id, startsAt: first.startsAt };

    const idempotencyKey = key();
    const res = await postLead('repete@EXAMPLE.com', idempotencyKey);
    expect(res.status).toBe(201);
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body).toEqual({ id: expect.any(String), upcomingMeeting: true });
    expectNoMeetingDetail(text, meeting);
    expect(await notificationsAbout(body.id)).toBe(0);
    const retry = await postLead('repete@EXAMPLE.com', idempotencyKey);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(body);

    // Anyone else: as before, with the mentor's notice.
    const other = await postLead('outra-pessoa@example.com');
    expect(other.status).toBe(201);
    const otherBody = await other.json();
    expect(otherBody).toEqual({ id: expect.any(String) });
    expect(await notificationsAbout(otherBody.id)).toBe(1);

    // POST /api/manage-link with that lead: the booking's confirmation went out moments ago → not sent.
    const early = await manageLink({ leadId: body.id });
    expect(early.status).toBe(200);
    const earlyText = await early.text();
    expect(JSON.parse(earlyText)).toEqual({ success: true, sent: false });
    expectNoMeetingDetail(earlyText, meeting);
    expect(await linkMails('repete@example.com')).toHaveLength(0);

    try {
      offsetMs = 11 * 60_000;
      const sent = await manageLink({ leadId: body.id });
      expect(await sent.json()).toEqual({ success: true, sent: true });
      const mails = await linkMails('repete@example.com');
      expect(mails).toHaveLength(1);
      expect(mails[0].message.to).toBe('Repete@Example.com');
      // The mailed link opens the meeting (a new lead token).
      const view = await t.call({ action: 'view', token: tokenIn(mails[0].message) });
      expect((await view.json()).meeting).toMatchObject({ id: first.id, actor: 'lead' });

      offsetMs = 12 * 60_000; // a minute later: throttled, and the answer says so
      expect(await (await manageLink({ leadId: body.id })).json()).toEqual({ success: true, sent: false });
      expect(await linkMails('repete@example.com')).toHaveLength(1);
    } finally {
      offsetMs = 0;
    }

    // Once the meeting is cancelled there is nothing to send: 404, and a new lead is a plain lead again.
    expect((await t.call({ action: 'cancel', token: first.lead })).status).toBe(200);
    const gone = await manageLink({ leadId: body.id });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual(noMeeting);
    const fresh = await postLead('REPETE@example.com');
    expect(await fresh.json()).toEqual({ id: expect.any(String) });
  });

  it('POST /api/manage-link: 404 for an unknown lead or one without a meeting, 400 for bad input, 405/415 otherwise; nothing sent', async () => {
    const before = await app.store.db.query(`select count(*)::int as n from outbox`);
    const unknown = await manageLink({ leadId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual(noMeeting);
    const plain = await (await postLead(`sem-reuniao-${crypto.randomUUID()}@example.com`)).json();
    const none = await manageLink({ leadId: plain.id });
    expect(none.status).toBe(404);
    expect(await none.json()).toEqual(noMeeting);
    for (const bad of [{}, { leadId: 'nope' }, { leadId: 42 }, { leadId: `${crypto.randomUUID()}x` }, [], 'null', { leadId: 'x'.repeat(10_000) }]) {
      const res = await manageLink(bad);
      expect(res.status, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(await res.json()).toEqual({ success: false, error: 'Cadastro inválido. Preencha o formulário novamente.' });
    }
    expect((await createManageLinkHandler(async () => app)(get('/api/manage-link'))).status).toBe(405);
    expect((await createManageLinkHandler(async () => app)(postJson('/api/manage-link', 'x', { 'content-type': 'text/plain' }))).status).toBe(415);
    const after = await app.store.db.query(`select count(*)::int as n from outbox`);
    // Only the plain lead's notice was queued.
    expect((after.rows[0] as { n: number }).n).toBe((before.rows[0] as { n: number }).n + 1);
  });
});
