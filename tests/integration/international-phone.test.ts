// Issue 22, phones from abroad: a '+' number with a country code other than 55 is stored in E.164 by the
// real handler and accepted by the database's check (migration 20261124000100), on PGlite and on
// PostgreSQL; Brazilian numbers keep their 10–11 digits; the mentor's mail shows the number readably.
import fc from 'fast-check';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { leadMessages } from '../../src/domain/lead';
import { createTestDatabase, type TestDatabase } from '../support/postgres-db';
import { key, openTestApp, postJson, validRequest, type TestApp } from './helpers';

/** A copy of a stored lead with another key and phone: only the phone can break the row. */
const INSERT = `insert into leads select (jsonb_populate_record(null::leads,
  to_jsonb(l) || jsonb_build_object('id', gen_random_uuid(), 'idempotency_key', $1::text, 'request_hash', null, 'telefone', $2::text))).*
  from leads l limit 1`;

describe('international phones on PGlite, through POST /api/leads', () => {
  let app: TestApp;
  let handler: ReturnType<typeof createLeadsHandler>;
  beforeAll(async () => {
    app = await openTestApp();
    handler = createLeadsHandler(async () => app);
  });
  afterAll(() => app.close());

  it('stores +351 912 345 678 as +351912345678 and shows it readably in the mentor mail', async () => {
    const res = await handler(postJson('/api/leads', { ...validRequest, telefone: '+351 912 345 678', idempotencyKey: key() }));
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const { rows } = await app.store.db.query<{ telefone: string }>('select telefone from leads where id = $1', [id]);
    expect(rows[0].telefone).toBe('+351912345678');
    const mail = await app.store.db.query<{ text: string }>(`select message->>'text' as text from outbox where message->>'text' like $1`, [`%${id}%`]);
    expect(mail.rows[0].text).toContain('+351 912 345 678');
  });

  it('stores +55 and plain Brazilian numbers as 10–11 digits, and answers an invalid foreign number with its message', async () => {
    const stored = async (telefone: string) => {
      const res = await handler(postJson('/api/leads', { ...validRequest, email: `${key()}@example.com`, telefone, idempotencyKey: key() }));
      const body = await res.json();
      if (res.status !== 201) return `${res.status} ${body.fieldErrors?.telefone}`;
      return (await app.store.db.query<{ telefone: string }>('select telefone from leads where id = $1', [body.id])).rows[0].telefone;
    };
    expect(await stored('+55 (43) 99999-8888')).toBe('43999998888');
    expect(await stored('(43) 3333-4444')).toBe('4333334444');
    expect(await stored('+351 91')).toBe(`400 ${leadMessages.telefoneInternacional}`);
    expect(await stored('(43) 9999')).toBe(`400 ${leadMessages.telefone}`);
  });

  it('property: any phone-like input answers 201 or 400, never a 500 from the database check', async () => {
    const phoneLike = fc
      .array(fc.constantFrom('+', ' ', '-', '(', ')', '.', '0', '1', '3', '5', '5', '9', '４'), { minLength: 0, maxLength: 22 })
      .map((chars) => chars.join(''));
    // Mostly well-formed '+' numbers (any first digit, 6–16 digits, separators), some noise.
    const plusNumber = fc
      .tuple(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 6, maxLength: 16 }), fc.constantFrom('', ' ', '-'))
      .map(([digits, sep]) => `+${digits.join('').replace(/(\d{3})(?=\d)/g, `$1${sep}`)}`);
    await fc.assert(
      fc.asyncProperty(fc.oneof({ arbitrary: plusNumber, weight: 3 }, { arbitrary: phoneLike.map((p) => `+${p}`), weight: 1 }, { arbitrary: phoneLike, weight: 1 }), async (telefone) => {
        const res = await handler(postJson('/api/leads', { ...validRequest, email: `${key()}@example.com`, telefone, idempotencyKey: key() }));
        expect([201, 400], `${telefone} → ${res.status}`).toContain(res.status);
      }),
      { numRuns: 60 },
    );
  });

  it('the database refuses what is neither 10–11 digits nor E.164 (and +55 in E.164)', async () => {
    for (const bad of ['+5543999998888', '+0351912345678', '+1234567', '+1234567890123456', '351912345678999', '(43) 99999-8888']) {
      await expect(app.store.db.query(INSERT, [key(), bad]), bad).rejects.toThrow(/leads_telefone_check/);
    }
    for (const good of ['+351912345678', '+12345678', '+123456789012345', '4333334444']) {
      await app.store.db.query(INSERT, [key(), good]);
    }
  });
});

const serverUrl = inject('postgresUrl');
describe.skipIf(!serverUrl)('international phones on PostgreSQL (the same migration)', () => {
  let db: TestDatabase;
  let sql: postgres.Sql;
  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!);
    sql = postgres(db.url, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await sql?.end({ timeout: 5 });
    await db?.drop();
  });

  it('the check accepts E.164 and Brazilian digits and refuses the rest', async () => {
    // The constraint as PostgreSQL stored it, evaluated against sample values.
    const [{ def }] = await sql`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'leads_telefone_check'`;
    expect(def).toContain('+55');
    const check = def.replace(/^CHECK /, '').replaceAll('telefone', '$1::text');
    for (const [value, expected] of [['+351912345678', true], ['43999998888', true], ['+5543999998888', false], ['+0123456789', false], ['12345', false]] as const) {
      const [{ pass }] = await sql.unsafe(`select ${check} as pass`, [value]);
      expect(pass, value).toBe(expected);
    }
  });
});
