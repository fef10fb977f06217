// The mentor's lead notices are never dropped: past 10 mails an hour to the mentor's address they are
// held and sent together in a digest, at most one per 15 minutes, on both stores. Through the real leads
// handler and outbox drain, with an injected clock; the sender records what the mentor receives.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import type { MailContent } from '../../functions/lib/store/port';
import { key, postJson, validRequest } from './helpers';
import { storeCases, type Opened } from './stores';

const MENTOR = 'mentor@digest.example.com';
const MIN = 60_000;

describe.each(storeCases(inject('postgresUrl')))('lead notices on $name', (store) => {
  let db: Opened;
  // Ahead of the real clock: create_lead queues the notice at the database's now(), so an injected clock in the
  // past would find nothing due (a fixed date here broke the day it passed).
  let clock = Math.ceil(Date.now() / (60 * MIN)) * 60 * MIN + 24 * 60 * MIN;
  const inbox: MailContent[] = [];
  beforeAll(async () => {
    db = await store.open({
      now: () => new Date(clock),
      env: { CONTACT_EMAIL: MENTOR },
      send: async (_id, message) => void inbox.push(message),
    });
  });
  afterAll(() => db.close());

  const newLead = async (n: number) => {
    const leads = createLeadsHandler(async () => db.app);
    const res = await leads(postJson('/api/leads', {
      ...validRequest, nomeCompleto: `Pessoa Digest ${n}`, nomeEmpresa: `Empresa Digest ${n}`, email: `digest-${n}@example.com`, idempotencyKey: key(),
    }));
    expect(res.status).toBe(201);
    return (await res.json()).id as string;
  };
  const drain = async () => {
    for (let i = 0; i < 3; i++) await db.app.outbox.kick();
  };
  const toMentor = () => inbox.filter((m) => m.to === MENTOR);
  /** Every lead the mentor's mail names (once each), individual notices and digests alike, in order. */
  const leadsNamed = () => [...new Set(toMentor().flatMap((m) => [...m.text.matchAll(/Nome: Pessoa Digest (\d+)/g)].map((x) => Number(x[1]))))];

  it('11 leads in an hour: 10 notices, then one digest with the 11th; nothing dropped', async () => {
    for (let n = 1; n <= 11; n++) {
      await newLead(n);
      clock += MIN;
    }
    await drain();
    const mails = toMentor();
    expect(mails.filter((m) => m.subject.startsWith('Novo lead pelo site'))).toHaveLength(10);
    const digests = mails.filter((m) => m.subject.startsWith('Resumo:'));
    expect(digests.map((m) => m.subject)).toEqual(['Resumo: 1 novo lead pelo site']);
    expect(digests[0].text).toContain('Pessoa Digest 11 · Empresa Digest 11');
    expect(digests[0].text).toContain('digest-11@example.com');
    expect(digests[0].html).toContain('Empresa Digest 11');
    expect(leadsNamed().sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from outbox where kind = 'lead-notification' and (dropped_at is not null or sent_at is null)");
    expect(n).toBe(0);
  });

  it('more within the quarter hour wait for the next digest; one erased meanwhile is not sent', async () => {
    inbox.length = 0;
    clock += 2 * MIN;
    for (let n = 12; n <= 14; n++) await newLead(n);
    await drain();
    expect(toMentor()).toEqual([]); // the last digest went out minutes ago
    await db.app.store.deletePersonData('digest-13@example.com'); // LGPD erasure before the digest
    clock += 15 * MIN;
    await drain();
    const mails = toMentor();
    expect(mails.map((m) => m.subject)).toEqual(['Resumo: 2 novos leads pelo site']);
    expect(leadsNamed()).toEqual([12, 14]);
    expect(mails[0].text).not.toContain('digest-13@');
    const [{ waiting }] = await db.query<{ waiting: number }>("select count(*)::int as waiting from outbox where sent_at is null and dropped_at is null");
    expect(waiting).toBe(0);
  });

  it('other mail to a capped address is still dropped after 10 an hour (the cap holds)', async () => {
    inbox.length = 0;
    await db.query(
      `insert into outbox (kind, message) select 'meeting-lead', jsonb_build_object('to', 'alvo@example.com', 'subject', 's', 'text', 't ' || g)
       from generate_series(1, 12) g`);
    await drain();
    expect(inbox.filter((m) => m.to === 'alvo@example.com')).toHaveLength(10);
  });
});
