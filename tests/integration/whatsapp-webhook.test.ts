// /api/whatsapp/webhook with real HMAC signatures: Meta's subscription check, signed statuses applied by
// wamid (a wrong signature refused, a replay changing nothing, statuses out of order), malformed input a
// 4xx and never a 500, and the lead's "PARAR" stopping what is pending and what comes.
import { describe, expect, inject, it } from 'vitest';
import { queueDueReminders } from '../../functions/lib/reminders';
import { scheduledBudget } from '../../functions/lib/budget';
import { zonedToUtc } from '../../src/domain/scheduling/time';
import { futureWorkday } from './helpers';
import { storeCases } from './stores';
import { replyTo, statusUpdate, useWhatsApp, WA } from './whatsapp-harness';

const handshake = (query: string) => new Request(`http://localhost/api/whatsapp/webhook?${query}`);

describe.each(storeCases(inject('postgresUrl')))('WhatsApp webhook on $name', (store) => {
  const h = useWhatsApp(store);

  it('answers the subscription check with the challenge only for the verify token', async () => {
    const o = await h.open();
    const ok = await o.webhook(handshake(`hub.mode=subscribe&hub.verify_token=${WA.verifyToken}&hub.challenge=1158201444`));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('1158201444');
    expect((await o.webhook(handshake(`hub.mode=subscribe&hub.verify_token=errado&hub.challenge=1`))).status).toBe(403);
    expect((await o.webhook(handshake(`hub.mode=unsubscribe&hub.verify_token=${WA.verifyToken}&hub.challenge=1`))).status).toBe(400);
    expect((await o.webhook(handshake(`hub.mode=subscribe&hub.verify_token=${WA.verifyToken}`))).status).toBe(400);
  });

  it('stores a signed status by wamid; refuses a wrong signature; a replay and a late "delivered" after "read" change nothing', async () => {
    const o = await h.open();
    const leadId = await o.lead('wa-webhook@example.com');
    const { meeting } = await o.book(leadId, futureWorkday(3), '10:00');
    await o.drain();
    const [{ wamid }] = h.graph.sent;
    const at = Math.floor(Date.now() / 1000);

    const forged = statusUpdate(wamid, 'read', at);
    expect((await o.post(forged, `sha256=${'0'.repeat(64)}`)).status).toBe(401);
    expect((await o.post(forged, 'sha1=abc')).status).toBe(401);
    // Signed with another secret: refused.
    const { createHmac } = await import('node:crypto');
    const raw = JSON.stringify(forged);
    expect((await o.post(raw, `sha256=${createHmac('sha256', 'outro-segredo').update(raw).digest('hex')}`)).status).toBe(401);
    expect((await o.messages(meeting.id))[0].status).toBe('enviado');

    // 'read' first (without 'delivered'), then 'delivered' late and 'sent' replayed: it stays 'lido'.
    expect((await o.post(statusUpdate(wamid, 'read', at + 5))).status).toBe(200);
    expect((await o.messages(meeting.id))[0].status).toBe('lido');
    expect((await o.post(statusUpdate(wamid, 'delivered', at + 2))).status).toBe(200);
    expect((await o.post(statusUpdate(wamid, 'read', at + 5))).status).toBe(200);
    expect((await o.post(statusUpdate(wamid, 'failed', at + 9, [{ code: 131026, title: 'Message undeliverable' }]))).status).toBe(200);
    const [row] = await o.query<{ status: string; status_at: Date; error_code: number | null }>(`select status, status_at, error_code from whatsapp_messages where wamid = $1`, [wamid]);
    expect(row.status).toBe('lido');
    expect(row.error_code).toBeNull();
    expect(new Date(row.status_at).getTime()).toBe((at + 5) * 1000);
    // An id that is not ours is ignored, with a 200 so Meta does not retry it.
    expect((await o.post(statusUpdate('wamid.desconhecido', 'delivered', at))).status).toBe(200);
  });

  it('a malformed post is a 4xx, never a 500, and changes nothing', async () => {
    const o = await h.open();
    for (const body of ['not json', '{"object":"page","entry":[]}', '{"object":"whatsapp_business_account","entry":[{"changes":[{"field":"messages","value":{"statuses":[{"id":"","status":"read"}]}}]}]}', '[]', 'null']) {
      const res = await o.post(body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).error).toBe('Dados do webhook inválidos.');
    }
    const unsigned = await o.webhook(new Request('http://localhost/api/whatsapp/webhook', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }));
    expect(unsigned.status).toBe(401);
    expect((await o.webhook(new Request('http://localhost/api/whatsapp/webhook', { method: 'PUT', body: '{}' }))).status).toBe(405);
  });

  it('"PARAR" in reply to a message stops the lead: the pending reminder is dropped and nothing more is queued', async () => {
    const o = await h.open();
    const leadId = await o.lead('wa-parar@example.com');
    const date = futureWorkday(4);
    const { meeting } = await o.book(leadId, date, '10:00');
    await o.drain();
    const [{ wamid }] = h.graph.sent;
    // "parar" typed any way: stopped.
    expect((await o.post(replyTo(wamid, ' Parar! '))).status).toBe(200);
    expect(await o.query(`select whatsapp_stopped_at is not null as stopped from leads where id = $1::uuid`, [leadId])).toEqual([{ stopped: true }]);
    h.advanceTo(zonedToUtc(date, '10:00', 'America/Sao_Paulo').getTime() - 24 * 60 * 60_000 + 60_000);
    await queueDueReminders(o.app, scheduledBudget());
    await o.drain();
    expect(h.graph.sent).toHaveLength(1);
    // The reminder went by e-mail instead.
    expect(await o.mailKinds(meeting.id)).toContain('reminder-24h-lead');
  });

  it('the manage page tells the lead the messages are on and stops them (the lead\'s link only)', async () => {
    const o = await h.open();
    const leadId = await o.lead('wa-pagina@example.com');
    await o.book(leadId, futureWorkday(3), '10:00');
    await o.drain();
    const token = h.graph.sent[0].suffix;
    const view = await (await o.manageCall({ action: 'view', token })).json();
    expect(view.meeting.whatsapp).toBe(true);
    const stopped = await o.manageCall({ action: 'whatsapp-stop', token });
    expect(stopped.status).toBe(200);
    expect((await stopped.json()).meeting.whatsapp).toBeUndefined();
    expect(await o.query(`select whatsapp_stopped_at is not null as stopped from leads where id = $1::uuid`, [leadId])).toEqual([{ stopped: true }]);
    expect((await o.manageCall({ action: 'whatsapp-stop', token: 'x'.repeat(43) })).status).toBe(404);
  });
});
