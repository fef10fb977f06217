// One person cannot fill the calendar under other spellings of one address (plus tags, Gmail dots,
// googlemail.com), nor move one meeting without end; on both stores, through the real handlers.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { manageMessages, MAX_RESCHEDULES_PER_DAY } from '../../src/domain/manage';
import type { MailContent } from '../../functions/lib/store/port';
import { asDelivered, futureWorkday, PRESELLERS, type TestApp } from './helpers';
import { lifecycle, tokenIn } from './lifecycle-helpers';
import { storeCases, type Opened } from './stores';

const HOUR = 3_600_000;
const TIMES = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '13:00', '13:30'];

describe.each(storeCases(inject('postgresUrl')))('one person on $name', (store) => {
  let db: Opened;
  let offset = 0;
  beforeAll(async () => {
    db = await store.open({ now: () => new Date(Date.now() + offset) });
  });
  afterAll(() => db.close());
  const t = lifecycle(() => db.app as TestApp);

  const identity = async (email: string) => (await db.query<{ id: string }>('select email_identity($1) as id', [email]))[0].id;

  it('email_identity: case, spaces, plus tags everywhere; dots and googlemail.com only for Gmail', async () => {
    expect(await identity(' Ana.Souza+promo@GoogleMail.com ')).toBe('anasouza@gmail.com');
    expect(await identity('a.n.a.souza@gmail.com')).toBe('anasouza@gmail.com');
    expect(await identity('joao+orcamento@Empresa.com.br')).toBe('joao@empresa.com.br');
    expect(await identity('jo.ao@empresa.com.br')).toBe('jo.ao@empresa.com.br');
    expect(await identity('+tag@empresa.com.br')).toBe('+tag@empresa.com.br');
  });

  it('five spellings of one Gmail address book one meeting; another person with dots outside Gmail is not them', async () => {
    const date = futureWorkday(6);
    const spellings = ['ana.souza@gmail.com', 'anasouza@gmail.com', 'Ana.Souza+solar@gmail.com', 'a.n.a.souza@googlemail.com', 'ANASOUZA+x@GOOGLEMAIL.COM'];
    const statuses: number[] = [];
    for (const [i, email] of spellings.entries()) {
      statuses.push((await t.book({ leadId: await t.newLead(email), scheduledDate: date, scheduledTime: TIMES[i], presellerId: PRESELLERS.ana })).status);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409]);
    const [{ n }] = await db.query<{ n: number }>(
      "select count(*)::int as n from meetings m join leads l on l.id = m.lead_id where m.status = 'scheduled' and email_identity(l.email) = 'anasouza@gmail.com'");
    expect(n).toBe(1);
    // Nothing is mailed to a variant: a manage link only ever goes to the address that booked.
    const toVariants = await db.query<{ n: number }>("select count(*)::int as n from outbox where message->>'to' = any($1::text[])", [spellings.slice(1)]);
    expect(toVariants[0].n).toBe(0);

    expect((await t.book({ leadId: await t.newLead('ana.so.uza@solar.example.com'), scheduledDate: date, scheduledTime: TIMES[6] })).status).toBe(201);
    expect((await t.book({ leadId: await t.newLead('anaso.uza@solar.example.com'), scheduledDate: date, scheduledTime: TIMES[7] })).status).toBe(201);
  });

  it('the leads-per-hour limit counts every spelling as one person', async () => {
    const spellings = ['limite@gmail.com', 'li.mite@gmail.com', 'limite+1@gmail.com', 'limite@googlemail.com', 'l.imite+2@gmail.com'];
    for (const email of spellings) await t.newLead(email);
    await expect(t.newLead('lim.ite+6@googlemail.com')).rejects.toThrow('lead 429');
  });

  it(`a meeting moves at most ${MAX_RESCHEDULES_PER_DAY} times in 24 hours; the consultant gets one mail per move`, async () => {
    const date = futureWorkday(9);
    const res = await t.book({ leadId: await t.newLead('move-muito@example.com'), scheduledDate: date, scheduledTime: '09:00', presellerId: PRESELLERS.bruno });
    expect(res.status).toBe(201);
    const meetingId = (await res.json()).meeting.id as string;
    const leadMails = async () => (await db.query<{ id: string; message: MailContent; secrets: string[] | null }>(
      "select id, message, secrets from outbox where message->>'to' = 'move-muito@example.com' order by created_at desc")).map(asDelivered);
    const consultantMails = async () => (await db.query<{ n: number }>(
      "select count(*)::int as n from outbox where kind like 'meeting-rescheduled-preseller' and position($1 in message->>'text') > 0", [meetingId]))[0].n;
    const move = async (time: string) => {
      const token = tokenIn((await leadMails())[0].message);
      return t.call({ action: 'reschedule', token, scheduledDate: date, scheduledTime: time, idempotencyKey: `k-${crypto.randomUUID()}` });
    };
    for (const time of ['10:00', '11:00', '13:00']) expect((await move(time)).status).toBe(200);
    const refused = await move('14:00');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ success: false, error: manageMessages.tooManyChanges });
    expect(await consultantMails()).toBe(MAX_RESCHEDULES_PER_DAY);
    // A day later it may move again.
    offset = 25 * HOUR;
    try {
      expect((await move('14:00')).status).toBe(200);
    } finally {
      offset = 0;
    }
  });
});
