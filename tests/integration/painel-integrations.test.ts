// The console and issue 20: a lead's page shows its first and last touch, the e-mail marketing opt-in and
// its RD Station / webhook deliveries (never among its mails, nor in a meeting's history); the list
// carries the first touch; "Reenviar" (mentor only) makes a failed delivery due again and lifts a paused
// target, logged; a sent or still-pending delivery, another lead's, a consultant or another site are refused.
// The leads list's "Integrações: Com falha ou pausadas" (integracoes=falha) lists the leads with one to fix.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Delivery, LeadRow, LeadView, MeetingView, Page } from '../../src/domain/painel/api';
import { painelMessages } from '../../src/domain/painel/copy';
import { OUTBOX_MAX_ATTEMPTS } from '../../functions/lib/store/port';
import { ANA, bookMeeting, BRUNO, MENTOR, painelClient, PRESELLERS } from './painel-helpers';
import { storeCases, type Opened } from './stores';

const FIRST = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', gclid: 'abc', referrer_host: 'www.google.com', landing_path: '/' };
// A campaign name is the visitor's own text: one that reads as a formula must reach the CSV defused.
const LAST = { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: '=HYPERLINK("http://x","y")', landing_path: '/trafego-pago' };

describe.each(storeCases(inject('postgresUrl')))('painel integrations on $name', (store) => {
  let opened: Opened;
  const { call, signIn } = painelClient(() => opened);
  let mentor: string;
  let ana: string;
  let touched: { leadId: string; meetingId: string };
  let plain: { leadId: string; meetingId: string };
  const ids: Record<string, string> = {};

  const configure = (enabled: boolean) => opened.query(`select integration_configure($1::text::jsonb)`,
    [JSON.stringify({ targets: { webhook: { enabled, hash: 'x' }, rd: { enabled, hash: 'y' } } })]);
  const getJson = async <T>(path: string, cookie: string): Promise<T> => {
    const res = await call('GET', path, { cookie });
    expect(res.status, path).toBe(200);
    return res.json() as Promise<T>;
  };
  const resend = (id: unknown, cookie: string, leadId = touched.leadId) =>
    call('POST', `/api/painel/leads/${leadId}/reenviar`, { cookie, body: { delivery: id } });
  const row = async (id: string) => (await opened.query<{ failed_at: Date | null; attempts: number; next_attempt_at: Date; sent_at: Date | null }>(
    'select failed_at, attempts, next_attempt_at, sent_at from outbox where id = $1', [id]))[0];
  const paused = async (target: string) => (await opened.query<{ paused_at: Date | null }>('select paused_at from integration_targets where target = $1', [target]))[0].paused_at;

  beforeAll(async () => {
    opened = await store.open();
    // Both targets on while the leads are made: the triggers queue one row per event and target.
    await configure(true);
    touched = await bookMeeting(opened.app, { email: 'tina@toques.com.br', presellerId: PRESELLERS.ana, nome: 'Tina Toques' });
    plain = await bookMeeting(opened.app, { email: 'paulo@semtoque.com.br', presellerId: PRESELLERS.bruno, time: '15:00', nome: 'Paulo Plano' });
    // Then off (the same settings, so a pause stays): nothing here sends them; their states are set below.
    await configure(false);
    await opened.app.outbox.idle();
    await opened.query(`update leads set first_touch = $2::text::jsonb, last_touch = $3::text::jsonb, marketing_opt_in = true, marketing_opt_in_at = now() where id = $1`,
      [touched.leadId, JSON.stringify(FIRST), JSON.stringify(LAST)]);
    for (const r of await opened.query<{ id: string; event: string }>(`select id, event from outbox where lead_id = $1 and kind in ('rd', 'webhook')`, [touched.leadId])) ids[r.event] = r.id;
    await opened.query(`update outbox set attempts = 1, failed_at = now(), last_status = 400, last_error = 'cf_x: campo desconhecido' where id = $1`, [ids['orcamento-site']]);
    await opened.query(`update outbox set attempts = 1, sent_at = now(), last_status = 200, response = '{"event_uuid":"ev-123"}' where id = $1`, [ids['reuniao-agendada']]);
    await opened.query(`update outbox set attempts = 1, sent_at = now(), last_status = 204 where id = $1`, [ids['lead.created']]);
    // The webhook endpoint answered 410: meeting.booked waits behind the pause.
    await opened.query(`update integration_targets set paused_at = now(), paused_status = 410 where target = 'webhook'`);
    mentor = await signIn(MENTOR);
    ana = await signIn(ANA);
  });
  afterAll(() => opened.close());

  it('queued one delivery per event and target for each lead', () => {
    expect(Object.keys(ids).sort()).toEqual(['lead.created', 'meeting.booked', 'orcamento-site', 'reuniao-agendada']);
  });

  it('shows the touches, the opt-in and every delivery with where it stands; none of them among the mails', async () => {
    const view = await getJson<LeadView>(`/api/painel/leads/${touched.leadId}`, mentor);
    expect(view.attribution).toEqual({ firstTouch: FIRST, lastTouch: LAST });
    expect(view.marketing).toEqual({ optIn: true, at: expect.any(String) });
    const by = (event: string) => view.deliveries.find((d) => d.event === event) as Delivery;
    expect(view.deliveries).toHaveLength(4);
    expect(by('orcamento-site')).toMatchObject({ target: 'rd', status: 'failed', attempts: 1, lastStatus: 400, lastError: 'cf_x: campo desconhecido', failedAt: expect.any(String) });
    expect(by('reuniao-agendada')).toMatchObject({ target: 'rd', status: 'sent', eventUuid: 'ev-123', sentAt: expect.any(String) });
    expect(by('lead.created')).toMatchObject({ target: 'webhook', status: 'sent', lastStatus: 204, eventUuid: null });
    expect(by('meeting.booked')).toMatchObject({ target: 'webhook', status: 'paused', attempts: 0 });
    expect(view.mails.length).toBeGreaterThan(0);
    expect(view.mails.map((m) => m.kind)).not.toContain('rd');
    expect(view.mails.map((m) => m.kind)).not.toContain('webhook');
    const meeting = await getJson<MeetingView>(`/api/painel/reunioes/${touched.meetingId}`, mentor);
    const mailKinds = meeting.events.flatMap((e) => (e.kind === 'mail' ? [e.mailKind] : []));
    expect(mailKinds.length).toBeGreaterThan(0);
    expect(mailKinds.filter((k) => k === 'rd' || k === 'webhook')).toEqual([]);
  });

  it('a lead without attribution says so: no touch, no opt-in', async () => {
    const view = await getJson<LeadView>(`/api/painel/leads/${plain.leadId}`, mentor);
    expect(view.attribution).toEqual({ firstTouch: null, lastTouch: null });
    expect(view.marketing).toEqual({ optIn: false, at: null });
    expect(view.deliveries.map((d) => d.event).sort()).toEqual(['lead.created', 'meeting.booked', 'orcamento-site', 'reuniao-agendada']);
  });

  it('lists the first touch and the opt-in with each lead', async () => {
    const page = await getJson<Page<LeadRow>>('/api/painel/leads', mentor);
    expect(page.items.find((l) => l.id === touched.leadId)).toMatchObject({ firstTouch: FIRST, lastTouch: LAST, marketingOptIn: true, marketingOptInAt: expect.any(String) });
    expect(page.items.find((l) => l.id === plain.leadId)).toMatchObject({ firstTouch: null, lastTouch: null, marketingOptIn: false, marketingOptInAt: null });
  });

  it('exports both touches and the opt-in in the leads CSV, a formula in a campaign defused', async () => {
    const res = await call('GET', '/api/painel/exportar/leads?busca=tina', { cookie: mentor });
    expect(res.status).toBe(200);
    const [header, line] = parse(Buffer.from(await res.arrayBuffer()).subarray(3).toString('utf8'), { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
    const cell = (name: string) => line[header.indexOf(name)];
    expect(cell('1º toque: origem')).toBe('google');
    expect(cell('1º toque: campanha')).toBe('solar-pr');
    expect(cell('1º toque: gclid (Google Ads)')).toBe('abc');
    expect(cell('1º toque: site de origem')).toBe('www.google.com');
    expect(cell('Último toque: origem')).toBe('newsletter');
    expect(cell('Último toque: campanha')).toBe(`'=HYPERLINK("http://x","y")`);
    expect(cell('Último toque: página de entrada')).toBe('/trafego-pago');
    expect(cell('Aceita e-mail marketing')).toBe('Sim');
    expect(cell('Aceite de e-mail marketing em')).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('a consultant sees the deliveries of their lead but may not resend them', async () => {
    const view = await getJson<LeadView>(`/api/painel/leads/${touched.leadId}`, ana);
    expect(view.deliveries.map((d) => d.status).sort()).toEqual(['failed', 'paused', 'sent', 'sent']);
    const res = await resend(ids['orcamento-site'], ana);
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe(painelMessages.forbidden);
    expect((await row(ids['orcamento-site'])).failed_at).not.toBeNull();
  });

  it('a consultant does not see the deliveries of another consultant\'s meeting, the mentor does', async () => {
    // An event of Bruno's meeting filed under Ana's lead: only the meeting's consultant (and the mentor) may see it.
    const [{ id }] = await opened.query<{ id: string }>(`insert into outbox (kind, message, lead_id, meeting_id, event, next_attempt_at)
      values ('webhook', '{}'::jsonb, $1::uuid, $2::uuid, 'meeting.cancelled', '-infinity') returning id`, [touched.leadId, plain.meetingId]);
    try {
      expect((await getJson<LeadView>(`/api/painel/leads/${touched.leadId}`, ana)).deliveries.map((d) => d.id)).not.toContain(id);
      expect((await getJson<LeadView>(`/api/painel/leads/${touched.leadId}`, mentor)).deliveries.map((d) => d.id)).toContain(id);
    } finally {
      await opened.query('delete from outbox where id = $1', [id]);
    }
  });

  describe('the leads list filtered by "Com falha ou pausadas"', () => {
    const failing = async (cookie: string, query = '') =>
      (await getJson<Page<LeadRow>>(`/api/painel/leads?integracoes=falha${query}`, cookie)).items.map((l) => l.id).sort();
    const both = () => [touched.leadId, plain.leadId].sort();
    const setPlain = (set: string) => opened.query(`update outbox set ${set} where lead_id = $1 and kind in ('rd', 'webhook')`, [plain.leadId]);
    const unpause = () => opened.query(`update integration_targets set paused_at = null, paused_status = null where target = 'webhook'`);
    const pause = () => opened.query(`update integration_targets set paused_at = now(), paused_status = 410 where target = 'webhook'`);
    let bruno: string;

    beforeAll(async () => {
      bruno = await signIn(BRUNO);
    });

    it('lists a lead with a failed delivery or one behind a paused target, never one whose deliveries were sent or wait their turn', async () => {
      // The webhook paused: Tina (a failed RD conversion) and Paulo (webhook events waiting behind the pause).
      expect(await failing(mentor)).toEqual(both());
      try {
        await unpause();
        // Paulo's deliveries are only pending now; Tina's RD conversion still failed.
        expect(await failing(mentor)).toEqual([touched.leadId]);
        await setPlain(`attempts = 1, sent_at = now(), last_status = 200`);
        expect(await failing(mentor)).toEqual([touched.leadId]);
        // Sent before the pause: nothing of Paulo's waits behind it.
        await pause();
        expect(await failing(mentor)).toEqual([touched.leadId]);
        await unpause();
        // One of Paulo's out of attempts (the drain gave up) counts as failed; one short of it is retrying.
        await setPlain(`sent_at = null, attempts = ${OUTBOX_MAX_ATTEMPTS - 1}`);
        expect(await failing(mentor)).toEqual([touched.leadId]);
        await opened.query(`update outbox set attempts = $2 where lead_id = $1 and event = 'orcamento-site'`, [plain.leadId, OUTBOX_MAX_ATTEMPTS]);
        expect(await failing(mentor)).toEqual(both());
        // With the other filters: Tina's name.
        expect(await failing(mentor, '&busca=tina')).toEqual([touched.leadId]);
        expect(await failing(mentor, '&busca=paulo')).toEqual([plain.leadId]);
      } finally {
        await setPlain(`attempts = 0, sent_at = null, last_status = null`);
        await pause();
      }
      // "Todas": no filter.
      expect((await getJson<Page<LeadRow>>('/api/painel/leads?integracoes=', mentor)).items.map((l) => l.id).sort()).toEqual(both());
    });

    it('a consultant filters only their own leads', async () => {
      expect(await failing(ana)).toEqual([touched.leadId]);
      expect(await failing(bruno)).toEqual([plain.leadId]);
    });

    it('a consultant\'s lead counts only for the deliveries they see: not a failed one of another consultant\'s meeting', async () => {
      await unpause();
      await opened.query(`update outbox set failed_at = null where id = $1`, [ids['orcamento-site']]);
      // A failed event of Bruno's meeting filed under Tina (Ana's lead): the mentor's list has it, Ana's not.
      const [{ id }] = await opened.query<{ id: string }>(`insert into outbox (kind, message, lead_id, meeting_id, event, next_attempt_at, failed_at)
        values ('webhook', '{}'::jsonb, $1::uuid, $2::uuid, 'meeting.cancelled', '-infinity', now()) returning id`, [touched.leadId, plain.meetingId]);
      try {
        expect(await failing(mentor)).toEqual([touched.leadId]);
        expect(await failing(ana)).toEqual([]);
      } finally {
        await opened.query('delete from outbox where id = $1', [id]);
        await opened.query(`update outbox set failed_at = now() where id = $1`, [ids['orcamento-site']]);
        await pause();
      }
    });

    it('exports the same leads in the CSV', async () => {
      const res = await call('GET', '/api/painel/exportar/leads?integracoes=falha&busca=tina', { cookie: mentor });
      expect(res.status).toBe(200);
      const rows = parse(Buffer.from(await res.arrayBuffer()).subarray(3).toString('utf8'), { delimiter: ';', record_delimiter: '\r\n' }) as string[][];
      expect(rows).toHaveLength(2);
      await unpause();
      try {
        const none = await call('GET', '/api/painel/exportar/leads?integracoes=falha&busca=paulo', { cookie: mentor });
        expect(none.status).toBe(200);
        expect(parse(Buffer.from(await none.arrayBuffer()).subarray(3).toString('utf8'), { delimiter: ';', record_delimiter: '\r\n' })).toHaveLength(1);
      } finally {
        await pause();
      }
    });

    it('refuses a value the form never sends, like the other filters (400, no 500)', async () => {
      for (const query of ['integracoes=todas', 'integracoes=FALHA', 'integracoes=falha&integracoes=falha']) {
        for (const path of ['/api/painel/leads', '/api/painel/exportar/leads']) {
          const res = await call('GET', `${path}?${query}`, { cookie: mentor });
          expect(res.status, `${path}?${query}`).toBe(400);
          expect((await res.json()).error).toBe(painelMessages.badQuery);
        }
      }
    });
  });

  it('refuses a resend from another site, of an unknown delivery, or of another lead\'s', async () => {
    const other = await call('POST', `/api/painel/leads/${touched.leadId}/reenviar`, { cookie: mentor, body: { delivery: ids['orcamento-site'] }, origin: 'https://evil.example' });
    expect(other.status).toBe(403);
    expect((await resend(crypto.randomUUID(), mentor)).status).toBe(404);
    expect((await resend('nao-e-id', mentor)).status).toBe(404);
    expect((await resend(null, mentor)).status).toBe(404);
    expect((await resend(ids['orcamento-site'], mentor, plain.leadId)).status).toBe(404);
    expect((await row(ids['orcamento-site'])).failed_at).not.toBeNull();
  });

  it('resends a failed delivery as the mentor: due again with fresh attempts, logged, the page answered as it is now', async () => {
    const res = await resend(ids['orcamento-site'], mentor);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const view = (await res.json()) as LeadView;
    expect(view.deliveries.find((d) => d.id === ids['orcamento-site'])).toMatchObject({ status: 'pending', attempts: 0, failedAt: null });
    const stored = await row(ids['orcamento-site']);
    expect(stored).toMatchObject({ failed_at: null, attempts: 0, sent_at: null });
    expect(new Date(stored.next_attempt_at).getTime()).toBeLessThanOrEqual(Date.now());
    const log = await opened.query<{ actor: string; action: string; subject: string }>(`select actor, action, subject from painel_activity where action like 'resend:%'`);
    expect(log).toEqual([{ actor: MENTOR, action: 'resend:rd', subject: touched.leadId }]);
  });

  it('resends a paused delivery: the target\'s pause is lifted', async () => {
    expect(await paused('webhook')).not.toBeNull();
    const res = await resend(ids['meeting.booked'], mentor);
    expect(res.status).toBe(200);
    expect(await paused('webhook')).toBeNull();
    const view = (await res.json()) as LeadView;
    expect(view.deliveries.find((d) => d.id === ids['meeting.booked'])?.status).toBe('pending');
  });

  it('answers a sent delivery and a pending one with 409, and changes nothing', async () => {
    const sent = await resend(ids['reuniao-agendada'], mentor);
    expect(sent.status).toBe(409);
    expect((await sent.json()).error).toBe(painelMessages.alreadySent);
    expect((await row(ids['reuniao-agendada'])).sent_at).not.toBeNull();
    const pending = await resend(ids['orcamento-site'], mentor);
    expect(pending.status).toBe(409);
    expect((await pending.json()).error).toBe(painelMessages.notResendable);
  });
});
