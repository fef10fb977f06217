// Issue 20: RD Station conversions through the outbox, against a local RD receiver, on the embedded
// database and on a real PostgreSQL server. The receiver answers what each case scripts.
import { describe, expect, inject, it } from 'vitest';
import { createApp } from '../../functions/lib/app';
import { readEnv } from '../../functions/lib/env';
import { validRequest } from './helpers';
import { storeCases } from './stores';
import { RD_KEY, useIntegrations } from './integrations-harness';

describe.each(storeCases(inject('postgresUrl')))('RD Station on $name', (store) => {
  const h = useIntegrations(store);

  it('queues nothing and fails nothing without RD_STATION_API_KEY or WEBHOOK_URL', async () => {
    const o = await h.open({});
    await h.insertLead(o, 'sem-integracao@example.com');
    await h.drain(o);
    expect(await o.query(`select * from outbox where kind in ('rd', 'webhook', 'integration-alert')`)).toEqual([]);
    expect(await o.query(`select target, enabled from integration_targets order by target`)).toEqual([{ target: 'google', enabled: false }, { target: 'meta', enabled: false }, { target: 'rd', enabled: false }, { target: 'webhook', enabled: false }]);
    expect(h.rd.received.length + h.hook.received.length).toBe(0);
  });

  it('RD: 429 with Retry-After 1, then 200 → one conversion sent, 2 attempts, event_uuid kept; traffic from the first touch', async () => {
    const o = await h.withRd();
    h.rd.script({ status: 429, headers: { 'retry-after': '1' }, body: '{"errors":{"error_type":"TOO_MANY_REQUESTS"}}' }, { status: 200, body: '{"event_uuid":"5408c5a3-4711-4f2e-8d0b-7f3e9a1f0e11"}' });
    await h.insertLead(o, 'rd-429@example.com');
    await h.drain(o);
    let [row] = await h.deliveries(o, 'rd');
    expect(row).toMatchObject({ event: 'orcamento-site', attempts: 1, sent_at: null, last_status: 429 });
    // Retry-After is the least wait; the schedule's first step (1 min ± 10 %) is longer, so it wins.
    h.advance(1100);
    await h.drain(o);
    expect(h.rd.received).toHaveLength(1);
    h.advance(70_000);
    await h.drain(o);
    [row] = await h.deliveries(o, 'rd');
    expect(row).toMatchObject({ attempts: 2, last_status: 200, response: { event_uuid: '5408c5a3-4711-4f2e-8d0b-7f3e9a1f0e11' } });
    expect(row.sent_at).not.toBeNull();
    expect(h.rd.received).toHaveLength(2);
    const request = h.rd.received[1];
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
    h.advance(3_600_000);
    await h.drain(o);
    expect(h.rd.received).toHaveLength(2);
  });

  it('RD: the opt-in box makes the contact available for mailing with consent as the legal basis', async () => {
    const o = await h.withRd();
    await h.insertLead(o, 'rd-optin@example.com', { marketing_opt_in: true });
    await h.drain(o);
    const payload = JSON.parse(h.rd.received[0].body).payload;
    expect(payload.available_for_mailing).toBe(true);
    expect(payload.legal_bases).toEqual([{ category: 'communications', type: 'consent', status: 'granted' }]);
  });

  it('RD: 400 naming cf_x → failed with the error kept, never tried again', async () => {
    const o = await h.withRd();
    h.rd.script({ status: 400, body: JSON.stringify({ errors: [{ error_type: 'INVALID_OPTION', error_message: 'The field cf_x does not exist', path: 'payload.cf_x' }] }) });
    await h.insertLead(o, 'rd-400@example.com');
    await h.drain(o);
    h.advance(2 * 86_400_000);
    await h.drain(o);
    const [row] = await h.deliveries(o, 'rd');
    expect(row).toMatchObject({ attempts: 1, last_status: 400, sent_at: null });
    expect(row.failed_at).not.toBeNull();
    expect(row.last_error).toContain('cf_x');
    expect(h.rd.received).toHaveLength(1);
    const [listed] = await o.app.store.call<{ status: string }[]>('integration_deliveries', { lead_id: (await o.query<{ lead_id: string }>(`select lead_id from outbox where kind = 'rd'`))[0].lead_id, max_attempts: 10 });
    expect(listed.status).toBe('failed');
    // The mentor hears of it once a day per target: a missing field fails every conversion, one mail says so.
    const alerts = () => o.query<{ event: string; message: { subject: string; text: string } }>(`select event, message from outbox where kind = 'integration-alert' order by created_at`);
    expect(await alerts()).toMatchObject([{ event: 'failed:rd', message: { subject: 'RD Station recusou uma conversão do site' } }]);
    expect((await alerts())[0].message.text).toContain('cf_x');
    expect((await alerts())[0].message.text).toContain('rd-400@example.com');
    // Two days later (the clock moved above): a new failure alerts again, a second one that day does not.
    h.rd.script({ status: 422 }, { status: 422 });
    await h.insertLead(o, 'rd-400-b@example.com');
    await h.drain(o);
    await h.insertLead(o, 'rd-400-c@example.com');
    await h.drain(o);
    expect(h.rd.received).toHaveLength(3);
    expect((await alerts()).map((a) => a.event)).toEqual(['failed:rd', 'failed:rd']);
  });

  it('a Retry-After longer than the schedule is waited; "0" never spends the attempts at once', async () => {
    const o = await h.withRd();
    h.rd.script({ status: 503, headers: { 'retry-after': '0' } }, { status: 503, headers: { 'retry-after': '600' } });
    await h.insertLead(o, 'rd-retry-after@example.com');
    await h.drain(o);
    await h.drain(o);
    expect(h.rd.received).toHaveLength(1);
    h.advance(70_000);
    await h.drain(o);
    expect(h.rd.received).toHaveLength(2);
    h.advance(300_000);
    await h.drain(o);
    expect(h.rd.received).toHaveLength(2);
    h.advance(301_000);
    await h.drain(o);
    expect(h.rd.received).toHaveLength(3);
    const [row] = await h.deliveries(o, 'rd');
    expect(row).toMatchObject({ attempts: 3, last_status: 200 });
  });

  it('RD: 401 pauses every RD delivery and mails the mentor once; "Reenviar" resumes them', async () => {
    const o = await h.withRd();
    h.rd.script({ status: 401, body: '{"errors":{"error_type":"UNAUTHORIZED","error_message":"Invalid token."}}' });
    await h.insertLead(o, 'rd-401-a@example.com');
    await h.insertLead(o, 'rd-401-b@example.com');
    await h.drain(o);
    h.advance(86_400_000);
    await h.drain(o);
    expect(h.rd.received).toHaveLength(1);
    const rows = await h.deliveries(o, 'rd');
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
    expect(await o.app.store.call('integration_resend', { id: leadIds[0].id, now: h.now().toISOString() })).toMatchObject({ status: 'ok' });
    await h.drain(o);
    expect(h.rd.received).toHaveLength(3);
    expect((await h.deliveries(o, 'rd')).every((r) => r.sent_at !== null)).toBe(true);
    expect(await o.query(`select 1 from outbox where kind = 'integration-alert'`)).toHaveLength(1);
  });

  it('a deploy preview without the RD key on the same database leaves production sending; only a day with no process that has it turns RD off', async () => {
    const o = await h.withRd();
    // A cold start of another deploy (no RD_STATION_API_KEY, a deployed context) on the same database.
    const preview = createApp({ env: readEnv({ DATA_DIR: '/nonexistent', SMTP_URL: '' }), store: o.app.store, now: h.now, send: async () => {} });
    await preview.integrations.configure();
    expect(await o.query(`select target, enabled from integration_targets where target = 'rd'`)).toEqual([{ target: 'rd', enabled: true }]);
    await h.insertLead(o, 'producao-continua@example.com');
    await h.drain(o);
    expect(h.rd.received).toHaveLength(1);
    expect(await h.deliveries(o, 'rd')).toMatchObject([{ event: 'orcamento-site', sent_at: expect.any(Date) }]);
    // Production's key removed: after a day with no process that has it, the next cold start turns RD off
    // and nothing more is queued for it.
    h.advance(25 * 3_600_000);
    await preview.integrations.configure();
    expect(await o.query(`select target, enabled from integration_targets where target = 'rd'`)).toEqual([{ target: 'rd', enabled: false }]);
    await h.insertLead(o, 'sem-rd-depois@example.com');
    expect(await h.deliveries(o, 'rd')).toHaveLength(1);
  });

  it('a process sends only the targets it has settings for; the others wait untouched', async () => {
    const o = await h.withHook();
    // RD turned on by another process (one with the key).
    await o.app.store.call('integration_configure', { targets: { rd: { enabled: true, hash: 'other' } }, now: h.now().toISOString() });
    await h.insertLead(o, 'only-hook@example.com');
    await h.drain(o);
    expect(h.hook.received).toHaveLength(1);
    expect(h.rd.received).toHaveLength(0);
    expect(await h.deliveries(o, 'rd')).toMatchObject([{ event: 'orcamento-site', attempts: 0, sent_at: null, failed_at: null, last_error: null }]);
  });
});
