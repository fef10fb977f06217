// "Cancelar reunião" and "Reagendar" from the painel, on PGlite and on PostgreSQL: the mails and invites
// are the mail links' ones, the history names who cancelled, and bad input — another consultant's
// meeting, a reason that is not one printable line of 1–200 characters, a second click, a time the same
// consultant is not free — gets its pt-BR answer and changes nothing.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MeetingView } from '../../src/domain/painel/api';
import { painelMessages } from '../../src/domain/painel/copy';
import { ANA, bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { futureWorkday, key } from './helpers';
import { storeCases, type Opened } from './stores';

type Row = { kind: string; message: { to: string; subject: string; text: string; icalEvent?: { method: string; content: string } } };

describe.each(storeCases(inject('postgresUrl')))('painel cancel on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let ana: string;
  let anas: { leadId: string; meetingId: string };
  let anasOther: { leadId: string; meetingId: string };
  let brunos: { leadId: string; meetingId: string };

  beforeAll(async () => {
    opened = await store.open();
    anas = await bookMeeting(opened.app, { email: 'carla@solarvale.com.br', presellerId: PRESELLERS.ana, time: '10:00', empresa: 'Solar Vale', nome: 'Carla Nunes' });
    anasOther = await bookMeeting(opened.app, { email: 'davi@solarsul.com.br', presellerId: PRESELLERS.ana, time: '15:00', empresa: 'Solar Sul', nome: 'Davi Reis' });
    brunos = await bookMeeting(opened.app, { email: 'elis@ventos.com.br', presellerId: PRESELLERS.bruno, time: '11:00', day: 1, empresa: 'Ventos', nome: 'Elis Lima' });
    mentor = await signIn(MENTOR);
    ana = await signIn(ANA);
  });
  afterAll(() => opened.close());

  const outboxOf = (meetingId: string) => opened.query<Row>('select kind, message from outbox where meeting_id = $1 order by id', [meetingId]);
  const statusOf = async (meetingId: string) => (await opened.query<{ status: string }>('select status from meetings where id = $1', [meetingId]))[0].status;
  const cancel = (meetingId: string, cookie: string, body: unknown) => call('POST', `/api/painel/reunioes/${meetingId}/cancelar`, { cookie, body });

  it('offers "Cancelar reunião" to the meeting\'s consultant and the mentor, and refuses another consultant\'s meeting as not found', async () => {
    const view = (await (await call('GET', `/api/painel/reunioes/${anas.meetingId}`, { cookie: ana })).json()) as MeetingView;
    expect(view.canCancel).toBe(true);
    const before = (await outboxOf(brunos.meetingId)).length;
    const res = await cancel(brunos.meetingId, ana, { reason: 'Não é minha' });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: painelMessages.notFound });
    expect(await statusOf(brunos.meetingId)).toBe('scheduled');
    expect(await outboxOf(brunos.meetingId)).toHaveLength(before);
  });

  it('refuses a reason that is not one printable line of 1 to 200 characters, and changes nothing', async () => {
    const before = (await outboxOf(anas.meetingId)).length;
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(201) }, { reason: 'duas\nlinhas' }, { reason: 'sino\u0007' }, { reason: 42 }]) {
      const res = await cancel(anas.meetingId, mentor, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: painelMessages.cancelReason });
    }
    const raw = await call('POST', `/api/painel/reunioes/${anas.meetingId}/cancelar`, { cookie: mentor, raw: '{"reason":' });
    expect(raw.status).toBe(400);
    expect(await statusOf(anas.meetingId)).toBe('scheduled');
    expect(await outboxOf(anas.meetingId)).toHaveLength(before);
  });

  it('the mentor cancels a consultant\'s meeting: the mail-link mails and CANCEL invites, the history names who; a second click says so and mails nothing', async () => {
    const res = await cancel(anas.meetingId, mentor, { reason: 'Cliente pediu por telefone' });
    expect(res.status).toBe(200);
    const view = (await res.json()) as MeetingView;
    expect(view).toMatchObject({ status: 'cancelled', canCancel: false, cancelledBy: 'consultant', cancelReason: 'Cliente pediu por telefone' });
    expect(view.events.find((e) => e.kind === 'cancelled')).toMatchObject({ by: 'consultant', reason: 'Cliente pediu por telefone', who: MENTOR });

    // (Outbox ids are not in insertion order: sorted by kind.)
    const mails = (await outboxOf(anas.meetingId)).filter((r) => r.kind.startsWith('meeting-cancelled')).sort((a, b) => a.kind.localeCompare(b.kind));
    expect(mails.map((m) => [m.kind, m.message.to])).toEqual([['meeting-cancelled-lead', 'carla@solarvale.com.br'], ['meeting-cancelled-preseller', ANA]]);
    for (const m of mails) {
      expect(m.message.icalEvent?.method).toBe('CANCEL');
      expect(m.message.icalEvent?.content).toContain('METHOD:CANCEL');
      expect(m.message.icalEvent?.content).toContain(`UID:${anas.meetingId}`);
    }
    // The lead's words are the consultant link's; the consultant reads that the mentor (no consultant name) cancelled.
    expect(mails[0].message.text).toContain('O consultor precisou cancelar a sua reunião');
    expect(mails[1].message.text).toContain('A mentoria cancelou esta reunião pelo painel');
    expect(mails[1].message.text).toContain('Motivo: Cliente pediu por telefone');
    const logged = await opened.query<{ actor: string }>(`select actor from painel_activity where action = 'meeting_cancelled' and subject = $1`, [anas.meetingId]);
    expect(logged).toEqual([{ actor: MENTOR }]);

    const again = await cancel(anas.meetingId, ana, { reason: 'De novo' });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: painelMessages.alreadyCancelled });
    expect((await outboxOf(anas.meetingId)).filter((r) => r.kind.startsWith('meeting-cancelled'))).toHaveLength(2);
  });

  it('the consultant cancels their own meeting and reads it as their own; the history names them', async () => {
    const res = await cancel(anasOther.meetingId, ana, { reason: 'Imprevisto' });
    expect(res.status).toBe(200);
    const view = (await res.json()) as MeetingView;
    expect(view.events.find((e) => e.kind === 'cancelled')).toMatchObject({ who: 'Ana Souza' });
    const [toAna] = (await outboxOf(anasOther.meetingId)).filter((r) => r.kind === 'meeting-cancelled-preseller');
    expect(toAna.message.text).toContain('Você cancelou esta reunião');
  });

  it('the consultant moves their meeting to a time they are free: the lead gets the updated invite; a time they are not free, or bad input, changes nothing', async () => {
    const moving = await bookMeeting(opened.app, { email: 'fabio@solarleste.com.br', presellerId: PRESELLERS.ana, time: '09:00', day: 2, empresa: 'Solar Leste', nome: 'Fábio Melo' });
    await bookMeeting(opened.app, { email: 'gina@solaroeste.com.br', presellerId: PRESELLERS.ana, time: '13:00', day: 2, empresa: 'Solar Oeste', nome: 'Gina Paz' });
    const move = (body: unknown) => call('POST', `/api/painel/reunioes/${moving.meetingId}/reagendar`, { cookie: ana, body });
    const before = (await outboxOf(moving.meetingId)).length;
    const day = futureWorkday(3, 2);

    for (const body of [{}, { scheduledDate: day, scheduledTime: '25:00', consultant: 'same', idempotencyKey: key() }, { scheduledDate: day, scheduledTime: '11:00', consultant: 'outro', idempotencyKey: key() }]) {
      const res = await move(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: painelMessages.rescheduleInput });
    }
    // 13:00 is Gina's meeting with Ana: "mesmo consultor" cannot have it, and nothing moves.
    const taken = await move({ scheduledDate: day, scheduledTime: '13:00', consultant: 'same', idempotencyKey: key() });
    expect(taken.status).toBe(409);
    expect(await outboxOf(moving.meetingId)).toHaveLength(before);

    const res = await move({ scheduledDate: day, scheduledTime: '11:00', consultant: 'same', idempotencyKey: key() });
    expect(res.status).toBe(200);
    const view = (await res.json()) as MeetingView;
    expect(view.consultant.id).toBe(PRESELLERS.ana);
    expect(view.events.map((e) => e.kind)).toContain('rescheduled');
    const [toLead] = (await outboxOf(moving.meetingId)).filter((r) => r.kind === 'meeting-rescheduled-lead');
    expect(toLead.message.to).toBe('fabio@solarleste.com.br');
    expect(toLead.message.icalEvent?.method).toBe('REQUEST');
    expect(toLead.message.icalEvent?.content).toMatch(/SEQUENCE:1\r?\n/);
    expect(toLead.message.text).toContain('às 11:00');
    const [toAna] = (await outboxOf(moving.meetingId)).filter((r) => r.kind === 'meeting-rescheduled-preseller');
    expect(toAna.message.text).toContain('Você escolheu o novo horário pelo painel');
  });
});
