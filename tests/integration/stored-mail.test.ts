// Stored mail holds no working manage link, on both stores: the delivered copies carry the tokens (text,
// HTML and the folded .ics alike), the outbox rows never do once sent, and the LGPD export gives the
// lead their own messages only, without a working link. Plus: one Message-ID per outbox row, whatever
// the number of attempts, through a real SMTP server.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MailContent } from '../../functions/lib/store/port';
import { placeholder, sealMessage, unsealMessage } from '../../functions/lib/mail/secrets';
import { createSender } from '../../functions/lib/mail/transport';
import { asDelivered, futureWorkday, openTestApp, PRESELLERS, type TestApp } from './helpers';
import { lifecycle, tokenIn } from './lifecycle-helpers';
import { parseMime } from './mime';
import { startSmtp, stopSmtp, type Received } from './smtp';
import { storeCases, type Opened } from './stores';
import { freePort } from '../support/site-process.mjs';

const TOKEN = /#t=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;

describe('sealing a message', () => {
  it('swaps each token for a same-length placeholder, across folded .ics lines, and back', () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_AbCdE';
    const link = `https://site.example/reuniao#t=${token}`;
    const ics = `DESCRIPTION:Reagendar ou cancelar: ${link}`.match(/.{1,60}/g)!.join('\r\n ');
    const message: MailContent = { to: 'a@example.com', subject: 's', text: `Link: ${link}`, html: `<a href="${link}">x</a>`, icalEvent: { method: 'REQUEST', filename: 'convite.ics', content: ics } };
    const sealed = sealMessage(message);
    expect(sealed.secrets).toEqual([token]);
    expect(JSON.stringify({ ...sealed, secrets: [] })).not.toContain(token);
    expect(sealed.text).toContain(`#t=${placeholder(0)}`);
    expect(sealed.icalEvent!.content.split('\r\n').map((l) => l.length)).toEqual(ics.split('\r\n').map((l) => l.length));
    expect(unsealMessage(sealed)).toEqual(message);
  });
});

describe.each(storeCases(inject('postgresUrl')))('stored mail on $name', (store) => {
  let db: Opened;
  beforeAll(async () => {
    db = await store.open();
  });
  afterAll(() => db.close());
  const t = lifecycle(() => db.app as TestApp);
  /** The meeting's mail as delivered (lifecycle's own reader is PGlite-only). */
  const mailsOf = async (meetingId: string) => (await db.query<{ id: string; kind: string; message: MailContent; secrets: string[] | null }>(
    `select o.id, o.kind, o.message, o.secrets from outbox o
     where o.message->>'to' = (select l.email from meetings m join leads l on l.id = m.lead_id where m.id = $1::uuid)
        or position($1::text in o.message->>'text') > 0
     order by o.created_at, o.kind`, [meetingId])).map(asDelivered);

  it('after book → reschedule → cancel, no outbox row holds a token that was mailed; the export holds only the lead’s own mail', async () => {
    const date = futureWorkday(7);
    const email = 'sem-token@example.com';
    const res = await t.book({ leadId: await t.newLead(email), scheduledDate: date, scheduledTime: '10:00', presellerId: PRESELLERS.carla });
    expect(res.status).toBe(201);
    const { meeting } = await res.json();
    // Waiting or sent, the body holds placeholders (the tokens sit apart until it is sent).
    const waiting = await db.query<{ message: MailContent }>("select message from outbox where kind = 'meeting-lead' and message->>'to' = $1", [email]);
    expect(JSON.stringify(waiting[0].message)).not.toMatch(TOKEN);
    await db.app.outbox.kick();
    await db.app.outbox.idle();

    const leadToken = tokenIn((await mailsOf(meeting.id)).find((m) => m.kind === 'meeting-lead')!.message);
    const moved = await t.call({ action: 'reschedule', token: leadToken, scheduledDate: date, scheduledTime: '11:00', idempotencyKey: `k-${crypto.randomUUID()}` });
    expect(moved.status).toBe(200);
    const mails = await mailsOf(meeting.id);
    const consultantToken = tokenIn(mails.filter((m) => m.kind === 'meeting-rescheduled-preseller').at(-1)!.message);
    expect((await t.call({ action: 'cancel', token: consultantToken })).status).toBe(200);
    await db.app.outbox.kick();
    await db.app.outbox.idle();

    const issued = new Set((await mailsOf(meeting.id)).flatMap((m) => [...m.message.text.matchAll(TOKEN)].map((x) => x[1])));
    expect(issued.size).toBeGreaterThanOrEqual(5);
    const rows = await db.query<{ kind: string; message: MailContent; secrets: string[] | null }>('select kind, message, secrets from outbox order by created_at');
    for (const row of rows) {
      expect(row.secrets, row.kind).toBeNull();
      const stored = JSON.stringify(row.message);
      for (const token of issued) expect(stored, row.kind).not.toContain(token);
    }
    // The delivered .ics (folded) carries the same link as the text.
    const invite = (await mailsOf(meeting.id)).find((m) => m.kind === 'meeting-lead')!.message;
    expect(invite.icalEvent!.content.replace(/\r\n[ \t]/g, '')).toContain(`#t=${tokenIn(invite)}`);

    const exported = await db.app.store.exportPersonData(email);
    const mine = exported.messages.filter((m) => m.message.to === email);
    const others = exported.messages.filter((m) => m.message.to !== email);
    expect(mine.map((m) => m.kind)).toEqual(['meeting-lead', 'meeting-rescheduled-lead', 'meeting-cancelled-lead']);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(Object.keys(other.message).sort()).toEqual(['subject', 'to']);
    expect(JSON.stringify(exported)).not.toMatch(TOKEN);
  });

  it('while SMTP is down, a waiting invite holds placeholders and its tokens apart', async () => {
    const down = await store.open({ send: async () => { throw Object.assign(new Error('down'), { code: 'ECONNREFUSED' }); } });
    try {
      const lc = lifecycle(() => down.app as TestApp);
      const email = 'smtp-fora@example.com';
      const res = await lc.book({ leadId: await lc.newLead(email), scheduledDate: futureWorkday(7), scheduledTime: '15:00', presellerId: PRESELLERS.ana });
      expect(res.status).toBe(201);
      const token = (await res.json()).manageUrl.split('#t=')[1];
      await down.app.outbox.kick();
      await down.app.outbox.idle();
      const [row] = await down.query<{ message: MailContent; secrets: string[] | null; attempts: number }>(
        "select message, secrets, attempts from outbox where kind = 'meeting-lead' and message->>'to' = $1", [email]);
      expect(row.attempts).toBeGreaterThan(0);
      expect(JSON.stringify(row.message)).not.toContain(token);
      expect(row.secrets).toHaveLength(1);
      expect(tokenIn(unsealMessage({ ...row.message, secrets: row.secrets! }))).toBe(row.secrets![0]);
    } finally {
      await down.close();
    }
  });

  it('a row written before sealing is scrubbed once sent (tokens found across folds)', async () => {
    const raw = 'Z'.repeat(43);
    const folded = `DESCRIPTION:x https://site.example/reuniao#t=${raw}`.match(/.{1,50}/g)!.join('\r\n ');
    await db.query(`insert into outbox (kind, message) values ('legacy-lead', ($1::text)::jsonb)`, [
      JSON.stringify({ to: 'legado@example.com', subject: 's', text: `https://site.example/reuniao#t=${raw}`, icalEvent: { method: 'REQUEST', filename: 'c.ics', content: folded } }),
    ]);
    await db.app.outbox.kick();
    await db.app.outbox.idle();
    const [row] = await db.query<{ message: unknown; sent: boolean }>("select message, sent_at is not null as sent from outbox where kind = 'legacy-lead'");
    expect(row.sent).toBe(true);
    expect(JSON.stringify(row.message)).not.toContain(raw);
  });
});

describe('Message-ID', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const inbox: Received[] = [];
  beforeAll(async () => {
    const port = await freePort();
    smtp = await startSmtp(port, inbox);
    app = await openTestApp({ send: 'real', env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Mentor Solar <nao-responda@mentorsolar.example>' } });
  });
  afterAll(async () => {
    await app.close();
    await stopSmtp(smtp);
  });

  it('a message sent again (a sender killed before marking it sent) keeps its Message-ID', async () => {
    await app.store.db.query(`insert into outbox (kind, message) values ('meeting-lead', '{"to":"duas-vezes@example.com","subject":"s","text":"t"}')`);
    const [row] = await app.store.claimOutbox(new Date(), 10);
    // The first sender delivers, then dies: the row is never marked sent and its lease runs out.
    await createSender(app.env)(row.id, unsealMessage(row.message));
    await app.outbox.kick();
    await app.outbox.idle();
    expect(inbox.filter((m) => m.to.includes('duas-vezes@example.com'))).toHaveLength(1);
    await app.store.db.query(`update outbox set locked_until = now() - interval '1 second' where id = $1`, [row.id]);
    await app.outbox.kick();
    await app.outbox.idle();
    const ids = inbox.filter((m) => m.to.includes('duas-vezes@example.com')).map((m) => parseMime(m.raw).headers['message-id']);
    expect(ids).toEqual([`<${row.id}@mentorsolar.example>`, `<${row.id}@mentorsolar.example>`]);
  });
});
