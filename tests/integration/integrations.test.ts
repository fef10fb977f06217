// Issue 20: RD Station conversions and Standard Webhooks through the outbox, against local receivers, on
// the embedded database and on a real PostgreSQL server. The receivers answer what each case scripts.
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createManageHandler } from '../../functions/lib/handlers/manage';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { leadRow } from '../../functions/lib/store/rows';
import { startReceiver, type Receiver } from '../support/receiver';
import { validateLead } from '../../src/domain/lead';
import { asDelivered, futureWorkday, key, postJson, validRequest } from './helpers';
import { tokenIn } from './lifecycle-helpers';
import { storeCases, type Opened } from './stores';

const SECRET = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const RD_KEY = 'rd-test-key-0123456789';
const FIRST_TOUCH = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', gclid: 'abc', landing_path: '/' };
const LAST_TOUCH = { referrer_host: 'www.linkedin.com', landing_path: '/trafego-pago' };

type Delivery = { kind: string; event: string; attempts: number; sent_at: string | null; failed_at: string | null; last_error: string | null; last_status: number | null; response: { event_uuid?: string } | null; message: unknown };

describe.each(storeCases(inject('postgresUrl')))('integrations on $name', (store) => {
  let rd: Receiver;
  let hook: Receiver;
  let opened: Opened | null = null;
  let clock = Date.now();
  const now = () => new Date(clock);

  beforeAll(async () => {
    rd = await startReceiver({ status: 200, body: JSON.stringify({ event_uuid: 'uuid-ok' }) });
    hook = await startReceiver({ status: 204 });
  });
  afterAll(async () => {
    await rd.close();
    await hook.close();
  });
  // Everything the integrations log, per case: never the key, the secret or an address.
  let logged: string[] = [];
  beforeEach(() => {
    logged = [];
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
    }
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const line of logged) {
      expect(line).not.toContain(RD_KEY);
      expect(line).not.toContain(SECRET.slice(6));
      expect(line).not.toMatch(/@example\.com|api_key/);
    }
    await opened?.close();
    opened = null;
    rd.received.length = 0;
    hook.received.length = 0;
  });

  /** Local use (CONTEXT=dev, as `npm start` runs) unless a case says otherwise: the receivers are on 127.0.0.1. */
  async function open(env: Record<string, string>, local = true) {
    clock = Date.now();
    opened = await store.open({ now, env: local ? { CONTEXT: 'dev', ...env } : env });
    await opened.app.integrations.configure();
    return opened;
  }
  const withRd = () => open({ RD_STATION_API_KEY: RD_KEY, RD_STATION_API_URL: rd.url });
  const withHook = (extra: Record<string, string> = {}) => open({ WEBHOOK_URL: `${hook.url}/hooks/mentor`, WEBHOOK_SECRET: SECRET, ...extra });

  /** A lead stored by create_lead with its touches (as POST /api/leads stores them). */
  async function insertLead(o: Opened, email: string, extra: Record<string, unknown> = {}) {
    const id = crypto.randomUUID();
    const form = validateLead({ ...validRequest, email });
    if (!form.ok) throw new Error('invalid fixture');
    const row = {
      ...leadRow({ ...form.data, id, idempotencyKey: key(), origem: 'site', privacyPolicyVersion: validRequest.privacyPolicyVersion, requestHash: 'a'.repeat(64), service: 'trafego' }),
      first_touch: FIRST_TOUCH, last_touch: LAST_TOUCH, ...extra,
    };
    await o.query('select * from create_lead($1::jsonb)', [row]);
    return id;
  }
  const deliveries = (o: Opened, kind: string) =>
    o.query<Delivery>(`select kind, event, attempts, sent_at, failed_at, last_error, last_status, response, message from outbox where kind = $1 order by created_at, id`, [kind]);
  async function drain(o: Opened) {
    await o.app.outbox.kick();
    await o.app.outbox.idle();
  }

  it('queues nothing and fails nothing without RD_STATION_API_KEY or WEBHOOK_URL', async () => {
    const o = await open({});
    await insertLead(o, 'sem-integracao@example.com');
    await drain(o);
    expect(await o.query(`select * from outbox where kind in ('rd', 'webhook', 'integration-alert')`)).toEqual([]);
    expect(await o.query(`select target, enabled from integration_targets order by target`)).toEqual([{ target: 'rd', enabled: false }, { target: 'webhook', enabled: false }]);
    expect(rd.received.length + hook.received.length).toBe(0);
  });

  it('RD: 429 with Retry-After 1, then 200 → one conversion sent, 2 attempts, event_uuid kept; traffic from the first touch', async () => {
    const o = await withRd();
    rd.script({ status: 429, headers: { 'retry-after': '1' }, body: '{"errors":{"error_type":"TOO_MANY_REQUESTS"}}' }, { status: 200, body: '{"event_uuid":"5408c5a3-4711-4f2e-8d0b-7f3e9a1f0e11"}' });
    await insertLead(o, 'rd-429@example.com');
    await drain(o);
    let [row] = await deliveries(o, 'rd');
    expect(row).toMatchObject({ event: 'orcamento-site', attempts: 1, sent_at: null, last_status: 429 });
    // Retry-After is the least wait; the schedule's first step (1 min ± 10 %) is longer, so it wins.
    clock += 1100;
    await drain(o);
    expect(rd.received).toHaveLength(1);
    clock += 70_000;
    await drain(o);
    [row] = await deliveries(o, 'rd');
    expect(row).toMatchObject({ attempts: 2, last_status: 200, response: { event_uuid: '5408c5a3-4711-4f2e-8d0b-7f3e9a1f0e11' } });
    expect(row.sent_at).not.toBeNull();
    expect(rd.received).toHaveLength(2);
    const request = rd.received[1];
    expect(request.url).toBe(`/platform/conversions?api_key=${RD_KEY}`);
    const body = JSON.parse(request.body);
    expect(body).toMatchObject({ event_type: 'CONVERSION', event_family: 'CDP' });
    expect(body.payload).toMatchObject({
      conversion_identifier: 'orcamento-site', email: 'rd-429@example.com', name: validRequest.nomeCompleto, company_name: validRequest.nomeEmpresa,
      traffic_source: 'google', traffic_medium: 'cpc', traffic_campaign: 'solar-pr', available_for_mailing: false, cf_servico: 'Tráfego Pago',
    });
    expect(body.payload.mobile_phone).toMatch(/^\+55\d{10,11}$/);
    expect(body.payload.cf_cnpj).toMatch(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}$/);
    expect(body.payload).not.toHaveProperty('legal_bases');
    // Sent once: later drains send nothing more.
    clock += 3_600_000;
    await drain(o);
    expect(rd.received).toHaveLength(2);
  });

  it('RD: the opt-in box makes the contact available for mailing with consent as the legal basis', async () => {
    const o = await withRd();
    await insertLead(o, 'rd-optin@example.com', { marketing_opt_in: true });
    await drain(o);
    const payload = JSON.parse(rd.received[0].body).payload;
    expect(payload.available_for_mailing).toBe(true);
    expect(payload.legal_bases).toEqual([{ category: 'communications', type: 'consent', status: 'granted' }]);
  });

  it('RD: 400 naming cf_x → failed with the error kept, never tried again', async () => {
    const o = await withRd();
    rd.script({ status: 400, body: JSON.stringify({ errors: [{ error_type: 'INVALID_OPTION', error_message: 'The field cf_x does not exist', path: 'payload.cf_x' }] }) });
    await insertLead(o, 'rd-400@example.com');
    await drain(o);
    clock += 2 * 86_400_000;
    await drain(o);
    const [row] = await deliveries(o, 'rd');
    expect(row).toMatchObject({ attempts: 1, last_status: 400, sent_at: null });
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toContain('cf_x');
    expect(rd.received).toHaveLength(1);
    const [listed] = await o.app.store.call<{ status: string }[]>('integration_deliveries', { lead_id: (await o.query<{ lead_id: string }>(`select lead_id from outbox where kind = 'rd'`))[0].lead_id, max_attempts: 10 });
    expect(listed.status).toBe('failed');
    // The mentor hears of it once a day per target: a missing field fails every conversion, one mail says so.
    const alerts = () => o.query<{ event: string; message: { subject: string; text: string } }>(`select event, message from outbox where kind = 'integration-alert' order by created_at`);
    expect(await alerts()).toMatchObject([{ event: 'failed:rd', message: { subject: 'RD Station recusou uma conversão do site' } }]);
    expect((await alerts())[0].message.text).toContain('cf_x');
    expect((await alerts())[0].message.text).toContain('rd-400@example.com');
    // Two days later (the clock moved above): a new failure alerts again, a second one that day does not.
    rd.script({ status: 422 }, { status: 422 });
    await insertLead(o, 'rd-400-b@example.com');
    await drain(o);
    await insertLead(o, 'rd-400-c@example.com');
    await drain(o);
    expect(rd.received).toHaveLength(3);
    expect((await alerts()).map((a) => a.event)).toEqual(['failed:rd', 'failed:rd']);
  });

  it('webhooks: the last of the 10 attempts failing alerts the mentor like a refusal', async () => {
    const o = await withHook();
    hook.script({ status: 500 });
    await insertLead(o, 'last-attempt@example.com');
    // Nine attempts spent already (about three days of retries).
    await o.query(`update outbox set attempts = 9 where kind = 'webhook'`);
    await drain(o);
    const [row] = await deliveries(o, 'webhook');
    expect(row).toMatchObject({ attempts: 10, last_status: 500 });
    expect(await o.query(`select event from outbox where kind = 'integration-alert'`)).toEqual([{ event: 'failed:webhook' }]);
    const [listed] = await o.app.store.call<{ status: string }[]>('integration_deliveries', { lead_id: (await o.query<{ lead_id: string }>(`select lead_id from outbox where kind = 'webhook'`))[0].lead_id, max_attempts: 10 });
    expect(listed.status).toBe('failed');
  });

  it('a Retry-After longer than the schedule is waited; "0" never spends the attempts at once', async () => {
    const o = await withRd();
    rd.script({ status: 503, headers: { 'retry-after': '0' } }, { status: 503, headers: { 'retry-after': '600' } });
    await insertLead(o, 'rd-retry-after@example.com');
    await drain(o);
    await drain(o);
    expect(rd.received).toHaveLength(1);
    clock += 70_000;
    await drain(o);
    expect(rd.received).toHaveLength(2);
    clock += 300_000;
    await drain(o);
    expect(rd.received).toHaveLength(2);
    clock += 301_000;
    await drain(o);
    expect(rd.received).toHaveLength(3);
    const [row] = await deliveries(o, 'rd');
    expect(row).toMatchObject({ attempts: 3, last_status: 200 });
  });

  it('RD: 401 pauses every RD delivery and mails the mentor once; "Reenviar" resumes them', async () => {
    const o = await withRd();
    rd.script({ status: 401, body: '{"errors":{"error_type":"UNAUTHORIZED","error_message":"Invalid token."}}' });
    await insertLead(o, 'rd-401-a@example.com');
    await insertLead(o, 'rd-401-b@example.com');
    await drain(o);
    clock += 86_400_000;
    await drain(o);
    expect(rd.received).toHaveLength(1);
    const rows = await deliveries(o, 'rd');
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.sent_at === null && r.failed_at === null)).toBe(true);
    expect(rows.map((r) => r.attempts)).toEqual([0, 0]);
    const alerts = await o.query<{ message: { to: string; subject: string } }>(`select message from outbox where kind = 'integration-alert'`);
    expect(alerts).toHaveLength(1);
    expect(alerts[0].message).toMatchObject({ to: o.app.env.contactEmail, subject: 'RD Station recusou a chave de API: envios pausados' });
    expect(JSON.stringify(alerts[0].message)).not.toContain(RD_KEY);
    const leadIds = await o.query<{ lead_id: string; id: string }>(`select lead_id, id from outbox where kind = 'rd' order by created_at`);
    const statuses = await o.app.store.call<{ status: string }[]>('integration_deliveries', { lead_id: leadIds[0].lead_id, max_attempts: 10 });
    expect(statuses.map((s) => s.status)).toEqual(['paused']);
    // The mentor fixed the key: one resend lifts the pause, and both go.
    expect(await o.app.store.call('integration_resend', { id: leadIds[0].id, now: now().toISOString() })).toMatchObject({ status: 'ok' });
    await drain(o);
    expect(rd.received).toHaveLength(3);
    expect((await deliveries(o, 'rd')).every((r) => r.sent_at !== null)).toBe(true);
    expect(await o.query(`select 1 from outbox where kind = 'integration-alert'`)).toHaveLength(1);
  });

  it('webhooks: signed per Standard Webhooks, the id kept on retry, one meeting.rescheduled, no tokens in any payload', async () => {
    const o = await withHook();
    const leads = createLeadsHandler(async () => o.app);
    const meetings = createMeetingsHandler(async () => o.app);
    const manage = createManageHandler(async () => o.app);
    hook.script({ status: 500 });
    const lead = await (await leads(postJson('/api/leads', { ...validRequest, email: 'hook@example.com', idempotencyKey: key(), service: 'consultoria' }))).json();
    const date = futureWorkday(3);
    const booked = await meetings(postJson('/api/meetings', { leadId: lead.id, service: 'consultoria', diagnosticScore: 75, idempotencyKey: key(), scheduledDate: date, scheduledTime: '10:00' }));
    expect(booked.status).toBe(201);
    const { meeting } = await booked.json();
    await drain(o);
    // lead.created failed once (500): due again in about 5 s.
    clock += 6000;
    await drain(o);
    const mails = await o.query<{ id: string; message: never; secrets: string[] | null }>(`select id, message, secrets from outbox where kind = 'meeting-lead'`);
    const leadToken = tokenIn(asDelivered(mails[0]).message);
    const moved = await manage(postJson('/api/manage', { action: 'reschedule', token: leadToken, scheduledDate: futureWorkday(3, 1), scheduledTime: '14:00', idempotencyKey: key() }));
    expect(moved.status).toBe(200);
    await drain(o);
    const cancelled = await manage(postJson('/api/manage', { action: 'cancel', token: leadToken, reason: 'Surgiu uma viagem' }));
    expect(cancelled.status).toBe(200);
    await drain(o);

    const verifier = new Webhook(SECRET);
    const types = hook.received.map((r) => {
      expect(r.url).toBe('/hooks/mentor');
      const payload = verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };
      expect(r.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
      return payload.type;
    });
    expect([...types].sort()).toEqual(['lead.created', 'lead.created', 'meeting.booked', 'meeting.cancelled', 'meeting.rescheduled']);
    const byType = (type: string) => hook.received.filter((_, i) => types[i] === type);
    const [created, retried] = byType('lead.created');
    // The retry: the same id and the same bytes, a new timestamp-bound signature.
    expect(retried.headers['webhook-id']).toBe(created.headers['webhook-id']);
    expect(retried.body).toBe(created.body);
    expect(byType('meeting.booked')[0].headers['webhook-id']).not.toBe(created.headers['webhook-id']);
    const rescheduled = JSON.parse(byType('meeting.rescheduled')[0].body);
    expect(rescheduled.data).toMatchObject({ previous_starts_at: expect.any(String), rescheduled_by: 'lead', meeting: { id: meeting.id, status: 'scheduled' } });
    expect(new Date(rescheduled.data.previous_starts_at).getTime()).toBe(new Date(meeting.startsAt).getTime());
    expect(rescheduled.data.meeting.starts_at).not.toBe(rescheduled.data.previous_starts_at);
    expect(JSON.parse(byType('meeting.cancelled')[0].body).data).toMatchObject({ cancelled_by: 'lead', reason: 'Surgiu uma viagem', meeting: { id: meeting.id, status: 'cancelled' } });
    const bookedDelivery = byType('meeting.booked')[0];
    const booking = JSON.parse(bookedDelivery.body);
    expect(booking.data.lead).toMatchObject({ id: lead.id, email: 'hook@example.com', service: 'consultoria' });
    expect(booking.data.meeting.consultant).toMatchObject({ name: expect.any(String) });
    // No manage or agenda token anywhere: not the lead's token, nor any link to /reuniao or /agenda.
    for (const r of hook.received) {
      expect(r.body).not.toContain(leadToken);
      expect(r.body).not.toMatch(/reuniao#|\/agenda|token/i);
    }
    // A tampered body fails verification.
    const tampered = bookedDelivery.body.replace('hook@example.com', 'hook@evil.example');
    expect(tampered).not.toBe(bookedDelivery.body);
    expect(() => verifier.verify(tampered, bookedDelivery.headers as Record<string, string>)).toThrow();
  });

  it('a process sends only the targets it has settings for; the others wait untouched', async () => {
    const o = await withHook();
    // RD turned on by another process (one with the key).
    await o.app.store.call('integration_configure', { targets: { rd: { enabled: true, hash: 'other' } }, now: now().toISOString() });
    await insertLead(o, 'only-hook@example.com');
    await drain(o);
    expect(hook.received).toHaveLength(1);
    expect(rd.received).toHaveLength(0);
    expect(await deliveries(o, 'rd')).toMatchObject([{ event: 'orcamento-site', attempts: 0, sent_at: null, failed_at: null, last_error: null }]);
  });

  it('webhooks: 410 disables the endpoint and mails the mentor; 3xx is a failure, never followed', async () => {
    const o = await withHook();
    hook.script({ status: 410 });
    await insertLead(o, 'gone@example.com');
    await insertLead(o, 'gone-2@example.com');
    await drain(o);
    clock += 86_400_000;
    await drain(o);
    expect(hook.received).toHaveLength(1);
    expect(await o.query(`select paused_status from integration_targets where target = 'webhook'`)).toEqual([{ paused_status: 410 }]);
    const alerts = await o.query<{ message: { subject: string } }>(`select message from outbox where kind = 'integration-alert'`);
    expect(alerts.map((a) => a.message.subject)).toEqual(['Webhook desativado: o endereço respondeu 410']);

    const [first] = await o.query<{ id: string }>(`select id from outbox where kind = 'webhook' order by created_at limit 1`);
    hook.script({ status: 302, headers: { location: `${hook.url}/elsewhere` } });
    await o.app.store.call('integration_resend', { id: first.id, now: now().toISOString() });
    await drain(o);
    expect(hook.received.map((r) => r.url)).toEqual(['/hooks/mentor', '/hooks/mentor', '/hooks/mentor']);
    const rows = await deliveries(o, 'webhook');
    expect(rows.filter((r) => r.failed_at !== null)).toHaveLength(1);
    expect(rows.find((r) => r.failed_at !== null)?.last_status).toBe(302);
  });

  it('outside local use, a WEBHOOK_URL on 127.0.0.1 is refused (plain http, then https to a loopback address)', async () => {
    const port = new URL(hook.url).port;
    for (const [url, error] of [[`http://127.0.0.1:${port}/x`, 'https_required'], [`https://127.0.0.1:${port}/x`, 'address_not_allowed'], [`https://localhost:${port}/x`, 'address_not_allowed']]) {
      // As a deployed function runs: no CONTEXT at all.
      const o = await open({ WEBHOOK_URL: url, WEBHOOK_SECRET: SECRET }, false);
      await insertLead(o, `ssrf-${error}@example.com`);
      await drain(o);
      const [row] = await deliveries(o, 'webhook');
      expect(row).toMatchObject({ last_error: error });
      expect(row.failed_at).not.toBeNull();
      await opened!.close();
      opened = null;
    }
    expect(hook.received).toHaveLength(0);
  });

  it('outcomes: meeting.outcome_recorded every time, RD reuniao-realizada once per lead; erasure cancels pending deliveries and emits lead.erased', async () => {
    const o = await open({ RD_STATION_API_KEY: RD_KEY, RD_STATION_API_URL: rd.url, WEBHOOK_URL: `${hook.url}/hooks/mentor`, WEBHOOK_SECRET: SECRET });
    const meetings = createMeetingsHandler(async () => o.app);
    const leadId = await insertLead(o, 'outcome@example.com');
    const res = await meetings(postJson('/api/meetings', { leadId, service: 'trafego', diagnosticScore: 60, idempotencyKey: key(), scheduledDate: futureWorkday(3), scheduledTime: '11:00' }));
    const { meeting } = await res.json();
    const after = new Date(new Date(meeting.startsAt).getTime() + 3_600_000).toISOString();
    for (const attendance of ['attended', 'lead_no_show', 'attended']) {
      expect(await o.app.store.call('painel_record_outcome', { id: meeting.id, now: after, attendance, qualified: true, actor: 'mentor@example.com' })).toMatchObject({ status: 'ok' });
    }
    expect((await deliveries(o, 'rd')).map((r) => r.event)).toEqual(['orcamento-site', 'reuniao-agendada', 'reuniao-realizada']);
    expect((await deliveries(o, 'webhook')).map((r) => r.event)).toEqual(['lead.created', 'meeting.booked', 'meeting.outcome_recorded', 'meeting.outcome_recorded', 'meeting.outcome_recorded']);
    const [realizada] = (await deliveries(o, 'rd')).slice(2);
    expect(realizada.message).toMatchObject({ data: { outcome: { attendance: 'attended', qualified: true } } });
    expect(JSON.stringify(realizada.message)).not.toContain('note');

    // The person's export lists each delivery by target and event (its data is in the export's leads).
    const [exported] = await o.query<{ data: { messages: { kind: string; message: unknown }[] } }>(`select export_person_data('outcome@example.com') as data`);
    expect(exported.data.messages.filter((m) => m.kind === 'rd').map((m) => m.message)).toEqual([
      { target: 'rd', event: 'orcamento-site' }, { target: 'rd', event: 'reuniao-agendada' }, { target: 'rd', event: 'reuniao-realizada' },
    ]);
    // Erasure takes every delivery about the person, sent or pending; one still pending is never sent.
    await o.app.outbox.idle();
    const pendingId = await insertLead(o, 'outcome@example.com');
    rd.received.length = 0;
    hook.received.length = 0;
    await o.query(`select delete_person_data('outcome@example.com')`);
    expect(await o.query(`select event, lead_id, message from outbox where kind in ('rd', 'webhook')`)).toEqual([
      { event: 'lead.erased', lead_id: null, message: expect.objectContaining({ data: { lead_ids: [leadId, pendingId].sort() } }) },
    ]);
    await drain(o);
    expect(rd.received).toHaveLength(0);
    expect(hook.received).toHaveLength(1);
    const erased = new Webhook(SECRET).verify(hook.received[0].body, hook.received[0].headers as Record<string, string>);
    expect(erased).toMatchObject({ type: 'lead.erased', data: { lead_ids: [leadId, pendingId].sort() } });
    expect(hook.received[0].body).not.toContain('outcome@example.com');
  });
});
