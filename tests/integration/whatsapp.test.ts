// WhatsApp confirmations and reminders against a fake Graph API (tests/support/whatsapp-fake.ts), on the
// embedded database and on a real PostgreSQL server: who gets what, when (a controlled clock), the e-mail
// fallback once, the held-out and the not-opted-in getting none, and nothing at all without the settings.
import { describe, expect, inject, it } from 'vitest';
import { queueDueReminders } from '../../functions/lib/reminders';
import { scheduledBudget } from '../../functions/lib/budget';
import { zonedToUtc } from '../../src/domain/scheduling/time';
import { futureWorkday, key } from './helpers';
import { storeCases } from './stores';
import { LANDLINE, MOBILE, statusUpdate, useWhatsApp } from './whatsapp-harness';

const TZ = 'America/Sao_Paulo';
const MIN = 60_000;
const HOUR = 60 * MIN;

describe.each(storeCases(inject('postgresUrl')))('WhatsApp on $name', (store) => {
  const h = useWhatsApp(store);

  it('an opted-in lead books: the confirmation template with its parameters, and a button that opens the meeting', async () => {
    const o = await h.open();
    const leadId = await o.lead('wa-confirma@example.com');
    expect(await o.query(`select whatsapp_group, whatsapp_opt_in_version, whatsapp_opt_in_at is not null as at from leads where id = $1::uuid`, [leadId]))
      .toEqual([{ whatsapp_group: 'whatsapp', whatsapp_opt_in_version: '2026-11-30', at: true }]);
    const date = futureWorkday(3);
    const { meeting } = await o.book(leadId, date, '10:00');
    await o.drain();

    expect(h.graph.sent).toHaveLength(1);
    const [sent] = h.graph.sent;
    expect(sent).toMatchObject({ to: MOBILE.e164, name: 'reuniao_confirmada' });
    expect(sent.params.nome).toBe(o.app.env ? (await o.query<{ nome: string }>(`select split_part(nome, ' ', 1) as nome from leads where id = $1::uuid`, [leadId]))[0].nome : '');
    expect(sent.params.hora).toBe('10:00');
    expect(sent.params.data).toContain(date.split('-').reverse().join('/'));
    expect(sent.params.consultor).toBeTruthy();
    expect(sent.params.local).toBeTruthy();
    // The button's suffix is a working lead link of this meeting.
    const view = await o.manageCall({ action: 'view', token: sent.suffix });
    expect(view.status).toBe(200);
    expect((await view.json()).meeting.id).toBe(meeting.id);

    expect(await o.messages(meeting.id)).toEqual([{ kind: 'confirmacao', status: 'enviado', wamid: sent.wamid, error_code: null, error_title: null, fallback_outbox_id: null }]);
    // The confirmation e-mail (with its invite) goes too; no stored row keeps the token.
    expect(await o.mailKinds(meeting.id)).toContain('meeting-lead');
    expect(await o.query(`select 1 from outbox where position($1 in message::text) > 0 or position($1 in coalesce(secrets::text, '')) > 0`, [sent.suffix])).toEqual([]);
  });

  it('reminders 24 h and 1 h before by WhatsApp instead of e-mail; a moved meeting gets its notice, a cancelled one too', async () => {
    const o = await h.open();
    const leadId = await o.lead('wa-lembretes@example.com');
    const date = futureWorkday(4);
    const { meeting } = await o.book(leadId, date, '10:00');
    await o.drain();
    const start = zonedToUtc(date, '10:00', TZ).getTime();

    h.advanceTo(start - 24 * HOUR + MIN);
    await queueDueReminders(o.app, scheduledBudget());
    await o.drain();
    h.advanceTo(start - 59 * MIN);
    await queueDueReminders(o.app, scheduledBudget());
    await o.drain();
    expect(h.graph.sent.map((s) => s.name)).toEqual(['reuniao_confirmada', 'reuniao_lembrete_24h', 'reuniao_lembrete_1h']);
    expect(h.graph.sent[2].params).toMatchObject({ hora: '10:00' });
    expect((await o.mailKinds(meeting.id)).filter((k) => k.startsWith('reminder-'))).toEqual([]);
    expect((await o.messages(meeting.id)).map((m) => [m.kind, m.status])).toEqual([['confirmacao', 'enviado'], ['lembrete_24h', 'enviado'], ['lembrete_1h', 'enviado']]);

    // Back to before the meeting: move it, then cancel it.
    h.advanceTo(Date.now());
    const token = h.graph.sent[0].suffix;
    const moved = await o.manageCall({ action: 'reschedule', token, scheduledDate: futureWorkday(5), scheduledTime: '14:00', idempotencyKey: key() });
    expect(moved.status).toBe(200);
    await o.drain();
    const cancelled = await o.manageCall({ action: 'cancel', token });
    expect(cancelled.status).toBe(200);
    await o.drain();
    expect(h.graph.sent.slice(3).map((s) => [s.name, s.params.hora])).toEqual([['reuniao_reagendada', '14:00'], ['reuniao_cancelada', '14:00']]);
  });

  it('Meta down: a booking and its e-mail go at once; a late reminder is dropped, not sent after the meeting began', async () => {
    const o = await h.open();
    h.graph.down = true;
    const leadId = await o.lead('wa-atrasado@example.com');
    const date = futureWorkday(4);
    const { meeting } = await o.book(leadId, date, '10:00');
    await o.drain();
    // The confirmation waits for a retry; the lead's e-mail went meanwhile.
    expect(await o.messages(meeting.id)).toMatchObject([{ kind: 'confirmacao', status: 'pendente' }]);
    expect((await o.query<{ sent: boolean }>(`select sent_at is not null as sent from outbox where meeting_id = $1::uuid and kind = 'meeting-lead'`, [meeting.id]))).toEqual([{ sent: true }]);
    const start = zonedToUtc(date, '10:00', TZ).getTime();
    h.advanceTo(start - 59 * MIN);
    await queueDueReminders(o.app, scheduledBudget());
    await o.drain();
    // Meta is back only after the meeting began: the 1 h reminder is dropped ('pulado'), never sent; so is
    // the confirmation, days past its validity (content/whatsapp.yaml validade_minutos).
    h.graph.down = false;
    h.advanceTo(start + 5 * MIN);
    await o.drain();
    expect(h.graph.sent).toEqual([]);
    expect((await o.messages(meeting.id)).map((m) => [m.kind, m.status, m.error_title])).toEqual([
      ['confirmacao', 'pulado', 'expirou'], ['lembrete_1h', 'pulado', 'expirou'],
    ]);
  });

  it('a held-out lead (holdout 100 %) gets no WhatsApp: its reminders go by e-mail', async () => {
    const o = await h.open({ WHATSAPP_HOLDOUT_PERCENT: '100' });
    const leadId = await o.lead('wa-holdout@example.com');
    expect(await o.query(`select whatsapp_group from leads where id = $1::uuid`, [leadId])).toEqual([{ whatsapp_group: 'holdout' }]);
    const date = futureWorkday(4);
    const { meeting } = await o.book(leadId, date, '10:00');
    h.advanceTo(zonedToUtc(date, '10:00', TZ).getTime() - 24 * HOUR + MIN);
    await queueDueReminders(o.app, scheduledBudget());
    await o.drain();
    expect(h.graph.sent).toEqual([]);
    expect(await o.messages(meeting.id)).toEqual([]);
    expect(await o.mailKinds(meeting.id)).toContain('reminder-24h-lead');
  });

  it('no opt-in, a landline, or no settings: nothing is sent or stored for WhatsApp', async () => {
    const o = await h.open();
    const unticked = await o.lead('wa-sem-optin@example.com', MOBILE.typed, false);
    const landline = await o.lead('wa-fixo@example.com', LANDLINE, true);
    expect(await o.query(`select whatsapp_group from leads where id in ($1::uuid, $2::uuid)`, [unticked, landline])).toEqual([{ whatsapp_group: null }, { whatsapp_group: null }]);
    await o.book(unticked, futureWorkday(3), '10:00');
    await o.book(landline, futureWorkday(3), '11:00');
    await o.drain();
    expect(h.graph.sent).toEqual([]);
    expect(await o.query(`select * from whatsapp_messages`)).toEqual([]);
  });

  it('without the settings a ticked box is no opt-in and nothing changes', async () => {
    const o = await h.open({}, false);
    const leadId = await o.lead('wa-desligado@example.com');
    expect(await o.query(`select whatsapp_group, whatsapp_opt_in_at from leads where id = $1::uuid`, [leadId])).toEqual([{ whatsapp_group: null, whatsapp_opt_in_at: null }]);
    await o.book(leadId, futureWorkday(3), '10:00');
    await o.drain();
    expect(h.graph.sent).toEqual([]);
    expect((await o.webhook(new Request('http://localhost/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=1'))).status).toBe(404);
  });

  it('a failed status falls back to the reminder e-mail, once (a replayed failure queues nothing more)', async () => {
    const o = await h.open();
    const leadId = await o.lead('wa-falhou@example.com');
    const date = futureWorkday(4);
    const { meeting } = await o.book(leadId, date, '10:00');
    h.advanceTo(zonedToUtc(date, '10:00', TZ).getTime() - 24 * HOUR + MIN);
    await queueDueReminders(o.app, scheduledBudget());
    await o.drain();
    const reminder = h.graph.sent.find((s) => s.name === 'reuniao_lembrete_24h')!;
    const failed = statusUpdate(reminder.wamid, 'failed', undefined, [{ code: 131049, title: 'This message was not delivered to maintain healthy ecosystem engagement.' }]);
    expect((await o.post(failed)).status).toBe(200);
    expect((await o.post(failed)).status).toBe(200);
    await o.drain();
    const rows = (await o.messages(meeting.id)).filter((m) => m.kind === 'lembrete_24h');
    expect(rows).toMatchObject([{ status: 'substituido_por_email', error_code: 131049 }]);
    expect(rows[0].fallback_outbox_id).toBeTruthy();
    expect((await o.mailKinds(meeting.id)).filter((k) => k === 'reminder-24h-lead')).toHaveLength(1);
    const [mail] = await o.query<{ sent: boolean; subject: string }>(`select sent_at is not null as sent, message->>'subject' as subject from outbox where id = $1::uuid`, [rows[0].fallback_outbox_id]);
    expect(mail).toMatchObject({ sent: true });
    expect(mail.subject).toMatch(/^Lembrete: reunião/);
  });

  it('a number without WhatsApp (131026) falls back to e-mail at once; an unapproved template (132001) fails without retries', async () => {
    const o = await h.open();
    const leadId = await o.lead('wa-sem-whatsapp@example.com');
    const date = futureWorkday(4);
    const { meeting } = await o.book(leadId, date, '10:00');
    h.graph.unapproved.add('reuniao_confirmada');
    await o.drain();
    expect(h.graph.answers.map((a) => a.code)).toEqual([132001]);
    h.graph.withoutWhatsApp.add(MOBILE.e164);
    h.advanceTo(zonedToUtc(date, '10:00', TZ).getTime() - 24 * HOUR + MIN);
    await queueDueReminders(o.app, scheduledBudget());
    await o.drain();
    expect(h.graph.answers.map((a) => a.code)).toEqual([132001, 131026]);
    expect((await o.messages(meeting.id)).map((m) => [m.kind, m.status, m.error_code])).toEqual([
      ['confirmacao', 'falhou', 132001], ['lembrete_24h', 'substituido_por_email', 131026],
    ]);
    expect((await o.mailKinds(meeting.id)).filter((k) => k === 'reminder-24h-lead')).toHaveLength(1);
  });

  it('the export carries the WhatsApp history; erasure removes it and stops what is pending', async () => {
    const o = await h.open();
    const leadId = await o.lead('wa-apagar@example.com');
    h.graph.down = true;
    const { meeting } = await o.book(leadId, futureWorkday(3), '10:00');
    await o.drain();
    // Meta down: the confirmation is pending (a retry due later) when the person is erased.
    expect(await o.messages(meeting.id)).toMatchObject([{ kind: 'confirmacao', status: 'pendente' }]);
    // Before: the person's export carries the opt-in and each message with its status (LGPD art. 18).
    const [{ data }] = await o.query<{ data: { leads: { whatsapp_opt_in_version: string; whatsapp_messages: unknown[] }[] } }>(
      `select export_person_data('wa-apagar@example.com') as data`);
    expect(data.leads[0].whatsapp_opt_in_version).toBe('2026-11-30');
    expect(data.leads[0].whatsapp_messages).toMatchObject([{ meeting_id: meeting.id, kind: 'confirmacao', status: 'pendente' }]);
    await o.query(`select delete_person_data('wa-apagar@example.com')`);
    expect(await o.query(`select * from whatsapp_messages`)).toEqual([]);
    expect(await o.query(`select id from outbox where kind = 'whatsapp'`)).toEqual([]);
    h.graph.down = false;
    h.advanceTo(Date.now() + 2 * HOUR);
    await o.drain();
    expect(h.graph.sent).toEqual([]);
  });
});
