// Conversions back to the ad platforms, against local fakes of Meta's Conversions API and Google's Data
// Manager API that enforce the platforms' documented rules (tests/support/meta-capi-fake.ts,
// datamanager-fake.ts), on the embedded database and on a real PostgreSQL server: leads from a Meta click
// and a Google click reach a qualified meeting; a refused event shows its reason and goes after "Reenviar"
// once fixed; a lead without a basis sends nothing; an erasure stops what is pending; a stale event is
// skipped alone.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { sha256Hex } from '../../functions/lib/conversions/hashed-contacts';
import { MEASUREMENT_CONSENT } from '../../src/domain/conversions';
import { startMetaFake, type MetaFake } from '../support/meta-capi-fake';
import { startDataManagerFake, type DataManagerFake } from '../support/datamanager-fake';
import { conversionMessages } from '../../src/domain/conversions-api';
import type { ConversionEvent } from '../../src/domain/conversions';
import { futureWorkday, get, key, postJson, validRequest } from './helpers';
import { ANA, painelClient } from './painel-helpers';
import { useIntegrations } from './integrations-harness';
import { storeCases, type Opened } from './stores';

const PIXEL = '123456789012345';
const GOOD_TOKEN = 'EAAGoodToken0123456789abcdefXYZ';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
// Meta: e-mail trimmed and lower-cased; phone with 55, no '+'. Google: E.164 with '+'.
const META_EM = sha256Hex('maria@solarnorte.com.br');
const META_PH = sha256Hex('5543999998888');
const GOOGLE_PH = sha256Hex('+5543999998888');

describe.each(storeCases(inject('postgresUrl')))('conversions on $name', (store) => {
  const h = useIntegrations(store);
  let current: Opened | null = null;
  const painel = painelClient(() => current!);
  let meta: MetaFake;
  let google: DataManagerFake;
  /** The token Meta takes: the mentor's, unless a case has Meta refuse it. */
  let accepted = GOOD_TOKEN;

  beforeAll(async () => {
    meta = await startMetaFake({ pixelId: PIXEL, token: () => accepted, now: h.now });
    google = await startDataManagerFake({ operatingAccountId: '1234567890', now: h.now });
  });
  // Before the harness restores the console (after-hooks run last registered first): no token, key or
  // contact in anything logged.
  afterEach(() => {
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      for (const line of vi.mocked(console[level]).mock.calls.map((args) => args.map(String).join(' '))) {
        expect(line).not.toMatch(/EAA|PRIVATE KEY|ya29\.|solarnorte|gmail/);
      }
    }
  });
  afterAll(async () => {
    await meta.close();
    await google.close();
  });

  const env = () => ({
    META_PIXEL_ID: PIXEL, META_CAPI_TOKEN: GOOD_TOKEN, META_CAPI_URL: meta.url,
    GOOGLE_DATAMANAGER_SERVICE_ACCOUNT: google.serviceAccountJson, GOOGLE_DATAMANAGER_OPERATING_ACCOUNT: '123-456-7890',
    GOOGLE_DATAMANAGER_DESTINATION: 'lead=111,reuniao_agendada=222,reuniao_qualificada=333,negocio_ganho=444', GOOGLE_DATAMANAGER_URL: google.url,
  });
  const reset = () => {
    meta.counted.length = 0;
    meta.refused.length = 0;
    google.counted.length = 0;
    google.refused.length = 0;
    meta.received.length = 0;
    google.received.length = 0;
  };

  /** A lead through POST /api/leads, as the wizard sends it from a browser that accepted ad cookies. */
  async function submit(o: Opened, email: string, extra: Record<string, unknown>) {
    const res = await createLeadsHandler(async () => o.app)(postJson('/api/leads', {
      ...validRequest, email, idempotencyKey: key(), adConsent: true, ...extra,
    }, { 'user-agent': UA }));
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }
  async function book(o: Opened, leadId: string, time: string) {
    const res = await createMeetingsHandler(async () => o.app)(postJson('/api/meetings', {
      leadId, service: 'trafego', diagnosticScore: 70, idempotencyKey: key(), scheduledDate: futureWorkday(3), scheduledTime: time,
    }));
    expect(res.status).toBe(201);
    return ((await res.json()) as { meeting: { id: string; startsAt: string } }).meeting;
  }
  const events = (o: Opened, leadId: string) => o.app.store.conversionEvents(leadId);
  const touch = (click: Record<string, string>) => ({ first: { landing_path: '/trafego-pago', ...click }, last: { landing_path: '/trafego-pago', ...click } });

  it('a Meta click and a Google click, both qualified: Lead, Schedule and the qualified event reach each platform once, hashed its way, timed in seconds', async () => {
    reset();
    accepted = GOOD_TOKEN;
    const o = await h.open(env());
    current = o;
    const fbp = 'fb.1.1764460800000.1234567890';
    const metaLead = await submit(o, 'maria@solarnorte.com.br', { measurementConsent: true, attribution: touch({ fbclid: 'IwAR3xyz' }), adIds: { fbp } });
    const googleLead = await submit(o, 'Maria.Silva+ads@gmail.com', { measurementConsent: true, attribution: touch({ gclid: 'Cj0KCQiA-gclid' }) });
    const [stored] = await o.query<{ measurement_basis: string; measurement_basis_version: string; measurement_basis_at: string | null; fbc: string }>(
      `select measurement_basis, measurement_basis_version, measurement_basis_at, fbc from leads where id = $1`, [metaLead]);
    expect(stored).toMatchObject({ measurement_basis: 'consentimento', measurement_basis_version: MEASUREMENT_CONSENT.version, measurement_basis_at: expect.anything() });
    expect(stored.fbc).toMatch(/^fb\.1\.\d{13}\.IwAR3xyz$/);

    const metaMeeting = await book(o, metaLead, '10:00');
    const googleMeeting = await book(o, googleLead, '11:00');
    await h.drain(o);
    // Each lead reaches only the platform whose ad brought it; the other one records why not.
    expect(meta.counted.map((e) => e.event_name)).toEqual(['Lead', 'Schedule']);
    expect(google.counted.map((e) => e.destination)).toEqual(['111', '222']);
    expect((await events(o, googleLead)).filter((e) => e.platform === 'meta').map((e) => [e.stage, e.state, e.reason]))
      .toEqual([['lead', 'pulado', 'sem_identificador'], ['reuniao_agendada', 'pulado', 'sem_identificador']]);

    // The meetings happen; both are qualified (the clock moves past them).
    const after = Math.max(Date.parse(metaMeeting.startsAt), Date.parse(googleMeeting.startsAt)) + 2 * 3_600_000;
    h.advance(after - h.now().getTime());
    for (const meeting of [metaMeeting, googleMeeting]) {
      expect(await o.app.store.call('painel_record_outcome', { id: meeting.id, now: h.now().toISOString(), attendance: 'attended', qualified: true, actor: 'mentor@example.com' })).toMatchObject({ status: 'ok' });
    }
    await h.drain(o);

    expect(meta.refused).toEqual([]);
    expect(meta.counted.map((e) => e.event_name)).toEqual(['Lead', 'Schedule', 'ReuniaoQualificada']);
    for (const event of meta.counted) {
      expect(event.user_data).toMatchObject({ em: [META_EM], ph: [META_PH], fbp, fbc: stored.fbc, client_user_agent: UA });
      expect(event.action_source).toBe('website');
      expect(event.event_source_url).toMatch(/^https?:\/\/[^/]+\/trafego-pago$/);
    }
    expect(meta.counted.map((e) => e.event_id)).toEqual([`lead:${metaLead}`, `reuniao_agendada:${metaLead}`, `reuniao_qualificada:${metaLead}`]);
    const [leadRow] = await o.query<{ created_at: Date }>(`select created_at from leads where id = $1`, [metaLead]);
    expect(meta.counted[0].event_time).toBe(Math.floor(new Date(leadRow.created_at).getTime() / 1000));
    expect(meta.counted[2].event_time).toBe(Math.floor(h.now().getTime() / 1000));

    expect(google.refused).toEqual([]);
    expect(google.counted.map((c) => [c.destination, c.event.transactionId])).toEqual([
      ['111', `lead:${googleLead}`], ['222', `reuniao_agendada:${googleLead}`], ['333', `reuniao_qualificada:${googleLead}`],
    ]);
    for (const { event } of google.counted) {
      expect(event).toMatchObject({
        eventSource: 'WEB', adIdentifiers: { gclid: 'Cj0KCQiA-gclid' }, consent: { adUserData: 'CONSENT_GRANTED' },
        // Gmail: dots and the +suffix gone before hashing; the phone in E.164 with '+'.
        userData: { userIdentifiers: [{ emailAddress: sha256Hex('mariasilva@gmail.com') }, { phoneNumber: GOOGLE_PH }] },
      });
    }
    expect(google.counted[2].event.eventTimestamp).toBe(h.now().toISOString());
    // A token per hour of the app's clock: one before the meetings, one after (kept until it nearly ends).
    expect(google.tokensIssued).toBe(2);

    // Sent is final: a second outcome, a resend or another drain sends nothing again.
    expect(await o.app.store.call('painel_record_outcome', { id: metaMeeting.id, now: h.now().toISOString(), attendance: 'attended', qualified: true, actor: 'mentor@example.com' })).toMatchObject({ status: 'ok' });
    const qualified = (await events(o, metaLead)).find((e) => e.platform === 'meta' && e.stage === 'reuniao_qualificada')!;
    expect(qualified).toMatchObject({ state: 'enviado', reason: null });
    expect(await o.app.store.call('integration_resend', { id: qualified.id, now: h.now().toISOString() })).toMatchObject({ status: 'sent' });
    await h.drain(o);
    expect(meta.counted).toHaveLength(3);
    expect(meta.deduplicated).toBe(0);

    const summary = await o.app.store.conversionSummary(h.now());
    expect(summary.map((s) => [s.platform, s.enabled, s.last7Days.enviado, s.last7Days.pulado, s.last7Days.recusado])).toEqual([
      ['meta', true, 3, 3, 0], ['google', true, 3, 3, 0],
    ]);
  });

  it('a refused event shows Meta\'s reason and goes after "Reenviar" once the token is fixed; a deal won carries its value', async () => {
    reset();
    // Meta refuses the token (say, the system user lost the pixel's permission).
    accepted = 'EAAAnotherToken0123456789abcdefXYZ';
    const o = await h.open(env());
    const leadId = await submit(o, 'maria@solarnorte.com.br', { measurementConsent: true, attribution: touch({ fbclid: 'IwAR9abc' }) });
    await h.drain(o);
    const [refused] = (await events(o, leadId)).filter((e) => e.platform === 'meta');
    expect(refused).toMatchObject({ stage: 'lead', state: 'recusado', status: 400, reason: 'Invalid OAuth access token - Cannot parse access token' });
    expect(meta.counted).toHaveLength(0);
    const [summary] = await o.app.store.conversionSummary(h.now());
    expect(summary.refusals).toEqual([expect.objectContaining({ leadId, stage: 'lead', status: 400, reason: 'Invalid OAuth access token - Cannot parse access token' })]);

    // The lead's conversions in the painel: the mentor's only.
    current = o;
    const mentor = await painel.signIn('contato@mentorsolar.com.br');
    const ana = await painel.signIn(ANA);
    expect((await painel.call('GET', `/api/painel/leads/${leadId}/conversoes`, { cookie: ana })).status).toBe(403);
    const listed = await painel.call('GET', `/api/painel/leads/${leadId}/conversoes`, { cookie: mentor });
    expect(((await listed.json()) as ConversionEvent[]).map((e) => [e.platform, e.stage, e.state, e.reason])).toEqual([
      ['meta', 'lead', 'recusado', 'Invalid OAuth access token - Cannot parse access token'], ['google', 'lead', 'pulado', 'sem_identificador'],
    ]);
    // Only a refused one can be resent, and only by its id on its lead.
    const google = (await events(o, leadId)).find((e) => e.platform === 'google')!;
    const skippedResend = await painel.call('POST', `/api/painel/leads/${leadId}/conversoes/reenviar`, { cookie: mentor, body: { event: google.id } });
    expect(skippedResend.status).toBe(409);
    expect(((await skippedResend.json()) as { error: string }).error).toBe(conversionMessages.notResendable);
    expect((await painel.call('POST', `/api/painel/leads/${leadId}/conversoes/reenviar`, { cookie: mentor, body: { event: 'x' } })).status).toBe(404);

    // The mentor fixes it in Meta's Business settings and presses "Reenviar".
    accepted = GOOD_TOKEN;
    const resent = await painel.call('POST', `/api/painel/leads/${leadId}/conversoes/reenviar`, { cookie: mentor, body: { event: refused.id } });
    expect(resent.status).toBe(200);
    await h.drain(o);
    expect((await events(o, leadId)).find((e) => e.id === refused.id)).toMatchObject({ state: 'enviado', reason: null });
    expect(meta.counted.map((e) => [e.event_name, e.event_id])).toEqual([['Lead', `lead:${leadId}`]]);

    // A won deal: the value of the deal (monthly × months), in reais.
    await o.query(`insert into deals (lead_id, created_by, stage, value_cents, billing, months, won_at, created_at, updated_at)
      values ($1, 'mentor@example.com', 'ganho', 250000, 'mensal', 6, $2, $2, $2)`, [leadId, h.now().toISOString()]);
    await h.drain(o);
    expect(meta.counted.at(-1)).toMatchObject({ event_name: 'NegocioGanho', event_id: `negocio_ganho:${leadId}`, custom_data: { value: 15000, currency: 'BRL' } });
  });

  it('a lead without a basis sends nothing; an erasure stops what is pending; an event older than 7 days is skipped alone', async () => {
    reset();
    accepted = GOOD_TOKEN;
    const o = await h.open(env());
    // Consent is the basis and the box was left unticked: recorded as skipped, nothing personal kept in it.
    const unticked = await submit(o, 'sem-base@solarnorte.com.br', { attribution: touch({ fbclid: 'IwAR1none', gclid: 'Cj0none' }) });
    await h.drain(o);
    expect((await events(o, unticked)).map((e) => [e.platform, e.state, e.reason])).toEqual([['meta', 'pulado', 'sem_base'], ['google', 'pulado', 'sem_base']]);
    expect(await o.query(`select message->'data' as data from outbox where lead_id = $1 and kind in ('meta', 'google')`, [unticked])).toEqual([{ data: {} }, { data: {} }]);
    expect(meta.counted).toHaveLength(0);
    expect(google.counted).toHaveLength(0);
    // A skipped event is not resent.
    const [skipped] = await events(o, unticked);
    expect(await o.app.store.call('integration_resend', { id: skipped.id, now: h.now().toISOString() })).toMatchObject({ status: 'skipped' });

    // Under legitimate interest every lead has the basis, with the privacy policy's version.
    current = o;
    const mentor = await painel.signIn('contato@mentorsolar.com.br');
    const ana = await painel.signIn(ANA);
    expect((await painel.call('POST', '/api/painel/medicao', { cookie: ana, body: { basis: 'interesse_legitimo' } })).status).toBe(403);
    const bad = await painel.call('POST', '/api/painel/medicao', { cookie: mentor, body: { basis: 'talvez' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(conversionMessages.invalidBasis);
    expect(await (await painel.call('GET', '/api/painel/medicao', { cookie: mentor })).json()).toMatchObject({ basis: 'consentimento', updatedBy: null, measuring: true });
    expect(await (await createLeadsHandler(async () => o.app)(get('/api/leads'))).json()).toEqual({ measurementBasis: 'consentimento' });
    const saved = await painel.call('POST', '/api/painel/medicao', { cookie: mentor, body: { basis: 'interesse_legitimo' } });
    expect(await saved.json()).toMatchObject({ basis: 'interesse_legitimo', wordingVersion: validRequest.privacyPolicyVersion, updatedBy: 'contato@mentorsolar.com.br' });
    // The form reads it at once.
    expect(await (await createLeadsHandler(async () => o.app)(get('/api/leads'))).json()).toEqual({ measurementBasis: 'interesse_legitimo' });
    // Meta is down at first: the lead's event waits for its retry.
    meta.script({ status: 503, body: JSON.stringify({ error: { message: 'Service temporarily unavailable', code: 2, is_transient: true } }) });
    const pending = await submit(o, 'apagar@solarnorte.com.br', { attribution: touch({ fbclid: 'IwAR2erase' }) });
    expect(await o.query(`select measurement_basis, measurement_basis_version from leads where id = $1`, [pending])).toEqual([
      { measurement_basis: 'interesse_legitimo', measurement_basis_version: validRequest.privacyPolicyVersion },
    ]);
    // Erased before the drain: the pending Meta event goes with the person, and nothing is sent.
    await h.drain(o);
    expect(await events(o, pending)).toEqual([
      expect.objectContaining({ platform: 'meta', state: 'pendente', attempts: 1, status: 503 }), expect.objectContaining({ platform: 'google', state: 'pulado' }),
    ]);
    await o.query(`select delete_person_data('apagar@solarnorte.com.br')`);
    expect(await o.query(`select id from outbox where kind in ('meta', 'google') and lead_id = $1`, [pending])).toEqual([]);
    h.advance(60 * 60 * 1000);
    await h.drain(o);
    expect(meta.counted).toHaveLength(0);
    expect(meta.received).toHaveLength(1);

    // A lead whose Lead event waited 8 days (the platform was down): skipped on its own, a fresh one still goes.
    meta.script({ status: 503, body: JSON.stringify({ error: { message: 'Service temporarily unavailable', code: 2, is_transient: true } }) });
    const stale = await submit(o, 'antigo@solarnorte.com.br', { attribution: touch({ fbclid: 'IwAR3old' }) });
    await h.drain(o);
    await o.query(`update outbox set message = jsonb_set(message, '{at}', to_jsonb(now() - interval '8 days')) where lead_id = $1 and kind = 'meta'`, [stale]);
    const fresh = await submit(o, 'novo@solarnorte.com.br', { attribution: touch({ fbclid: 'IwAR4new' }) });
    h.advance(60 * 60 * 1000);
    await h.drain(o);
    expect((await events(o, stale)).find((e) => e.platform === 'meta')).toMatchObject({ state: 'pulado', reason: 'velho_demais' });
    expect((await events(o, fresh)).find((e) => e.platform === 'meta')).toMatchObject({ state: 'enviado' });
    expect(meta.refused).toEqual([]);
    expect(meta.counted.map((e) => e.event_id)).toEqual([`lead:${fresh}`]);
  });
  it("a platform that hangs delays neither the booking nor the lead's mails", async () => {
    reset();
    accepted = GOOD_TOKEN;
    const o = await h.open(env());
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // Meta takes the request and answers only when released (a platform that hangs).
    meta.script({ status: 200, body: JSON.stringify({ events_received: 1 }), until: held });
    try {
      const leadId = await submit(o, 'pendurado@solarnorte.com.br', { measurementConsent: true, attribution: touch({ fbclid: 'IwAR5hang' }) });
      void o.app.outbox.kick();
      await expect.poll(() => meta.received.length).toBe(1);
      // Booked while Meta holds the Lead event.
      await book(o, leadId, '15:00');
      // The harness's clock stands still; the rows the database dated a moment later are due a minute on.
      h.advance(60_000);
      void o.app.outbox.kick();
      // Every mail of the lead went to the mail transport (this harness has no SMTP server: tried, not
      // delivered) while Meta still had not answered: the mail loop does not wait for the platforms'.
      const untried = () => o.query<{ kind: string }>(
        `select kind from outbox where lead_id = $1 and not outbox_is_integration(kind) and attempts = 0 and sent_at is null`, [leadId]);
      await expect.poll(async () => (await untried()).map((r) => r.kind), { timeout: 30_000 }).toEqual([]);
      expect((await o.query<{ n: number }>(`select count(*)::int as n from outbox where lead_id = $1 and not outbox_is_integration(kind)`, [leadId]))[0].n)
        .toBeGreaterThanOrEqual(2);
      expect(meta.counted).toEqual([]);
    } finally {
      release();
      await o.app.outbox.idle();
    }
  });
});
