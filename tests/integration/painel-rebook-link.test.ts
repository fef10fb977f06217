// "Enviar link para reagendar" from the painel (issue 32 item 3), on PGlite and on PostgreSQL: before the
// meeting the lead gets a new manage link that opens the meeting as the lead (who may move it); after a
// no-show a booking link that opens the calendar for the same lead until they book again. A second
// click, another consultant's meeting, an unknown id, a cancelled or attended meeting, one too close to
// move, or one without an outcome get their pt-BR answer and mail nothing.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MeetingView } from '../../src/domain/painel/api';
import { painelMessages } from '../../src/domain/painel/copy';
import { rebookLinkCopy } from '../../src/domain/painel/meeting-copy';
import { followupLinkPath } from '../../src/domain/followup';
import { createFollowupLinkHandler } from '../../functions/lib/followup/link';
import { createManageHandler } from '../../functions/lib/handlers/manage';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import type { SealedContent } from '../../functions/lib/mail/secrets';
import { ANA, bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { asDelivered, futureWorkday, key, postJson } from './helpers';
import { storeCases, type Opened } from './stores';

type Row = { id: string; kind: string; message: SealedContent; secrets: string[] | null };

describe.each(storeCases(inject('postgresUrl')))('painel "Enviar link para reagendar" on $name', (store) => {
  let opened: Opened;
  let skew = 0;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let ana: string;
  let open: { leadId: string; meetingId: string; startsAt: Date };
  let missed: { leadId: string; meetingId: string; startsAt: Date };
  let brunos: { leadId: string; meetingId: string; startsAt: Date };

  beforeAll(async () => {
    opened = await store.open({ now: () => new Date(Date.now() + skew) });
    open = await bookMeeting(opened.app, { email: 'carla@solarvale.com.br', presellerId: PRESELLERS.ana, time: '10:00', empresa: 'Solar Vale', nome: 'Carla Nunes' });
    missed = await bookMeeting(opened.app, { email: 'davi@solarsul.com.br', presellerId: PRESELLERS.ana, time: '15:00', empresa: 'Solar Sul', nome: 'Davi Reis' });
    brunos = await bookMeeting(opened.app, { email: 'elis@ventos.com.br', presellerId: PRESELLERS.bruno, time: '11:00', day: 1, empresa: 'Ventos', nome: 'Elis Lima' });
    mentor = await signIn(MENTOR);
    ana = await signIn(ANA);
  });
  afterAll(() => opened.close());

  async function travel(instant: number) {
    skew = instant - Date.now();
    mentor = await signIn(MENTOR);
    ana = await signIn(ANA);
  }
  const send = (meetingId: string, cookie: string) => call('POST', `/api/painel/reunioes/${meetingId}/link-reagendar`, { cookie });
  const linkMails = async (meetingId: string) =>
    (await opened.query<Row>(`select id, kind, message, secrets from outbox where meeting_id = $1 and kind like 'rebook-%' order by created_at, id`, [meetingId])).map(asDelivered);
  const view = async (meetingId: string, cookie: string) => (await (await call('GET', `/api/painel/reunioes/${meetingId}`, { cookie })).json()) as MeetingView;

  it('before the meeting: the consultant mails the lead a new manage link, which opens the meeting for the lead to move; a second click within 10 minutes mails nothing', async () => {
    expect((await view(open.meetingId, ana)).rebookLink).toBe('open');
    const res = await send(open.meetingId, ana);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as MeetingView;
    expect(answer.rebookLink).toBe('open');
    // How it happens, from the consultant's room (the summary's "Como será", the reschedule notice).
    const [{ room_url: room }] = await opened.query<{ room_url: string | null }>('select p.room_url from meetings m join presellers p on p.id = m.preseller_id where m.id = $1', [open.meetingId]);
    expect(answer.how).toBe(room ? 'video' : 'phone');
    const [mail, ...more] = await linkMails(open.meetingId);
    expect(more).toHaveLength(0);
    expect(mail.kind).toBe('rebook-link-lead');
    expect(mail.message.to).toBe('carla@solarvale.com.br');
    expect(mail.message.subject).toBe('Escolha um novo horário para sua reunião de Consultoria Empresarial');
    const token = /\/reuniao#t=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail.message.text)?.[1];
    expect(token).toBeDefined();
    const [stored] = await opened.query<{ message: { text: string } }>('select message from outbox where id = $1', [mail.id]);
    expect(stored.message.text).not.toContain(token!);
    const manage = createManageHandler(async () => opened.app);
    const page = await manage(postJson('/api/manage', { action: 'view', token }));
    expect((await page.json()).meeting).toMatchObject({ id: open.meetingId, actor: 'lead', canChange: true });
    // The history shows the mail; the activity log who sent it.
    expect(answer.events.some((e) => e.kind === 'mail' && e.subject === mail.message.subject)).toBe(true);
    expect(await opened.query(`select actor from painel_activity where action = 'meeting_rebook_link' and subject = $1`, [open.meetingId])).toEqual([{ actor: ANA }]);

    const again = await send(open.meetingId, mentor);
    expect(again.status).toBe(429);
    expect((await again.json()).error).toMatch(/^Um link para reagendar acabou de ser enviado a este lead\. Para enviar outro, tente de novo às \d\d:\d\d\.$/);
    expect(await linkMails(open.meetingId)).toHaveLength(1);
  });

  it('another consultant\'s meeting, an unknown id or no id is not found; a cancelled meeting says so; nothing is mailed', async () => {
    for (const [id, cookie] of [[brunos.meetingId, ana], ['00000000-0000-4000-8000-000000000000', mentor], ['nao-e-id', mentor]] as const) {
      const res = await send(id, cookie);
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: painelMessages.notFound });
    }
    expect(await linkMails(brunos.meetingId)).toHaveLength(0);
    const cancelled = await call('POST', `/api/painel/reunioes/${brunos.meetingId}/cancelar`, { cookie: mentor, body: { reason: 'Pedido do cliente' } });
    expect(cancelled.status).toBe(200);
    expect((await view(brunos.meetingId, mentor)).rebookLink).toBeNull();
    const res = await send(brunos.meetingId, mentor);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: rebookLinkCopy.cancelled });
    expect(await linkMails(brunos.meetingId)).toHaveLength(0);
  });

  it('too close to move: refused with the reason', async () => {
    await travel(missed.startsAt.getTime() - 60 * 60_000);
    expect((await view(missed.meetingId, ana)).rebookLink).toBeNull();
    const res = await send(missed.meetingId, ana);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: rebookLinkCopy.closed });
  });

  it('after a no-show: a booking link for the same lead, which opens the calendar until the lead books again', async () => {
    await travel(missed.startsAt.getTime() + 90 * 60_000);
    const early = await send(missed.meetingId, ana);
    expect(early.status).toBe(409);
    expect(await early.json()).toEqual({ error: rebookLinkCopy.noOutcome });
    const attended = await call('POST', `/api/painel/reunioes/${missed.meetingId}/desfecho`, { cookie: ana, body: { attendance: 'attended', qualified: true } });
    expect(attended.status).toBe(200);
    const refused = await send(missed.meetingId, ana);
    expect(await refused.json()).toEqual({ error: rebookLinkCopy.attended });
    const noShow = await call('POST', `/api/painel/reunioes/${missed.meetingId}/desfecho`, { cookie: ana, body: { attendance: 'lead_no_show', qualified: null } });
    expect(((await noShow.json()) as MeetingView).rebookLink).toBe('missed');
    expect(await linkMails(missed.meetingId)).toHaveLength(0);

    const res = await send(missed.meetingId, mentor);
    expect(res.status).toBe(200);
    const [mail] = await linkMails(missed.meetingId);
    expect(mail).toMatchObject({ kind: 'rebook-missed-lead', message: { to: 'davi@solarsul.com.br', subject: 'Vamos remarcar sua reunião de Consultoria Empresarial?' } });
    expect(mail.message.text).toContain('Sentimos sua falta na reunião de');
    const token = /\/orcamento#agendar=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail.message.text)?.[1];
    expect(token).toBeDefined();
    const [stored] = await opened.query<{ message: { text: string } }>('select message from outbox where id = $1', [mail.id]);
    expect(stored.message.text).not.toContain(token!);

    const link = createFollowupLinkHandler(async () => opened.app);
    const openedLink = await link(postJson(followupLinkPath, { token }));
    expect(openedLink.status).toBe(200);
    expect(await openedLink.json()).toMatchObject({ success: true, leadId: missed.leadId, service: 'consultoria', firstName: 'Davi' });

    // The lead books again through the dialog's endpoint: the link is spent.
    const meetings = createMeetingsHandler(async () => opened.app);
    const booked = await meetings(postJson('/api/meetings', {
      leadId: missed.leadId, service: 'consultoria', diagnosticScore: 70, idempotencyKey: key(), scheduledDate: futureWorkday(4, 2), scheduledTime: '10:00', presellerId: PRESELLERS.ana,
    }));
    expect(booked.status).toBe(201);
    expect((await link(postJson(followupLinkPath, { token }))).status).toBe(404);
    // The person now has a meeting ahead: no second booking link (past the 10 minutes too).
    await travel(missed.startsAt.getTime() + 120 * 60_000);
    const again = await send(missed.meetingId, mentor);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: rebookLinkCopy.booked });
  });
});
