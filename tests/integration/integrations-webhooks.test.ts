// Issue 20: Standard Webhooks through the outbox, against a local receiver, on the embedded database and
// on a real PostgreSQL server; also outcomes and erasure, which reach both targets.
import { Webhook } from 'standardwebhooks';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createManageHandler } from '../../functions/lib/handlers/manage';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { asDelivered, futureWorkday, key, postJson, validRequest } from './helpers';
import { tokenIn } from './lifecycle-helpers';
import { describe, expect, inject, it } from 'vitest';
import { storeCases } from './stores';
import { RD_KEY, SECRET, useIntegrations } from './integrations-harness';

describe.each(storeCases(inject('postgresUrl')))('webhooks on $name', (store) => {
  const h = useIntegrations(store);

  it('webhooks: the last of the 10 attempts failing alerts the mentor like a refusal', async () => {
    const o = await h.withHook();
    h.hook.script({ status: 500 });
    await h.insertLead(o, 'last-attempt@example.com');
    // Nine attempts spent already (about three days of retries).
    await o.query(`update outbox set attempts = 9 where kind = 'webhook'`);
    await h.drain(o);
    const [row] = await h.deliveries(o, 'webhook');
    expect(row).toMatchObject({ attempts: 10, last_status: 500 });
    expect(await o.query(`select event from outbox where kind = 'integration-alert'`)).toEqual([{ event: 'failed:webhook' }]);
    const [listed] = await o.app.store.call<{ status: string }[]>('integration_deliveries', { lead_id: (await o.query<{ lead_id: string }>(`select lead_id from outbox where kind = 'webhook'`))[0].lead_id, max_attempts: 10 });
    expect(listed.status).toBe('failed');
  });

  it('webhooks: signed per Standard Webhooks, the id kept on retry, one meeting.rescheduled, no tokens in any payload', async () => {
    const o = await h.withHook();
    const leads = createLeadsHandler(async () => o.app);
    const meetings = createMeetingsHandler(async () => o.app);
    const manage = createManageHandler(async () => o.app);
    h.hook.script({ status: 500 });
    const lead = await (await leads(postJson('/api/leads', { ...validRequest, email: 'hook@example.com', idempotencyKey: key(), service: 'consultoria' }))).json();
    const date = futureWorkday(3);
    const booked = await meetings(postJson('/api/meetings', { leadId: lead.id, service: 'consultoria', diagnosticScore: 75, idempotencyKey: key(), scheduledDate: date, scheduledTime: '10:00' }));
    expect(booked.status).toBe(201);
    const { meeting } = await booked.json();
    await h.drain(o);
    // lead.created failed once (500): due again in about 5 s.
    h.advance(6000);
    await h.drain(o);
    const mails = await o.query<{ id: string; message: never; secrets: string[] | null }>(`select id, message, secrets from outbox where kind = 'meeting-lead'`);
    const leadToken = tokenIn(asDelivered(mails[0]).message);
    const moved = await manage(postJson('/api/manage', { action: 'reschedule', token: leadToken, scheduledDate: futureWorkday(3, 1), scheduledTime: '14:00', idempotencyKey: key() }));
    expect(moved.status).toBe(200);
    await h.drain(o);
    const cancelled = await manage(postJson('/api/manage', { action: 'cancel', token: leadToken, reason: 'Surgiu uma viagem' }));
    expect(cancelled.status).toBe(200);
    await h.drain(o);

    const verifier = new Webhook(SECRET);
    const types = h.hook.received.map((r) => {
      expect(r.url).toBe('/hooks/mentor');
      const payload = verifier.verify(r.body, r.headers as Record<string, string>) as { type: string; timestamp: string; data: Record<string, unknown> };
      expect(r.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
      return payload.type;
    });
    expect([...types].sort()).toEqual(['lead.created', 'lead.created', 'meeting.booked', 'meeting.cancelled', 'meeting.rescheduled']);
    const byType = (type: string) => h.hook.received.filter((_, i) => types[i] === type);
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
    for (const r of h.hook.received) {
      expect(r.body).not.toContain(leadToken);
      expect(r.body).not.toMatch(/reuniao#|\/agenda|token/i);
    }
    // A tampered body fails verification.
    const tampered = bookedDelivery.body.replace('hook@example.com', 'hook@evil.example');
    expect(tampered).not.toBe(bookedDelivery.body);
    expect(() => verifier.verify(tampered, bookedDelivery.headers as Record<string, string>)).toThrow();
  });

  it('webhooks: 410 disables the endpoint and mails the mentor; 3xx is a failure, never followed', async () => {
    const o = await h.withHook();
    h.hook.script({ status: 410 });
    await h.insertLead(o, 'gone@example.com');
    await h.insertLead(o, 'gone-2@example.com');
    await h.drain(o);
    h.advance(86_400_000);
    await h.drain(o);
    expect(h.hook.received).toHaveLength(1);
    expect(await o.query(`select paused_status from integration_targets where target = 'webhook'`)).toEqual([{ paused_status: 410 }]);
    const alerts = await o.query<{ message: { subject: string } }>(`select message from outbox where kind = 'integration-alert'`);
    expect(alerts.map((a) => a.message.subject)).toEqual(['Webhook desativado: o endereço respondeu 410']);

    const [first] = await o.query<{ id: string }>(`select id from outbox where kind = 'webhook' order by created_at limit 1`);
    h.hook.script({ status: 302, headers: { location: `${h.hook.url}/elsewhere` } });
    await o.app.store.call('integration_resend', { id: first.id, now: h.now().toISOString() });
    await h.drain(o);
    expect(h.hook.received.map((r) => r.url)).toEqual(['/hooks/mentor', '/hooks/mentor', '/hooks/mentor']);
    const rows = await h.deliveries(o, 'webhook');
    expect(rows.filter((r) => r.failed_at !== null)).toHaveLength(1);
    expect(rows.find((r) => r.failed_at !== null)?.last_status).toBe(302);
  });

  it('outside local use, a WEBHOOK_URL on 127.0.0.1 is refused (plain http, then https to a loopback address)', async () => {
    const port = new URL(h.hook.url).port;
    for (const [url, error] of [[`http://127.0.0.1:${port}/x`, 'https_required'], [`https://127.0.0.1:${port}/x`, 'address_not_allowed'], [`https://localhost:${port}/x`, 'address_not_allowed']]) {
      // As a deployed function runs: no CONTEXT at all.
      const o = await h.open({ WEBHOOK_URL: url, WEBHOOK_SECRET: SECRET }, false);
      await h.insertLead(o, `ssrf-${error}@example.com`);
      await h.drain(o);
      const [row] = await h.deliveries(o, 'webhook');
      expect(row).toMatchObject({ last_error: error });
      expect(row.failed_at).not.toBeNull();
      await h.closeOpened();
    }
    expect(h.hook.received).toHaveLength(0);
  });

  it('outcomes: meeting.outcome_recorded every time, RD reuniao-realizada once per lead; erasure cancels pending deliveries and emits lead.erased', async () => {
    const o = await h.open({ RD_STATION_API_KEY: RD_KEY, RD_STATION_API_URL: h.rd.url, WEBHOOK_URL: `${h.hook.url}/hooks/mentor`, WEBHOOK_SECRET: SECRET });
    const meetings = createMeetingsHandler(async () => o.app);
    const leadId = await h.insertLead(o, 'outcome@example.com');
    const res = await meetings(postJson('/api/meetings', { leadId, service: 'trafego', diagnosticScore: 60, idempotencyKey: key(), scheduledDate: futureWorkday(3), scheduledTime: '11:00' }));
    const { meeting } = await res.json();
    const after = new Date(new Date(meeting.startsAt).getTime() + 3_600_000).toISOString();
    for (const attendance of ['attended', 'lead_no_show', 'attended']) {
      expect(await o.app.store.call('painel_record_outcome', { id: meeting.id, now: after, attendance, qualified: true, actor: 'mentor@example.com' })).toMatchObject({ status: 'ok' });
    }
    expect((await h.deliveries(o, 'rd')).map((r) => r.event)).toEqual(['orcamento-site', 'reuniao-agendada', 'reuniao-realizada']);
    expect((await h.deliveries(o, 'webhook')).map((r) => r.event)).toEqual(['lead.created', 'meeting.booked', 'meeting.outcome_recorded', 'meeting.outcome_recorded', 'meeting.outcome_recorded']);
    const [realizada] = (await h.deliveries(o, 'rd')).slice(2);
    expect(realizada.message).toMatchObject({ data: { outcome: { attendance: 'attended', qualified: true } } });
    expect(JSON.stringify(realizada.message)).not.toContain('note');

    // The person's export lists each delivery by target and event (its data is in the export's leads).
    const [exported] = await o.query<{ data: { messages: { kind: string; message: unknown }[] } }>(`select export_person_data('outcome@example.com') as data`);
    expect(exported.data.messages.filter((m) => m.kind === 'rd').map((m) => m.message)).toEqual([
      { target: 'rd', event: 'orcamento-site' }, { target: 'rd', event: 'reuniao-agendada' }, { target: 'rd', event: 'reuniao-realizada' },
    ]);
    // Erasure takes every delivery about the person, sent or pending; one still pending is never sent.
    await o.app.outbox.idle();
    const pendingId = await h.insertLead(o, 'outcome@example.com');
    h.rd.received.length = 0;
    h.hook.received.length = 0;
    await o.query(`select delete_person_data('outcome@example.com')`);
    expect(await o.query(`select event, lead_id, message from outbox where kind in ('rd', 'webhook')`)).toEqual([
      { event: 'lead.erased', lead_id: null, message: expect.objectContaining({ data: { lead_ids: [leadId, pendingId].sort() } }) },
    ]);
    await h.drain(o);
    expect(h.rd.received).toHaveLength(0);
    expect(h.hook.received).toHaveLength(1);
    const erased = new Webhook(SECRET).verify(h.hook.received[0].body, h.hook.received[0].headers as Record<string, string>);
    expect(erased).toMatchObject({ type: 'lead.erased', data: { lead_ids: [leadId, pendingId].sort() } });
    expect(h.hook.received[0].body).not.toContain('outcome@example.com');
  });
});
