// The mentor's lead digest has a size (issue #36 L8), through the real leads handler and outbox drain
// with an injected clock, on both stores: 250 held notices go out as digests of at most 100, a
// quarter hour apart, each mail under 1 MB; a digest that fails lets its notices go in the next one.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import type { MailContent } from '../../functions/lib/store/port';
import { key, postJson, validRequest } from './helpers';
import { storeCases, type Opened } from './stores';

const MENTOR = 'mentor@cap.example.com';
const MIN = 60_000;

describe.each(storeCases(inject('postgresUrl')))('lead digest cap on $name', (store) => {
  let db: Opened;
  // Ahead of the real clock: create_lead queues the notice at the database's now().
  let clock = Math.ceil(Date.now() / (60 * MIN)) * 60 * MIN + 24 * 60 * MIN;
  const inbox: MailContent[] = [];
  let refuseDigests = false;
  beforeAll(async () => {
    db = await store.open({
      now: () => new Date(clock),
      env: { CONTACT_EMAIL: MENTOR },
      send: async (_id, message) => {
        if (refuseDigests && message.subject.startsWith('Resumo:')) throw Object.assign(new Error('too big'), { code: 'EMESSAGE' });
        inbox.push(message);
      },
    });
  });
  afterAll(() => db.close());

  const newLead = async (n: number) => {
    const res = await createLeadsHandler(async () => db.app)(postJson('/api/leads', {
      ...validRequest, nomeCompleto: `Pessoa Cap ${n}`, nomeEmpresa: `Empresa Cap ${n}`, email: `cap-${n}@example.com`, idempotencyKey: key(),
    }));
    expect(res.status).toBe(201);
  };
  const drain = async () => {
    for (let i = 0; i < 3; i++) await db.app.outbox.kick();
  };
  const digests = () => inbox.filter((m) => m.to === MENTOR && m.subject.startsWith('Resumo:'));
  const named = (m: MailContent) => [...m.text.matchAll(/Nome: Pessoa Cap (\d+)/g)].map((x) => Number(x[1]));

  it('250 held notices go as digests of at most 100, oldest first, each under 1 MB', async () => {
    for (let n = 1; n <= 260; n++) await newLead(n);
    await drain();
    for (let i = 0; i < 4; i++) {
      clock += 16 * MIN;
      await drain();
    }
    const sent = digests();
    // The drain runs while the leads arrive (each lead kicks it): the first digest may go early, with a few.
    expect(sent.map((m) => named(m).length).every((n) => n <= 100)).toBe(true);
    expect(sent.filter((m) => m.subject === 'Resumo: 100 novos leads pelo site').length).toBeGreaterThanOrEqual(2);
    expect(sent.flatMap(named)).toEqual(Array.from({ length: 250 }, (_, i) => i + 11));
    for (const m of sent) expect(Buffer.byteLength(m.text) + Buffer.byteLength(m.html ?? '')).toBeLessThan(1024 * 1024);
  }, 240_000);

  it('a digest that fails releases its notices: the next digest carries them', async () => {
    inbox.length = 0;
    clock += 61 * MIN;
    refuseDigests = true;
    for (let n = 301; n <= 313; n++) await newLead(n); // 10 notices, then 3 held
    await drain();
    refuseDigests = false;
    expect(digests()).toEqual([]);
    clock += 16 * MIN;
    await drain();
    expect(digests().map(named)).toEqual([[311, 312, 313]]);
    const [{ stranded }] = await db.query<{ stranded: number }>(
      "select count(*)::int as stranded from outbox where kind = 'lead-notification' and sent_at is null and dropped_at is null");
    expect(stranded).toBe(0);
  }, 120_000);
});
