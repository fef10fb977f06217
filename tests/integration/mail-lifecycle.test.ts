// Every e-mail of a book → reschedule → cancel run, as a real SMTP server on loopback receives it, and
// the same for a consultant with a video room: multipart with HTML, Reply-To, the reader's own manage
// link (it opens the meeting as that reader), one origin for every link, one domain for every address
// the site shows, invites with the consultant as ORGANIZER and a LOCATION, the lead's qualifying answers.
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createManageHandler } from '../../functions/lib/handlers/manage';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { futureWorkday, key, openTestApp, postJson, PRESELLERS, validRequest, type TestApp } from './helpers';
import { leaves, parseMime, type MimePart } from './mime';
import { startSmtp, stopSmtp, type Received } from './smtp';
import { freePort } from '../support/site-process.mjs';

const SITE = 'https://www.mentorsolar.example';
const DOMAIN = 'mentorsolar.example';
const CONTACT = `contato@${DOMAIN}`;
const ROOM = 'https://meet.example.com/abc-defg-hij';
const ANA = 'ana.souza@consultores.example.com';
const BRUNO = 'bruno.almeida@consultores.example.com';
/** Every qualifying answer of the lead below, with its pt-BR label. */
const ANSWERS = ['Cargo: CEO / Proprietário', 'Faturamento mensal: R$ 100 mil - R$ 500 mil', 'Número de vendedores: 3 a 5',
  'Segmento: Outro: Agro & <Pecuária>', 'Modelo de negócio: B2B'];

let app: TestApp;
let port: number;
const inbox: Received[] = [];
let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  port = await freePort();
  smtp = await startSmtp(port, inbox);
  app = await openTestApp({
    send: 'real',
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: `Mentor Solar <nao-responda@${DOMAIN}>`, CONTACT_EMAIL: CONTACT, SITE_URL: SITE },
  });
});
afterAll(async () => {
  await app.close();
  await stopSmtp(smtp);
});

type Mail = { to: string; subject: string; headers: Record<string, string>; mime: MimePart; text: string; html: string; calendar: string | null };

function read(raw: string): Mail {
  const mime = parseMime(raw);
  const parts = leaves(mime);
  const body = (type: RegExp) => parts.filter((p) => type.test(p.headers['content-type'] ?? '')).map((p) => p.body).join('\n');
  return {
    to: mime.headers.to, subject: mime.headers.subject, headers: mime.headers, mime, text: body(/^text\/plain/i), html: body(/^text\/html/i),
    calendar: body(/^text\/calendar/i) || null,
  };
}

/** Sends what the outbox holds and returns the messages received since the last call. */
let seen = 0;
async function delivered(): Promise<Mail[]> {
  await app.outbox.kick();
  await app.outbox.idle();
  const fresh = inbox.slice(seen).map((m) => read(m.raw));
  seen = inbox.length;
  return fresh;
}

const manage = (body: Record<string, unknown>) => createManageHandler(async () => app)(postJson('/api/manage', body));

/** Every link of the message: URLs in the text part and every href of the HTML part. */
function links(mail: Mail): string[] {
  const inText = mail.text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
  const inHtml = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
  return [...inText, ...inHtml];
}

/** The reader's manage token: the same one in both parts. */
function manageToken(mail: Mail): string {
  const inText = /\/reuniao#t=([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/.exec(mail.text)?.[1];
  const inHtml = /href="[^"]*\/reuniao#t=([A-Za-z0-9_-]{43})"/.exec(mail.html)?.[1];
  expect(inText, `manage link in the text of "${mail.subject}"`).toBeTruthy();
  expect(inHtml, `manage link in the HTML of "${mail.subject}"`).toBe(inText);
  return inText!;
}

function invite(mail: Mail): { method: string; event: VEvent } {
  expect(mail.calendar, `invite in "${mail.subject}"`).toBeTruthy();
  const parsed = ical.sync.parseICS(mail.calendar!);
  const events = Object.values(parsed).filter((e) => e?.type === 'VEVENT') as VEvent[];
  expect(events).toHaveLength(1);
  return { method: /^METHOD:(.+)$/m.exec(mail.calendar!.replace(/\r\n/g, '\n'))![1].trim(), event: events[0] };
}

const mailto = (v: unknown) => String((v as { val?: string })?.val ?? v).replace(/^mailto:/i, '').toLowerCase();

/** What every message of the run must be, whoever reads it. */
function checkEveryMail(mail: Mail, room: string | null) {
  expect(mail.headers['content-type'], mail.subject).toMatch(/^multipart\//i);
  expect(mail.text.trim().length, mail.subject).toBeGreaterThan(0);
  expect(mail.html, mail.subject).toMatch(/^<!doctype html>/i);
  // Inline styles only, nothing remote: no <img>, <link>, <style>, <script>, no src= at all.
  expect(mail.html, mail.subject).not.toMatch(/<(img|link|style|script)\b|\ssrc=/i);
  expect(mail.headers.from, mail.subject).toMatch(new RegExp(`<nao-responda@${DOMAIN.replace('.', '\\.')}>$`));
  expect(mail.headers['reply-to'], mail.subject).toBeTruthy();
  // One origin: every link is SITE_URL's, except the consultant's own video room.
  for (const link of links(mail)) {
    if (room && link === room) continue;
    expect(new URL(link).origin, `${link} in "${mail.subject}"`).toBe(SITE);
  }
}

function checkLeadMail(mail: Mail, leadEmail: string) {
  expect(mail.headers['reply-to'], mail.subject).toBe(CONTACT);
  // Addresses the site shows the lead are on MAIL_FROM's domain (the lead's own aside).
  for (const address of `${mail.text}\n${mail.html}`.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []) {
    if (address.toLowerCase() !== leadEmail) expect(address.endsWith(`@${DOMAIN}`), `${address} in "${mail.subject}"`).toBe(true);
  }
}

function checkConsultantMail(mail: Mail, consultantName: string, leadEmail: string) {
  expect(mail.headers['reply-to'], mail.subject).toBe(leadEmail);
  for (const answer of ANSWERS) {
    expect(mail.text, `${answer} in "${mail.subject}"`).toContain(answer);
    const [label, value] = answer.split(': ');
    expect(mail.html).toContain(label);
    expect(mail.html).toContain(value.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;'));
  }
  expect(mail.text).not.toContain(`Consultor: ${consultantName}`);
}

async function book(email: string, presellerId: string, date: string, time: string) {
  const lead = await createLeadsHandler(async () => app)(postJson('/api/leads', {
    ...validRequest, email, segmento: 'outro', outroSegmento: 'Agro & <Pecuária>', idempotencyKey: key(),
  }));
  expect(lead.status).toBe(201);
  const res = await createMeetingsHandler(async () => app)(postJson('/api/meetings', {
    leadId: (await lead.json()).id, scheduledDate: date, scheduledTime: time, presellerId, service: 'consultoria',
    diagnosticScore: 80, idempotencyKey: key(), timeZone: 'Europe/Lisbon',
  }));
  expect(res.status).toBe(201);
  return (await res.json()).meeting.id as string;
}

/** Opens the link as its reader would: the meeting, seen as `actor`. */
async function opensAs(token: string, id: string, actor: 'lead' | 'consultant', status: 'scheduled' | 'cancelled') {
  const res = await manage({ action: 'view', token });
  expect(res.status).toBe(200);
  expect((await res.json()).meeting).toMatchObject({ id, actor, status });
}

describe('mail of a booking’s life', () => {
  it('book → reschedule → cancel with a consultant who calls: every message is one people can act on', async () => {
    const lead = 'lisboa.run@example.com';
    const date = futureWorkday(4);
    await delivered();
    const id = await book(lead, PRESELLERS.ana, date, '10:00');

    const booked = await delivered();
    expect(booked.map((m) => m.to).sort()).toEqual([ANA, CONTACT, lead]);
    const notice = booked.find((m) => m.to === CONTACT)!;
    checkEveryMail(notice, null);
    expect(notice.headers['reply-to']).toBe(lead);
    for (const answer of ANSWERS) expect(notice.text).toContain(answer);

    /** The meeting messages of one step, each checked while the meeting is in that step's state. */
    async function checkStep(mails: Mail[], status: 'scheduled' | 'cancelled') {
      for (const mail of mails.filter((m) => m.to !== CONTACT)) {
        checkEveryMail(mail, null);
        const actor = mail.to === lead ? 'lead' : 'consultant';
        if (actor === 'lead') checkLeadMail(mail, lead);
        else checkConsultantMail(mail, 'Ana Souza', lead);
        // The reader's own link: it opens the meeting as that reader (cancelled after the cancellation).
        await opensAs(manageToken(mail), id, actor, status);

        const { method, event } = invite(mail);
        expect(method).toBe(status === 'cancelled' ? 'CANCEL' : 'REQUEST');
        expect(mailto(event.organizer)).toBe(ANA);
        expect(String(event.location)).toMatch(/^Ligação telefônica: Ana Souza liga para .*\(43\) 99999-8888$/);
        // The lead's own clock and zone name (Lisbon), stored at booking from the browser's zone.
        expect(mail.text).toMatch(/(No seu fuso|No fuso do lead): \S+-feira, \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} \(.+, Europe\/Lisbon\)/);
        if (actor === 'consultant') for (const answer of ANSWERS) expect(String(event.description)).toContain(answer);
        else expect(String(event.description)).toContain('Ana Souza');
      }
    }
    await checkStep(booked, 'scheduled');

    const toLead = booked.find((m) => m.to === lead)!;
    const toAna = booked.find((m) => m.to === ANA)!;
    const moved = await manage({ action: 'reschedule', token: manageToken(toLead), scheduledDate: date, scheduledTime: '14:00', idempotencyKey: key() });
    expect(moved.status).toBe(200);
    const rescheduled = await delivered();
    expect(rescheduled.map((m) => m.to).sort()).toEqual([ANA, lead]);
    await checkStep(rescheduled, 'scheduled');

    const cancelLink = manageToken(rescheduled.find((m) => m.to === lead)!);
    expect((await manage({ action: 'cancel', token: cancelLink })).status).toBe(200);
    const cancelled = await delivered();
    expect(cancelled.map((m) => m.to).sort()).toEqual([ANA, lead]);
    await checkStep(cancelled, 'cancelled');

    expect(toAna.text).toContain('Uma nova reunião foi agendada pelo site.');
    // The lead who cancelled is offered to book again, on the same origin.
    expect(cancelled.find((m) => m.to === lead)!.html).toContain(`href="${SITE}/orcamento"`);
  });

  it('with a video room: LOCATION and URL are the room, and the mails have an "Entrar na videochamada" button', async () => {
    await app.store.consultants({ action: 'room', email: BRUNO, url: ROOM });
    const lead = 'video.run@example.com';
    await delivered();
    const id = await book(lead, PRESELLERS.bruno, futureWorkday(5), '11:00');
    const booked = (await delivered()).filter((m) => m.to !== CONTACT);
    expect(booked.map((m) => m.to).sort()).toEqual([BRUNO, lead]);
    for (const mail of booked) {
      checkEveryMail(mail, ROOM);
      await opensAs(manageToken(mail), id, mail.to === lead ? 'lead' : 'consultant', 'scheduled');
      expect(mail.html).toContain(`<a href="${ROOM}"`);
      expect(mail.html).toMatch(/>Entrar na videochamada<\/a>/);
      expect(mail.text).toContain(`Entrar na videochamada: ${ROOM}`);
      const { event } = invite(mail);
      expect(mailto(event.organizer)).toBe(BRUNO);
      expect(event.location).toBe(ROOM);
      expect(String(event.url)).toBe(ROOM);
    }
  });
});
