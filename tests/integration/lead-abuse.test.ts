// POST /api/leads under attack: reused keys, one email flooding, arbitrary unicode, method and header checks.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAvailabilityHandler } from '../../functions/lib/handlers/availability';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { apiMessages } from '../../src/domain/api';
import { count, get, key, openTestApp, postJson, validRequest, type TestApp } from './helpers';

let app: TestApp;
let handler: ReturnType<typeof createLeadsHandler>;
beforeAll(async () => {
  app = await openTestApp();
  handler = createLeadsHandler(async () => app);
});
afterAll(() => app.close());

let emails = 0;
const uniqueEmail = () => `abuse.${Date.now()}.${emails++}@example.com`;
const post = (body: unknown) => handler(postJson('/api/leads', body));

describe('idempotency keys carry a fingerprint', () => {
  it('the same key with a corrected email answers 422 and changes nothing', async () => {
    const idempotencyKey = key();
    const first = await post({ ...validRequest, email: 'maria@solarnorte.com.bt', idempotencyKey });
    expect(first.status).toBe(201);
    const { id } = await first.json();
    const [leads, outbox] = [await count(app, 'leads'), await count(app, 'outbox')];

    const corrected = await post({ ...validRequest, email: 'maria@solarnorte.com.br', idempotencyKey });
    expect(corrected.status).toBe(422);
    expect(await corrected.json()).toEqual({ error: 'Esta solicitação já foi enviada com outros dados. Recarregue a página e tente novamente.' });
    expect(apiMessages.idempotencyMismatch).toBe('Esta solicitação já foi enviada com outros dados. Recarregue a página e tente novamente.');
    expect([await count(app, 'leads'), await count(app, 'outbox')]).toEqual([leads, outbox]);
    expect((await app.store.getLead(id))?.email).toBe('maria@solarnorte.com.bt');
  });

  it('a true retry (same values, other spacing or mask) still answers 200 with the first id', async () => {
    const idempotencyKey = key();
    const email = uniqueEmail();
    const first = await (await post({ ...validRequest, email, idempotencyKey })).json();
    const retry = await post({ ...validRequest, email, nomeCompleto: `  ${validRequest.nomeCompleto}\n`, telefone: '43999998888', cnpj: '12ABC34501DE35', idempotencyKey });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual(first);
  });
});

describe('new leads per email', () => {
  it('allows 5 per hour for one address in any case, then 429 with Retry-After; other addresses and retries go on', async () => {
    const email = uniqueEmail();
    const keys: string[] = [];
    for (let i = 0; i < 5; i++) {
      keys.push(key());
      const res = await post({ ...validRequest, email: i % 2 ? email.toUpperCase() : email, idempotencyKey: keys[i] });
      expect(res.status, `lead ${i + 1}`).toBe(201);
    }
    const before = await count(app, 'leads');
    const sixth = await post({ ...validRequest, email, idempotencyKey: key() });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await sixth.json()).toEqual({ error: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
    expect(await count(app, 'leads')).toBe(before);
    // A retry of a stored request is not a new lead; another address is not limited.
    expect((await post({ ...validRequest, email, idempotencyKey: keys[0] })).status).toBe(200);
    expect((await post({ ...validRequest, email: uniqueEmail(), idempotencyKey: key() })).status).toBe(201);
  });

  it('holds under a concurrent burst: exactly 5 of 12 parallel new leads of one address are stored', async () => {
    const email = uniqueEmail();
    const answers = await Promise.all(Array.from({ length: 12 }, () => post({ ...validRequest, email, idempotencyKey: key() })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('no string input gives a 500', () => {
  const fields = Object.keys(validRequest);
  // Arbitrary unicode, weighted toward what broke before: NUL, lone surrogates, zero-width and
  // combining characters, line breaks, astral code points; and any code unit at all.
  const char = fc.oneof(
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u200b', '\u200d', '\ufeff', '\u0301', '\n', '\r', '\t', '\u0085', '\u2028', '\u202e', '\u3164', 'é', '@', '.', '1'),
    fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    fc.integer({ min: 0x10000, max: 0x10ffff }).map((c) => String.fromCodePoint(c)),
  );
  const text = fc.oneof(fc.string({ unit: char, maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.string({ unit: char, minLength: 100, maxLength: 2000 }));

  it('arbitrary strings in any subset of fields (and the key and the trap) answer only 201 or 400', { timeout: 120_000 }, async () => {
    // No clock here: a pattern that backtracks on some input is caught by lint (eslint-plugin-regexp).
    let created = 0;
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...fields, 'idempotencyKey', 'website'), text, { maxKeys: 6 }), async (garbage) => {
        // A fresh email and key unless the generator replaced them, so the per-email limit stays out of the way.
        const res = await post({ ...validRequest, email: uniqueEmail(), idempotencyKey: key(), ...garbage });
        if (res.status === 201) created++;
        expect([201, 400], `${res.status} for ${JSON.stringify(garbage)}`).toContain(res.status);
        const body = await res.json();
        expect(typeof (res.status === 201 ? body.id : body.error)).toBe('string');
      }),
      { numRuns: 1000, seed: 20261123 },
    );
    // The run must exercise the storing path too, not only rejections.
    expect(created).toBeGreaterThan(20);
    const { rows } = await app.store.db.query<{ n: number }>(
      "select count(*)::int as n from leads where nome ~ '[[:cntrl:]]' or empresa ~ '[[:cntrl:]]' or char_length(nome) > 120 or char_length(empresa) > 160");
    expect(rows[0].n).toBe(0);
  });
});

describe('HTTP hygiene of function answers', () => {
  it('carry nosniff, Referrer-Policy and no-store; unknown methods get 405 with Allow; HEAD on GET endpoints 200', async () => {
    const res = await post({ ...validRequest, email: uniqueEmail(), idempotencyKey: key() });
    const availability = createAvailabilityHandler(async () => app);
    const answers = [res, await post('{'), await availability(get('/api/availability?date=2020-01-01'))];
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
    for (const method of ['PUT', 'DELETE', 'PATCH', 'OPTIONS', 'X-UNSUPPORTED']) {
      const leads = await handler(new Request('http://localhost/api/leads', { method }));
      expect(leads.status, method).toBe(405);
      expect(leads.headers.get('allow')).toBe('GET, POST, HEAD');
      const avail = await availability(new Request('http://localhost/api/availability?date=2020-01-01', { method }));
      expect(avail.status, method).toBe(405);
      expect(avail.headers.get('allow')).toBe('GET, HEAD');
    }
    const head = await availability(new Request('http://localhost/api/availability?month=2030-01', { method: 'HEAD' }));
    expect(head.status).toBe(200);
  });
});
