// Shared pieces of the /reuniao browser tests: the server's .eml outbox and the calendar invites in it.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { leaves, parseMime } from '../integration/mime';
import { POLICY_VERSION, validLead } from '../support/fixtures';

export type Mail = { file: string; to: string; subject: string; text: string; html: string; ics: Ics[] };
/** One calendar object, lines unfolded (RFC 5545 §3.1). */
export type Ics = { method: string; uid: string; sequence: number; status?: string; raw: string };

function parseIcs(raw: string): Ics {
  const text = raw.replace(/\r\n/g, '\n').replace(/\n[ \t]/g, '');
  const prop = (name: string) => new RegExp(`^${name}(?:;[^:\\n]*)?:(.*)$`, 'm').exec(text)?.[1]?.trim();
  return { method: prop('METHOD') ?? '', uid: prop('UID') ?? '', sequence: Number(prop('SEQUENCE') ?? 0), status: prop('STATUS'), raw: text };
}

/** Every message the server has written so far, oldest first. */
export async function outbox(dataDir: string): Promise<Mail[]> {
  const dir = join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const mime = parseMime(await readFile(join(dir, file), 'utf8'));
      const parts = leaves(mime);
      const type = (p: (typeof parts)[number]) => (p.headers['content-type'] ?? '').toLowerCase();
      return {
        file,
        to: mime.headers.to ?? '',
        subject: mime.headers.subject ?? '',
        text: parts.filter((p) => type(p).startsWith('text/plain')).map((p) => p.body).join('\n'),
        html: parts.filter((p) => type(p).startsWith('text/html')).map((p) => p.body).join('\n'),
        ics: parts.filter((p) => type(p).startsWith('text/calendar') || /\.ics"?$/i.test(p.headers['content-disposition'] ?? '')).map((p) => parseIcs(p.body)),
      };
    }),
  );
}

/** Waits until the outbox holds mails matching `match`, at least `count` of them; returns them. */
export async function waitForMails(dataDir: string, match: (mail: Mail) => boolean, count = 1): Promise<Mail[]> {
  let found: Mail[] = [];
  await expect
    .poll(async () => (found = (await outbox(dataDir)).filter(match)).length, { timeout: 20_000, interval: 250 })
    .toBeGreaterThanOrEqual(count);
  return found;
}

const addressed = (mail: Mail, email: string) => mail.to.toLowerCase().includes(email.toLowerCase());
export const to = (email: string) => (mail: Mail) => addressed(mail, email);

/** The manage link (`…/reuniao#t=<token>`) of a mail, moved onto the test server's origin. */
export function manageLink(mail: Mail, serverUrl: string): { url: string; token: string } {
  const match = /https?:\/\/[^\s"'<>]+\/reuniao#t=([A-Za-z0-9_-]+)/.exec(`${mail.text}\n${mail.html}`);
  expect(match, `a /reuniao#t= link in "${mail.subject}"`).not.toBeNull();
  return { url: `${serverUrl}/reuniao#t=${match![1]}`, token: match![1] };
}

/**
 * A day's times through the real API as `time|presellerId` pairs, asking to keep `presellerId` (the
 * list then names that consultant at every time they are free, as for a reschedule).
 */
export async function freeSlots(serverUrl: string, day: string, presellerId: string): Promise<string[]> {
  const body = (await (await fetch(`${serverUrl}/api/availability?date=${day}&keep=${presellerId}`)).json()) as { availableSlots: { time: string; presellerId: string }[] };
  return body.availableSlots.map((s) => `${s.time}|${s.presellerId}`);
}

/** Every request the page sends, to prove a token never leaves in a URL or a header. */
export function recordRequests(page: Page) {
  const seen: { url: string; headers: Record<string, string>; body: string | null }[] = [];
  page.on('request', (r) => seen.push({ url: r.url(), headers: r.headers(), body: r.postData() }));
  return seen;
}

/**
 * A real meeting booked through the real API (lead, first free slot of the first bookable day, booking),
 * and the lead's manage link from the confirmation in the .eml outbox. For tests about /reuniao itself,
 * independent of the wizard's screens.
 */
export async function bookThroughApi(
  serverUrl: string, dataDir: string, email: string, answers: Partial<typeof validLead> = {},
): Promise<{ url: string; token: string; day: string; time: string; meetingId: string }> {
  const post = (path: string, body: unknown) => fetch(`${serverUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const lead = await post('/api/leads', { ...validLead, ...answers, email, idempotencyKey: `k-${crypto.randomUUID()}`, privacyPolicyVersion: POLICY_VERSION });
  expect(lead.status).toBe(201);
  const { id: leadId } = (await lead.json()) as { id: string };
  for (let ahead = 1; ahead <= 30; ahead++) {
    const day = new Date(Date.now() + ahead * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const slots = (await (await fetch(`${serverUrl}/api/availability?date=${day}`)).json()) as { availableSlots: { time: string; presellerId: string }[] };
    const slot = slots.availableSlots[0];
    if (!slot) continue;
    const booked = await post('/api/meetings', {
      leadId, scheduledDate: day, scheduledTime: slot.time, presellerId: slot.presellerId, service: 'consultoria', diagnosticScore: 50, idempotencyKey: `k-${crypto.randomUUID()}`,
    });
    expect(booked.status).toBe(201);
    const { meeting } = (await booked.json()) as { meeting: { id: string } };
    const [confirmation] = await waitForMails(dataDir, (m) => to(email)(m) && /\/reuniao#t=/.test(m.text + m.html));
    return { ...manageLink(confirmation, serverUrl), day, time: slot.time, meetingId: meeting.id };
  }
  throw new Error('no bookable day in the next 30 days');
}
