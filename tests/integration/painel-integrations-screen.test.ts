// Integrações for the mentor: each target's counts equal its rows (sent today in Brasília, given up,
// retrying — a failure too —, queued: the lead page's own statuses), the latest failures name their lead,
// the pause shown is the target's current one, and "Reenviar todos com falha" puts every failed row of one
// target back in the queue (and lifts its pause), saying so, logged; a consultant may not. On PGlite and
// PostgreSQL. (Each state's words against a live receiver: integrations-status.test.ts.)
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Delivery, LeadView } from '../../src/domain/painel/api';
import type { IntegrationSummary } from '../../src/domain/painel/integrations';
import { explainError } from '../../src/domain/painel/integrations';
import { resendAnswer, type ResendAllResult } from '../../src/domain/painel/integration-status';
import { OUTBOX_MAX_ATTEMPTS } from '../../functions/lib/store/port';
import { ANA, bookMeeting, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { storeCases, type Opened } from './stores';

describe.each(storeCases(inject('postgresUrl')))('painel Integrações on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let leads: { leadId: string }[] = [];

  const configure = (enabled: boolean) => opened.query(`select integration_configure($1::text::jsonb)`,
    [JSON.stringify({ targets: { webhook: { enabled, hash: 'x' }, rd: { enabled, hash: 'y' } } })]);
  const summary = async () => {
    const res = await call('GET', '/api/painel/integracoes', { cookie: mentor });
    expect(res.status).toBe(200);
    return (await res.json()) as IntegrationSummary[];
  };

  beforeAll(async () => {
    opened = await store.open();
    await configure(true);
    leads = [
      await bookMeeting(opened.app, { email: 'ines@integra.com.br', presellerId: PRESELLERS.ana, nome: 'Inês Integra' }),
      await bookMeeting(opened.app, { email: 'joao@integra.com.br', presellerId: PRESELLERS.bruno, time: '15:00', nome: 'João Falha' }),
    ];
    await configure(false);
    await opened.app.outbox.idle();
    const rows = await opened.query<{ id: string; kind: string; event: string; lead_id: string }>(
      `select id, kind, event, lead_id from outbox where kind in ('rd', 'webhook') order by created_at, id`);
    const of = (kind: string, event: string, lead = leads[0].leadId) => rows.find((r) => r.kind === kind && r.event === event && r.lead_id === lead)!.id;
    // RD: one sent today, one sent yesterday, one refused (RD's English), one out of attempts; the rest pending.
    await opened.query(`update outbox set attempts = 1, sent_at = now() where id = $1`, [of('rd', 'orcamento-site')]);
    await opened.query(`update outbox set attempts = 1, sent_at = now() - interval '2 days' where id = $1`, [of('rd', 'reuniao-agendada')]);
    await opened.query(`update outbox set attempts = 1, failed_at = now(), last_status = 400,
      last_error = 'HTTP 400: INVALID_OPTION The field cf_cnpj does not exist (payload.cf_cnpj)' where id = $1`, [of('rd', 'orcamento-site', leads[1].leadId)]);
    await opened.query(`update outbox set attempts = $2, last_status = 503, last_error = 'HTTP 503' where id = $1`, [of('rd', 'reuniao-agendada', leads[1].leadId), OUTBOX_MAX_ATTEMPTS]);
    // Webhook: paused (410) now; one retrying.
    await opened.query(`update outbox set attempts = 2, last_status = 500, last_error = 'HTTP 500' where id = $1`, [of('webhook', 'lead.created')]);
    await opened.query(`update integration_targets set paused_at = now(), paused_status = 410 where target = 'webhook'`);
    mentor = await signIn(MENTOR);
  });
  afterAll(() => opened?.close());

  it('each count equals the rows with that status on the leads’ own pages; failures name their lead', async () => {
    const got = await summary();
    expect(got.map((t) => t.target)).toEqual(['rd', 'webhook']);
    // The rows as each lead's page lists them (integration_deliveries: the one rule of a delivery's status).
    const deliveries: Delivery[] = [];
    for (const { leadId } of leads) deliveries.push(...((await (await call('GET', `/api/painel/leads/${leadId}`, { cookie: mentor })).json()) as LeadView).deliveries);
    const today = (await opened.query<{ start: Date }>(`select date_trunc('day', now() at time zone 'America/Sao_Paulo') at time zone 'America/Sao_Paulo' as start`))[0].start;
    for (const t of got) {
      const mine = deliveries.filter((d) => d.target === t.target);
      expect(mine.length).toBeGreaterThan(0);
      expect(t.sentToday, t.target).toBe(mine.filter((d) => d.sentAt && new Date(d.sentAt) >= new Date(today)).length);
      expect(t.gaveUp, t.target).toBe(mine.filter((d) => d.status === 'failed').length);
      expect(t.queued, t.target).toBe(mine.filter((d) => d.status === 'pending' || d.status === 'retrying' || d.status === 'paused').length);
      // Behind a pause a tried row reads "Pausado" on its lead's page; it is still a retried failure.
      expect(t.retrying, t.target).toBe(mine.filter((d) => d.status === 'retrying' || (d.status === 'paused' && d.attempts > 0)).length);
      expect(t.failures.length).toBe(Math.min(5, t.gaveUp + t.retrying));
    }
    const rd = got.find((t) => t.target === 'rd')!;
    expect(rd).toMatchObject({ sentToday: 1, gaveUp: 2, retrying: 0, pausedAt: null });
    expect(rd.failures.map((f) => f.leadName)).toEqual(['João Falha', 'João Falha']);
    expect(rd.failures.every((f) => f.leadId === leads[1].leadId)).toBe(true);
    const english = rd.failures.find((f) => f.lastStatus === 400)!;
    expect(explainError('rd', english.lastStatus, english.lastError)).toMatch(/^O RD respondeu em inglês: um campo enviado não existe/);
    const webhook = got.find((t) => t.target === 'webhook')!;
    expect(webhook).toMatchObject({ pausedStatus: 410, gaveUp: 0, retrying: 1 });
    expect(webhook.failures).toMatchObject([{ lastStatus: 500, retrying: true, leadName: 'Inês Integra' }]);
    expect(webhook.pausedAt).not.toBeNull();
  });

  it('"Reenviar todos com falha" queues every failed row of that target again, lifts its pause, is logged; a consultant may not', async () => {
    expect((await call('GET', '/api/painel/integracoes', { cookie: await signIn(ANA) })).status).toBe(403);
    for (const body of [{}, { target: 'email' }, { target: ['rd'] }]) {
      expect((await call('POST', '/api/painel/integracoes/reenviar', { cookie: mentor, body })).status).toBe(400);
    }
    const res = await call('POST', '/api/painel/integracoes/reenviar', { cookie: mentor, body: { target: 'rd' } });
    expect(res.status).toBe(200);
    const { resent, summary: after } = (await res.json()) as { resent: number; summary: IntegrationSummary[] };
    expect(resent).toBe(2);
    expect(after.find((t) => t.target === 'rd')).toMatchObject({ gaveUp: 0, failures: [] });
    const back = await opened.query<{ n: string }>(`select count(*) as n from outbox where kind = 'rd' and sent_at is null and failed_at is null and attempts = 0`);
    expect(Number(back[0].n)).toBeGreaterThanOrEqual(2);
    const web = (await (await call('POST', '/api/painel/integracoes/reenviar', { cookie: mentor, body: { target: 'webhook' } })).json()) as ResendAllResult & { summary: IntegrationSummary[] };
    expect(web.summary.find((t) => t.target === 'webhook')?.pausedAt).toBeNull();
    // Nothing had failed for good: the answer is what it did, the pause lifted.
    expect(web).toMatchObject({ resent: 0, resumed: true });
    expect(resendAnswer('webhook', web)).toBe(`Webhook retomado: ${web.queued} envios na fila.`);
    const log = await opened.query<{ actor: string; action: string; subject: string }>(`select actor, action, subject from painel_activity where action like 'resend-all:%' order by id`);
    expect(log).toEqual([{ actor: MENTOR, action: 'resend-all:rd', subject: '2' }, { actor: MENTOR, action: 'resend-all:webhook', subject: '0' }]);
  });
});
