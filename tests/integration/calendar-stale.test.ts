// Issue 33, item 4: a connected calendar that stops being read. Rule (README "Agendas que param de ser
// lidas"): 1 h without a successful read → the mentor and the consultant get one mail (then at most one a
// day); 24 h without one → the consultant is not offered at any time until the calendar is read again.
// On a fake clock, with the feed served by a real HTTP server on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePresellers } from '../../src/domain/scheduling/slots';
import { zonedToUtc } from '../../src/domain/scheduling/time';
import { futureWorkday, openTestApp, type TestApp } from './helpers';

const ANA = 'ana.souza@consultores.example.com';
const HOUR = 3_600_000;
const FEED = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//empty//EN', 'END:VCALENDAR', ''].join('\r\n');

let app: TestApp;
let server: Server;
let serving: 'feed' | 'down' = 'feed';
const t0 = Date.now();
let at = t0;

beforeAll(async () => {
  server = createServer((_req, res) => (serving === 'down' ? res.writeHead(503).end() : res.writeHead(200, { 'content-type': 'text/calendar' }).end(FEED)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  app = await openTestApp({ now: () => new Date(at) });
  await app.store.consultants({ action: 'feed', email: ANA, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret-token/ana.ics` });
  await app.store.calendars.refreshDue(0);
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => server.close(resolve));
});

/** Is Ana free (offered) at 10:00 of a bookable day a week ahead? Through the busy list availability reads. */
async function anaOffered(): Promise<boolean> {
  const startsAt = zonedToUtc(futureWorkday(7), '10:00', 'America/Sao_Paulo');
  const slot = { time: '10:00', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) };
  const free = freePresellers(slot, await app.store.listActivePresellers(), await app.store.listBusy(slot.startsAt, slot.endsAt));
  return free.some((p) => p.name === 'Ana Souza');
}
async function alerts(): Promise<{ to: string; subject: string; text: string }[]> {
  const { rows } = await app.store.db.query<{ message: { to: string; subject: string; text: string } }>(`select message from outbox where kind = 'calendar-alert' order by created_at, id`);
  return rows.map((r) => r.message);
}
/** The clock moves on and the scheduled sync runs (its read fails while the feed is down). */
async function later(hours: number) {
  at += hours * HOUR;
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  await app.store.calendars.refreshDue(0);
  warn.mockRestore();
}

describe('a calendar that stops being read', () => {
  it('mails the mentor and the consultant once, stops offering the consultant after 24 h, and offers again once read', async () => {
    expect(await anaOffered()).toBe(true);
    serving = 'down';
    await later(0.5);
    expect(await alerts()).toEqual([]); // 30 min: a blip, nobody told
    expect(await anaOffered()).toBe(true);
    await later(1);
    const first = await alerts();
    expect(first.map((m) => m.to).sort()).toEqual([app.env.contactEmail, ANA].sort());
    expect(first[0].subject).toBe('A agenda de Ana Souza não está sendo lida');
    expect(first[0].text).toContain('o servidor da agenda respondeu com erro');
    expect(JSON.stringify(first)).not.toMatch(/secret-token|127\.0\.0\.1|calendar_http/);
    expect(await anaOffered()).toBe(true); // 1.5 h: still offered

    for (let h = 0; h < 23; h++) await later(1); // every hour until 24.5 h without a read
    expect(await alerts()).toHaveLength(2); // told once, not once per failed read
    expect(await anaOffered()).toBe(false);
    const team = await app.store.consultants({ action: 'list', now: new Date(at).toISOString() });
    expect(team.consultants?.find((c) => c.email === ANA)?.feed).toMatchObject({ status: 'error', error_code: 'calendar_http_503' });

    await later(1.5); // a day after the first mail: one more
    expect(await alerts()).toHaveLength(4);
    await later(1);
    expect(await alerts()).toHaveLength(4);

    serving = 'feed';
    await later(0.2);
    expect(await anaOffered()).toBe(true);
  }, 120_000);
});
