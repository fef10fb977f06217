import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentMessage } from '../../src/domain/consent';
import { leadMessages } from '../../src/domain/lead';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { count, key, openTestApp, POLICY_VERSION, postJson, validLead, validRequest, type TestApp } from './helpers';
import { EMPTY_FORM_ERRORS } from '../support/fixtures';

let app: TestApp;
let handler: ReturnType<typeof createLeadsHandler>;
beforeAll(async () => {
  app = await openTestApp({ env: { CONTACT_EMAIL: 'contato@teste.example.com', LEAD_ORIGIN: 'site-teste' } });
  handler = createLeadsHandler(async () => app);
});
afterAll(() => app.close());

const post = (body: unknown, headers?: Record<string, string>) => handler(postJson('/api/leads', body, headers));

describe('POST /api/leads', () => {
  it('stores a lead with normalised values and answers 201 {id}', async () => {
    const res = await post({ ...validRequest, idempotencyKey: key() });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { id } = await res.json();
    const { rows } = await app.store.db.query('select * from leads where id = $1', [id]);
    expect(rows[0]).toMatchObject({
      nome: 'Maria da Silva', email: 'maria@solarnorte.com.br', telefone: '43999998888', empresa: 'Solar Norte',
      cnpj: '12ABC34501DE35', cargo: 'ceo-proprietario', faturamento: '100-500', vendedores: '3-5',
      segmento: 'energia-solar', outro_segmento: null, modelo_negocio: 'b2b', origem: 'site-teste',
    });
    const outbox = await app.store.db.query<{ message: { to: string; subject: string } }>(
      `select message from outbox where kind = 'lead-notification' and message->>'text' like $1`, [`%${id}%`]);
    expect(outbox.rows).toHaveLength(1);
    expect(outbox.rows[0].message).toMatchObject({ to: 'contato@teste.example.com', subject: 'Novo lead pelo site: Solar Norte' });
  });

  it('stores outro_segmento only for segmento outro', async () => {
    const res = await post({ ...validRequest, segmento: 'outro', outroSegmento: ' Agronegócio ', idempotencyKey: key() });
    const { id } = await res.json();
    const { rows } = await app.store.db.query('select segmento, outro_segmento from leads where id = $1', [id]);
    expect(rows[0]).toEqual({ segmento: 'outro', outro_segmento: 'Agronegócio' });
  });

  it('answers a retry with the same key 200 and the same id, storing one lead and one message', async () => {
    const idempotencyKey = key();
    const leadsBefore = await count(app, 'leads');
    const outboxBefore = await count(app, 'outbox');
    // A person new today: the mentor gets one "Novo lead" per person per day, so an earlier test's address would queue none.
    const email = `retry-${idempotencyKey}@example.com`;
    const first = await post({ ...validRequest, email, idempotencyKey });
    const again = await post({ ...validRequest, email, idempotencyKey });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(await count(app, 'leads')).toBe(leadsBefore + 1);
    expect(await count(app, 'outbox')).toBe(outboxBefore + 1);
  });

  it('answers 400 with every validation message and stores nothing', async () => {
    const before = await count(app, 'leads');
    const empty = Object.fromEntries(Object.keys(validLead).map((k) => [k, '']));
    const res = await post({ ...empty, segmento: 'outro', privacyPolicyVersion: POLICY_VERSION, idempotencyKey: key() });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.fieldErrors).toEqual(EMPTY_FORM_ERRORS);
    expect(typeof body.error).toBe('string');
    const wrong = await post({ ...validRequest, cnpj: '11.222.333/0001-82', segmento: '', idempotencyKey: key() });
    expect((await wrong.json()).fieldErrors).toEqual({ cnpj: leadMessages.cnpjInvalid, segmento: leadMessages.segmento });
    expect(await count(app, 'leads')).toBe(before);
  });

  it('stores the published policy version and the server time of consent, ignoring a client time', async () => {
    const before = new Date();
    const res = await post({ ...validRequest, privacyPolicyVersion: POLICY_VERSION, consentAt: '2000-01-01T00:00:00Z', idempotencyKey: key() });
    const after = new Date();
    expect(res.status).toBe(201);
    const { rows } = await app.store.db.query<{ consent_at: Date; privacy_policy_version: string }>(
      'select consent_at, privacy_policy_version from leads where id = $1', [(await res.json()).id]);
    expect(rows[0].privacy_policy_version).toBe(POLICY_VERSION);
    expect(rows[0].consent_at.getTime()).toBeGreaterThanOrEqual(before.getTime());
    expect(rows[0].consent_at.getTime()).toBeLessThanOrEqual(after.getTime());
  });

  it('answers 400 with the consent message and stores nothing when the policy version is missing or malformed', async () => {
    const before = await count(app, 'leads');
    const outboxBefore = await count(app, 'outbox');
    const { privacyPolicyVersion: _omit, ...withoutVersion } = validRequest;
    const missing = await post({ ...withoutVersion, idempotencyKey: key() });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: 'Verifique os campos destacados.', fieldErrors: { privacyPolicyVersion: consentMessage } });
    expect(consentMessage).toBe('Aceite a Política de Privacidade para continuar.');
    // Well-formed but not the published version (an invented or old one) is no consent either.
    for (const privacyPolicyVersion of ['', ' ', 'x'.repeat(41), '2026 11 21', '<script>', 20261121, null, true, '1999-01-01', 'v2.1_beta-3']) {
      const res = await post({ ...validRequest, privacyPolicyVersion, idempotencyKey: key() });
      expect(res.status, String(privacyPolicyVersion)).toBe(400);
      expect((await res.json()).fieldErrors).toEqual({ privacyPolicyVersion: consentMessage });
    }
    // Reported together with the form's own errors, so the wizard shows everything at once.
    const both = await post({ ...withoutVersion, email: 'x', idempotencyKey: key() });
    expect((await both.json()).fieldErrors).toEqual({ email: leadMessages.email, privacyPolicyVersion: consentMessage });
    expect(await count(app, 'leads')).toBe(before);
    expect(await count(app, 'outbox')).toBe(outboxBefore);
  });

  it('requires an idempotency key', async () => {
    const res = await post({ ...validRequest });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/identificador/);
  });

  it('answers a filled honeypot exactly like a new lead (201 {id}), whatever its type, storing nothing', async () => {
    const before = await count(app, 'leads');
    const outboxBefore = await count(app, 'outbox');
    // A person new today (one "Novo lead" per person per day): the real lead's one message is counted below.
    const email = `honeypot-${key()}@example.com`;
    const real = await post({ ...validRequest, email, website: '', idempotencyKey: key() });
    expect(real.status).toBe(201);
    const realBody = await real.json();
    for (const website of ['http://spam.example', ' ', 0, 1, true, false, ['x'], {}, { a: 1 }]) {
      const res = await post({ ...validRequest, email, website, idempotencyKey: key() });
      expect(res.status, JSON.stringify(website)).toBe(201);
      expect([...res.headers.keys()].sort()).toEqual([...real.headers.keys()].sort());
      const body = await res.json();
      expect(Object.keys(body)).toEqual(Object.keys(realBody));
      expect(body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(await count(app, 'leads')).toBe(before + 1);
    expect(await count(app, 'outbox')).toBe(outboxBefore + 1);
  });

  it('rejects oversized, non-JSON, malformed and wrong-method requests', async () => {
    const big = await post({ ...validRequest, nomeCompleto: 'x'.repeat(17 * 1024), idempotencyKey: key() });
    expect(big.status).toBe(413);
    const text = await post('nome=x', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    const broken = await post('{"nomeCompleto":');
    expect(broken.status).toBe(400);
    const getRes = await handler(new Request('http://localhost/api/leads', { method: 'PUT' }));
    expect(getRes.status).toBe(405);
    expect(getRes.headers.get('allow')).toBe('GET, POST, HEAD');
    // GET says what the form asks beyond its fields: the mentor's measurement basis, none while no ad
    // platform is on (the box would ask consent for nothing).
    const settings = await handler(new Request('http://localhost/api/leads'));
    expect(settings.status).toBe(200);
    expect(await settings.json()).toEqual({ measurementBasis: null });
    for (const res of [big, text, broken, getRes]) {
      const body = await res.json();
      expect(body.error).toMatch(/[a-zçãé]/i);
      expect(JSON.stringify(body)).not.toMatch(/at |select|insert|stack/i);
    }
  });
});
