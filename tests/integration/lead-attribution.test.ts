// Issue 20: the first and last touch and the e-mail opt-in reach the lead row through POST /api/leads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { count, key, openTestApp, postJson, validRequest, type TestApp } from './helpers';

let app: TestApp;
let handler: ReturnType<typeof createLeadsHandler>;
beforeAll(async () => {
  app = await openTestApp();
  handler = createLeadsHandler(async () => app);
});
afterAll(() => app.close());

const post = (body: unknown) => handler(postJson('/api/leads', body));
const first = { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', gclid: 'abc', referrer_host: 'www.google.com', landing_path: '/' };
const last = { referrer_host: 'l.facebook.com', fbclid: 'IwAR_1', landing_path: '/trafego-pago' };

type Row = { first_touch: unknown; last_touch: unknown; marketing_opt_in: boolean; marketing_opt_in_at: Date | null };
async function rowOf(res: Response): Promise<Row> {
  const { id } = (await res.json()) as { id: string };
  const { rows } = await app.store.db.query<Row>('select first_touch, last_touch, marketing_opt_in, marketing_opt_in_at from leads where id = $1', [id]);
  return rows[0];
}

describe('POST /api/leads: attribution and e-mail opt-in', () => {
  it('stores both touches and the opt-in with the time of the request', async () => {
    const before = Date.now();
    const res = await post({ ...validRequest, idempotencyKey: key(), attribution: { first, last }, marketingOptIn: true, adConsent: true });
    expect(res.status).toBe(201);
    const row = await rowOf(res);
    expect(row).toMatchObject({ first_touch: first, last_touch: last, marketing_opt_in: true });
    expect(row.marketing_opt_in_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.marketing_opt_in_at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('stores the largest touch the caps allow, with the characters the database writes longest (never a 500)', async () => {
    const long = '☀'.repeat(150);
    const id = 'a'.repeat(255);
    const largest = {
      utm_source: long, utm_medium: long, utm_campaign: long, utm_term: '"'.repeat(150), utm_content: long,
      gclid: id, gbraid: id, wbraid: id, fbclid: id, referrer_host: `${'a.'.repeat(126)}b`, landing_path: `/${'~'.repeat(199)}`,
    };
    const res = await post({ ...validRequest, email: 'maior@example.com', idempotencyKey: key(), attribution: { first: largest, last: largest }, adConsent: true });
    expect(res.status).toBe(201);
    const { rows } = await app.store.db.query<{ n: number }>(`select octet_length(first_touch::text) as n from leads where email = 'maior@example.com'`);
    expect(rows[0].n).toBeLessThanOrEqual(4000);
    // A path the browser would have percent-encoded is refused up front, never left for the database to reject.
    const quoted = await post({ ...validRequest, idempotencyKey: key(), attribution: { first: { ...largest, landing_path: `/${'\\'.repeat(199)}` }, last: largest } });
    expect(quoted.status).toBe(400);
  });

  it('stores no opt-in (false, no time) and no touches when none were sent; an unticked box is the same', async () => {
    const absent = await rowOf(await post({ ...validRequest, idempotencyKey: key() }));
    expect(absent).toEqual({ first_touch: null, last_touch: null, marketing_opt_in: false, marketing_opt_in_at: null });
    const unticked = await rowOf(await post({ ...validRequest, idempotencyKey: key(), attribution: null, marketingOptIn: false }));
    expect(unticked).toEqual({ first_touch: null, last_touch: null, marketing_opt_in: false, marketing_opt_in_at: null });
  });

  it('answers a tampered attribution or opt-in with 400 and stores nothing', async () => {
    const tampered: unknown[] = [
      { first, last: { ...last, referrer_host: 'https://l.facebook.com/l.php?u=https%3A%2F%2Fsecret' } },
      { first: { ...first, utm_campaign: 'x'.repeat(151) }, last },
      { first: { ...first, gclid: 'abc def' }, last },
      { first: { ...first, email: 'maria@solarnorte.com.br' }, last },
      { first: { ...first, landing_path: '/?utm_source=google' }, last },
      { first, last, extra: 1 },
      { first },
      'google',
      [first, last],
    ];
    const before = await count(app, 'leads');
    for (const attribution of tampered) {
      const res = await post({ ...validRequest, idempotencyKey: key(), attribution });
      expect(res.status, JSON.stringify(attribution).slice(0, 80)).toBe(400);
      expect(await res.json()).toEqual({ error: 'Verifique os campos destacados.' });
    }
    for (const marketingOptIn of ['true', 1, null, {}]) {
      const res = await post({ ...validRequest, idempotencyKey: key(), marketingOptIn });
      expect(res.status, String(marketingOptIn)).toBe(400);
    }
    expect(await count(app, 'leads')).toBe(before);
  });

  it('treats the same key with another attribution or opt-in as another request (422), the same again as a retry', async () => {
    const idempotencyKey = key();
    const body = { ...validRequest, idempotencyKey, attribution: { first, last: first }, adConsent: true };
    const created = await post(body);
    expect(created.status).toBe(201);
    expect((await post(body)).status).toBe(200);
    expect((await post({ ...body, attribution: { first, last } })).status).toBe(422);
    expect((await post({ ...body, marketingOptIn: true })).status).toBe(422);
    // An unticked box is no box: the same request.
    expect((await post({ ...body, marketingOptIn: false })).status).toBe(200);
  });
});

describe('POST /api/leads: ad identifiers within the cookie choice', () => {
  const meta = { fbp: 'fb.1.1732900000000.1234567890', fbc: 'fb.1.1732900000000.IwAR_1' };
  const userAgent = 'Mozilla/5.0 (Linux; Android 14; Moto G) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36';
  type AdRow = { first_touch: Record<string, string> | null; last_touch: Record<string, string> | null; fbp: string | null; fbc: string | null; user_agent: string | null };
  const postAs = (body: object) => handler(postJson('/api/leads', body, { 'user-agent': userAgent }));
  // Each request its own person (one e-mail may create 5 leads an hour) and key.
  let n = 0;
  const fresh = () => ({ ...validRequest, email: `anuncio.${(n += 1)}@example.com`, idempotencyKey: key() });
  async function adRowOf(res: Response): Promise<AdRow> {
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const { rows } = await app.store.db.query<AdRow>('select first_touch, last_touch, fbp, fbc, user_agent from leads where id = $1', [id]);
    return rows[0];
  }

  it('with advertising cookies granted, keeps the click ids, Meta\'s cookies and the user agent', async () => {
    const row = await adRowOf(await postAs({ ...fresh(), attribution: { first, last }, adConsent: true, adIds: meta }));
    expect(row).toEqual({ first_touch: first, last_touch: last, fbp: meta.fbp, fbc: meta.fbc, user_agent: userAgent });
  });

  it('without (refused, or no choice yet), keeps the campaign but no ad identifier, whatever was sent', async () => {
    const stripped = { first: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'solar-pr', referrer_host: 'www.google.com', landing_path: '/' }, last: { referrer_host: 'l.facebook.com', landing_path: '/trafego-pago' } };
    for (const adConsent of [false, undefined]) {
      const row = await adRowOf(await postAs({ ...fresh(), attribution: { first, last }, adIds: meta, ...(adConsent === undefined ? {} : { adConsent }) }));
      expect(row).toEqual({ first_touch: stripped.first, last_touch: stripped.last, fbp: null, fbc: null, user_agent: null });
    }
  });

  it('answers malformed ad ids or consent with 400 and stores nothing', async () => {
    const before = await count(app, 'leads');
    for (const extra of [{ adConsent: 'true' }, { adConsent: 1 }, { adIds: { fbp: 'abc' } }, { adIds: { fbc: 'fb.1.1732900000000.a b' } }, { adIds: { email: 'x@y.z' } }, { adIds: 'fb.1' }]) {
      const res = await postAs({ ...fresh(), adConsent: true, ...extra });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(await res.json()).toEqual({ error: 'Verifique os campos destacados.' });
    }
    expect(await count(app, 'leads')).toBe(before);
  });

  it('treats other Meta cookies under the same key as another request (422), the same again as a retry', async () => {
    const body = { ...fresh(), adConsent: true, adIds: meta };
    expect((await postAs(body)).status).toBe(201);
    expect((await postAs(body)).status).toBe(200);
    expect((await postAs({ ...body, adIds: { fbp: meta.fbp } })).status).toBe(422);
  });
});
