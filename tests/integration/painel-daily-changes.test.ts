// The mentor's morning mail also lists the cancellations and moves leads made themselves in the last 24
// hours (a line each, opening the meeting), on PGlite and on PostgreSQL; the team's own changes from the
// painel are not listed (the team made them), and a day with nothing to say sends nothing. (The mail's
// figures of yesterday and today's meetings: painel-week-mail.test.ts.)
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { cancelMeeting } from '../../functions/lib/manage/change';
import { queuePendingOutcomesMail } from '../../functions/lib/painel/daily-mail';
import { pendingOutcomesMail } from '../../src/domain/painel/copy';
import { bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { storeCases, type Opened } from './stores';

describe.each(storeCases(inject('postgresUrl')))('morning mail: changes by leads, on $name', (store) => {
  let opened: Opened;
  let skew = 0;
  const { call, signIn } = painelClient(() => opened);

  beforeAll(async () => {
    opened = await store.open({ now: () => new Date(Date.now() + skew) });
  });
  afterAll(() => opened.close());

  const mails = () => opened.query<{ message: { subject: string; text: string } }>(`select message from outbox where kind = 'painel-pending-outcomes' order by created_at`);

  it('sends nothing on a day with no pending outcome and no change by a lead', async () => {
    expect(await queuePendingOutcomesMail(opened.app)).toBe(false);
  });

  it('lists the lead\'s own cancellation with its link, not the one the team made in the painel', async () => {
    const byLead = await bookMeeting(opened.app, { email: 'hugo@solarnorte.com.br', presellerId: PRESELLERS.ana, time: '10:00', empresa: 'Solar Norte', nome: 'Hugo Dias' });
    const byTeam = await bookMeeting(opened.app, { email: 'iris@solarsul.com.br', presellerId: PRESELLERS.bruno, time: '11:00', empresa: 'Solar Sul', nome: 'Íris Melo' });
    const details = await opened.app.store.meetingDetails(byLead.meetingId);
    await cancelMeeting(opened.app, { ...details!, actor: 'lead' }, null);
    const cancelled = await call('POST', `/api/painel/reunioes/${byTeam.meetingId}/cancelar`, { cookie: await signIn(MENTOR), body: { reason: 'Pedido por telefone' } });
    expect(cancelled.status).toBe(200);

    expect(await queuePendingOutcomesMail(opened.app)).toBe(true);
    const [mail] = await mails();
    expect(mail.message.subject).toBe('1 mudança feita por lead');
    expect(mail.message.text).toContain('Mudanças feitas pelos leads nas últimas 24 horas:');
    expect(mail.message.text).toMatch(new RegExp(`Cancelou: Hugo Dias \\(Solar Norte\\) · .+ · Ana Souza\\nAbrir no painel: \\S+/painel#reuniao=${byLead.meetingId}\\n`));
    expect(mail.message.text).not.toContain('Íris Melo');
    // One a day: the same changes do not mail twice.
    expect(await queuePendingOutcomesMail(opened.app)).toBe(false);

    // A day later the change is older than 24 hours: not said again. (That morning's mail may still go with
    // yesterday's figures — the two leads above, when they came on the day before in Brasília.)
    skew += 25 * 3600_000;
    if (await queuePendingOutcomesMail(opened.app)) {
      const [latest] = (await mails()).slice(-1);
      expect(latest.message.text).not.toContain(pendingOutcomesMail.changesTitle);
      expect(latest.message.text).toContain('Leads de ontem');
    }
    // Another day: no leads the day before, no meeting (both cancelled), no change: nothing to say.
    skew += 24 * 3600_000;
    expect(await queuePendingOutcomesMail(opened.app)).toBe(false);
  });
});
