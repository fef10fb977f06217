// The platforms' local fakes refuse what the platforms refuse (what conversions.test.ts relies on), and the
// senders' requests pass them: Meta's seconds, 7-day window with whole-request refusal, hex SHA-256 and
// dedup by event_id; Google's RFC 3339 times, hex identifiers (a raw '+55…' phone refused), 2000-event cap,
// whole-request refusal and dedup by transactionId; the settings' parsing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionsEnv } from '../../functions/lib/conversions/config';
import { googleEvent, googleRequest, googleTokens } from '../../functions/lib/conversions/google';
import { metaEvent, metaRequest } from '../../functions/lib/conversions/meta';
import type { ConversionMessage } from '../../functions/lib/conversions/events';
import { startDataManagerFake, type DataManagerFake } from '../support/datamanager-fake';
import { startMetaFake, type MetaFake } from '../support/meta-capi-fake';

const NOW = new Date('2026-11-30T12:00:00Z');
const DAY = 86_400_000;
const message = (at: Date, ids: ConversionMessage['data']['ad_ids'], lead = 'b7f3c1de-0000-4000-8000-000000000001'): ConversionMessage => ({
  event: 'reuniao_qualificada', at: at.toISOString(),
  data: { lead: { id: lead, email: ' Maria@SolarNorte.com.br ', phone: '43999998888', user_agent: 'Mozilla/5.0', landing_path: '/trafego-pago' }, ad_ids: ids, basis: 'consentimento', value_cents: null, currency: null },
});
const send = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, { message?: string; error_user_msg?: string }> };
};

describe('Meta fake', () => {
  let meta: MetaFake;
  const config = () => ({ pixelId: '123456789012345', token: 'EAAGoodToken0123456789abcdef', version: 'v25.0', baseUrl: meta.url, testEventCode: null });
  beforeAll(async () => {
    meta = await startMetaFake({ pixelId: '123456789012345', token: () => 'EAAGoodToken0123456789abcdef', now: () => NOW });
  });
  afterAll(() => meta.close());

  it('takes the sender\'s event and counts an event_id once', async () => {
    const { url, body } = metaRequest(config(), [metaEvent(message(NOW, { fbc: 'fb.1.1764460800000.IwAR' }), 'https://mentor.example')]);
    expect((await send(url, body)).status).toBe(200);
    expect((await send(url, body)).status).toBe(200);
    expect(meta.counted).toHaveLength(1);
    expect(meta.deduplicated).toBe(1);
  });

  it('refuses milliseconds, a future time, an unhashed e-mail, and a whole request with one event older than 7 days', async () => {
    const fresh = metaEvent(message(NOW, { fbp: 'fb.1.1764460800000.123' }, 'b7f3c1de-0000-4000-8000-000000000002'), 'https://mentor.example');
    const { url } = metaRequest(config(), []);
    const refusal = async (events: unknown[]) => {
      const answer = await send(url, { ...metaRequest(config(), []).body, data: events });
      expect(answer.status).toBe(400);
      return answer.body.error.error_user_msg;
    };
    const counted = meta.counted.length;
    expect(await refusal([{ ...fresh, event_time: NOW.getTime() }])).toMatch(/seconds/);
    expect(await refusal([{ ...fresh, event_time: Math.floor(NOW.getTime() / 1000) + 3600 }])).toMatch(/future/);
    expect(await refusal([{ ...fresh, user_data: { ...fresh.user_data, em: ['maria@solarnorte.com.br'] } }])).toMatch(/SHA-256/);
    const old = metaEvent(message(new Date(NOW.getTime() - 8 * DAY), { fbp: 'fb.1.1764460800000.123' }, 'b7f3c1de-0000-4000-8000-000000000003'), 'https://mentor.example');
    expect(await refusal([fresh, old])).toMatch(/older than 7 days/);
    // Nothing of a refused request is counted, the fresh event included.
    expect(meta.counted).toHaveLength(counted);
    expect((await send(url, { ...metaRequest(config(), []).body, access_token: 'EAAOther' })).body.error.message).toMatch(/access token/);
  });
});

describe('Data Manager fake', () => {
  let google: DataManagerFake;
  let token: string;
  beforeAll(async () => {
    google = await startDataManagerFake({ operatingAccountId: '1234567890', now: () => NOW });
    const env = conversionsEnv({
      GOOGLE_DATAMANAGER_SERVICE_ACCOUNT: google.serviceAccountJson, GOOGLE_DATAMANAGER_OPERATING_ACCOUNT: '123-456-7890',
      GOOGLE_DATAMANAGER_DESTINATION: '333', GOOGLE_DATAMANAGER_URL: google.url,
    });
    token = await googleTokens(env.google!.account, () => NOW)();
  });
  afterAll(() => google.close());
  const config = () => conversionsEnv({
    GOOGLE_DATAMANAGER_SERVICE_ACCOUNT: google.serviceAccountJson, GOOGLE_DATAMANAGER_OPERATING_ACCOUNT: '1234567890',
    GOOGLE_DATAMANAGER_DESTINATION: '333', GOOGLE_DATAMANAGER_URL: google.url,
  }).google!;

  it('issues a token only for a signed assertion, and takes the sender\'s event once per transactionId', async () => {
    expect(token).toMatch(/^ya29\./);
    const { url, body } = googleRequest(config(), 'reuniao_qualificada', [googleEvent(message(NOW, { gclid: 'Cj0gclid' }))]);
    const auth = { authorization: `Bearer ${token}` };
    expect((await send(url, body, auth)).status).toBe(200);
    expect((await send(url, body, auth)).status).toBe(200);
    expect(google.counted).toHaveLength(1);
    expect(google.deduplicated).toBe(1);
    expect((await send(url, body, { authorization: 'Bearer forged' })).status).toBe(401);
  });

  it('takes one conversion action (the qualified meeting) or one per stage', () => {
    const env = (destination: string) => conversionsEnv({ GOOGLE_DATAMANAGER_SERVICE_ACCOUNT: google.serviceAccountJson, GOOGLE_DATAMANAGER_OPERATING_ACCOUNT: '1234567890', GOOGLE_DATAMANAGER_DESTINATION: destination });
    expect(env('333').google?.destinations).toEqual({ reuniao_qualificada: '333' });
    expect(env('lead=1, negocio_ganho=4').google?.destinations).toEqual({ lead: '1', negocio_ganho: '4' });
    expect(env('lead=1,proposta=2')).toMatchObject({ google: null, problems: ['GOOGLE_DATAMANAGER_DESTINATION'] });
  });

  it('refuses a whole request for one bad event: seconds for a time, a raw "+55" phone, more than 2000 events', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const good = googleEvent(message(NOW, { gclid: 'Cj0gclid' }, 'b7f3c1de-0000-4000-8000-000000000009'));
    const { url, body } = googleRequest(config(), 'reuniao_qualificada', [good]);
    const counted = google.counted.length;
    const refusal = async (events: unknown[]) => {
      const answer = await send(url, { ...body, events }, auth);
      expect(answer.status).toBe(400);
      return answer.body.error.message;
    };
    expect(await refusal([good, { ...good, transactionId: 'x', eventTimestamp: Math.floor(NOW.getTime() / 1000) }])).toMatch(/RFC 3339/);
    expect(await refusal([{ ...good, userData: { userIdentifiers: [{ phoneNumber: '+5543999998888' }] } }])).toMatch(/SHA-256/);
    expect(await refusal(Array.from({ length: 2001 }, (_, i) => ({ ...good, transactionId: `t${i}` })))).toMatch(/2000/);
    expect(google.counted).toHaveLength(counted);
  });
});

describe('settings', () => {
  it('names a bad setting, never its value; Meta defaults to a current version and graph.facebook.com', () => {
    const base = { GOOGLE_DATAMANAGER_SERVICE_ACCOUNT: '{"client_email":"a@b.c"}', GOOGLE_DATAMANAGER_OPERATING_ACCOUNT: '1234567890', GOOGLE_DATAMANAGER_DESTINATION: '1' };
    expect(conversionsEnv(base).problems).toEqual(['GOOGLE_DATAMANAGER_SERVICE_ACCOUNT']);
    expect(conversionsEnv({ META_PIXEL_ID: '123456789012345', META_CAPI_TOKEN: 'short' }).problems).toEqual(['META_CAPI_TOKEN']);
    expect(conversionsEnv({ META_PIXEL_ID: '123456789012345', META_CAPI_TOKEN: 'EAAGoodToken0123456789abcdef' }).meta).toMatchObject({ version: 'v25.0', baseUrl: 'https://graph.facebook.com', testEventCode: null });
  });
});
