// Mail through a real SMTP server on loopback; a mail outage never loses a booking.
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { brDate, brWeekday, zonedToUtc } from '../../src/domain/scheduling/time';
import { createSender } from '../../functions/lib/mail/transport';
import { futureWorkday, key, openTestApp, postJson, PRESELLERS, validRequest, type TestApp } from './helpers';
import { leaves, parseMime } from './mime';
import { startSmtp, stopSmtp, type Received } from './smtp';
import { freePort } from '../support/site-process.mjs';

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let app: TestApp;
let port: number;
const inbox: Received[] = [];
const date = futureWorkday(3);

beforeAll(async () => {
  port = await freePort();
  const env = { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Mentor Solar <agenda@mentor.example.com>', CONTACT_EMAIL: 'contato@mentor.example.com' };
  app = await openTestApp({ env, now, send: 'real' });
});
afterAll(() => app.close());

async function bookAt(time: string, email: string) {
  const lead = await createLeadsHandler(async () => app)(postJson('/api/leads', { ...validRequest, email, idempotencyKey: key() }));
  expect(lead.status).toBe(201);
  const res = await createMeetingsHandler(async () => app)(postJson('/api/meetings', {
    leadId: (await lead.json()).id, scheduledDate: date, scheduledTime: time, presellerId: PRESELLERS.ana,
    service: 'trafego', diagnosticScore: 75, idempotencyKey: key(),
  }));
  return res;
}

describe('mail', () => {
  it('sends the lead, the consultant and the contact address their messages, with a REQUEST invite', async () => {
    const smtp = await startSmtp(port, inbox);
    try {
      const res = await bookAt('10:00', 'maria.mail@example.com');
      expect(res.status).toBe(201);
      await app.outbox.idle();
      expect(inbox.map((m) => m.to[0]).sort()).toEqual(['ana.souza@consultores.example.com', 'contato@mentor.example.com', 'maria.mail@example.com']);

      const toLead = parseMime(inbox.find((m) => m.to[0] === 'maria.mail@example.com')!.raw);
      expect(toLead.headers.subject).toBe(`Reunião agendada: Tráfego Pago em ${brDate(date)} às 10:00`);
      const text = leaves(toLead).find((p) => /text\/plain/.test(p.headers['content-type']))!.body;
      expect(text).toContain(`${brWeekday(date)}, ${brDate(date)} às 10:00 (horário de Brasília)`);
      expect(text).toContain('Duração: 30 minutos');
      expect(text).toContain('Consultor: Ana Souza');
      expect(text).toContain('Serviço: Tráfego Pago');

      for (const m of inbox.filter((x) => x.to[0] !== 'contato@mentor.example.com')) {
        const calendar = leaves(parseMime(m.raw)).find((p) => /text\/calendar/.test(p.headers['content-type']));
        expect(calendar, m.to[0]).toBeDefined();
        expect(calendar!.headers['content-type']).toMatch(/method=REQUEST/i);
        expect(calendar!.body).toMatch(/^METHOD:REQUEST$/m);
        const events = Object.values(ical.sync.parseICS(calendar!.body)).filter((e) => e?.type === 'VEVENT') as VEvent[];
        expect(events).toHaveLength(1);
        expect(events[0].start.toISOString()).toBe(zonedToUtc(date, '10:00', 'America/Sao_Paulo').toISOString());
        expect(events[0].end!.getTime() - events[0].start.getTime()).toBe(30 * 60_000);
      }
      const notification = parseMime(inbox.find((m) => m.to[0] === 'contato@mentor.example.com')!.raw);
      expect(notification.headers.subject).toBe('Novo lead pelo site: Solar Norte');
    } finally {
      await stopSmtp(smtp);
    }
  });

  it('with SMTP down the booking succeeds, and the messages go out on a later retry', async () => {
    inbox.length = 0;
    const res = await bookAt('11:00', 'joao.mail@example.com');
    expect(res.status).toBe(201);
    await app.outbox.idle();
    const pending = await app.store.db.query<{ attempts: number; last_error: string }>(
      `select attempts, last_error from outbox where sent_at is null`);
    expect(pending.rows).toHaveLength(3);
    for (const row of pending.rows) {
      expect(row.attempts).toBe(1);
      expect(row.last_error).toBeTruthy();
      expect(row.last_error).not.toMatch(/@/); // an error code, not a message quoting addresses
    }
    const { rows } = await app.store.db.query(`select status from meetings where idempotency_key is not null and starts_at = $1`, [zonedToUtc(date, '11:00', 'America/Sao_Paulo')]);
    expect(rows).toEqual([{ status: 'scheduled' }]);

    const smtp = await startSmtp(port, inbox);
    try {
      await app.outbox.kick(); // not due yet: the backoff holds it
      expect(inbox).toHaveLength(0);
      offsetMs = 61_000; // past the first backoff (1 minute)
      await app.outbox.kick();
      expect(inbox.map((m) => m.to[0]).sort()).toEqual(['ana.souza@consultores.example.com', 'contato@mentor.example.com', 'joao.mail@example.com']);
      const left = await app.store.db.query(`select 1 from outbox where sent_at is null`);
      expect(left.rows).toHaveLength(0);
    } finally {
      await stopSmtp(smtp);
    }
  });
});

describe('without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox', async () => {
    const { readdir, readFile } = await import('node:fs/promises');
    const send = createSender({ smtpUrl: null, mailFrom: 'Mentor <a@b.example>', dataDir: app.dataDir });
    await send('00000000-0000-0000-0000-000000000001', {
      to: 'x@example.com', subject: 'Olá', text: 'Corpo', html: '<p>Corpo</p>', replyTo: 'contato@b.example',
      // Not a field the sender passes on: a stored row can never make nodemailer read a local file.
      ...({ attachments: [{ path: '/etc/hostname' }] } as object),
    });
    const files = await readdir(`${app.dataDir}/outbox`);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-00000000-0000-0000-0000-000000000001\.eml$/);
    const mail = parseMime(await readFile(`${app.dataDir}/outbox/${files[0]}`, 'utf8'));
    expect(mail.headers.to).toBe('x@example.com');
    expect(mail.headers.subject).toBe('Olá');
    expect(mail.headers['reply-to']).toBe('contato@b.example');
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(leaves(mail).map((p) => p.headers['content-type'].split(';')[0])).toEqual(['text/plain', 'text/html']);
    expect(leaves(mail).find((p) => p.headers['content-type'].startsWith('text/html'))!.body.trim()).toBe('<p>Corpo</p>');
  });
});
