// Consultants' own calendars and working hours, through the real availability and booking handlers on
// PGlite, with the feed served by a real HTTP server on loopback.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schedulingConfig } from '../../src/domain/scheduling/config';
import { createAvailabilityHandler } from '../../functions/lib/handlers/availability';
import { createLeadsHandler } from '../../functions/lib/handlers/leads';
import { createMeetingsHandler } from '../../functions/lib/handlers/meetings';
import { holidayChecker } from '../../src/domain/scheduling/holidays';
import { parseHours } from '../../src/domain/scheduling/hours';
import { freePresellers } from '../../src/domain/scheduling/slots';
import { addDays, weekdayOf, zonedParts, zonedToUtc } from '../../src/domain/scheduling/time';
import { futureWorkday, get, key, openTestApp, postJson, validRequest, type TestApp } from './helpers';

const TZ = schedulingConfig.timeZone;
const isHoliday = holidayChecker(schedulingConfig.holidays);
const workday = (d: string) => (schedulingConfig.weekdays as readonly number[]).includes(weekdayOf(d)) && !isHoliday(d);

// D, D+1, D+7 and D+14 all bookable weekdays: the recurring event's normal, excluded and moved weeks.
const D = (() => {
  for (let n = 0; ; n++) {
    const d = futureWorkday(3, n);
    if ([1, 7, 14].every((k) => workday(addDays(d, k)))) return d;
  }
})();
const NEXT_DAY = addDays(D, 1);
const SATURDAY = (() => {
  let d = addDays(D, 1);
  while (weekdayOf(d) !== 6 || isHoliday(d)) d = addDays(d, 1);
  return d;
})();
const compact = (date: string, time: string) => `${date.replaceAll('-', '')}T${time.replace(':', '')}00`;
const utc = (date: string, time: string, tz = TZ) => zonedToUtc(date, time, tz).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
// A Lisbon event at 15:00 Lisbon time, whatever São Paulo shows for it (11:00 or 12:00 by the season).
const LISBON_SP = zonedParts(zonedToUtc(D, '15:00', 'Europe/Lisbon'), TZ).time;

const FEED = [
  'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//feed//EN',
  // Weekly 10:00–11:00 from D, except D+7 (EXDATE); D+14 moved to 15:00 (RECURRENCE-ID).
  'BEGIN:VEVENT', 'UID:weekly@test', 'DTSTAMP:20260101T000000Z',
  `DTSTART;TZID=America/Sao_Paulo:${compact(D, '10:00')}`, `DTEND;TZID=America/Sao_Paulo:${compact(D, '11:00')}`,
  'RRULE:FREQ=WEEKLY;COUNT=4', `EXDATE;TZID=America/Sao_Paulo:${compact(addDays(D, 7), '10:00')}`,
  'SUMMARY:Reunião semanal secreta', 'END:VEVENT',
  'BEGIN:VEVENT', 'UID:weekly@test', 'DTSTAMP:20260101T000000Z',
  `RECURRENCE-ID;TZID=America/Sao_Paulo:${compact(addDays(D, 14), '10:00')}`,
  `DTSTART;TZID=America/Sao_Paulo:${compact(addDays(D, 14), '15:00')}`, `DTEND;TZID=America/Sao_Paulo:${compact(addDays(D, 14), '16:00')}`,
  'SUMMARY:Reunião semanal (movida)', 'END:VEVENT',
  // All day on D+1.
  'BEGIN:VEVENT', 'UID:allday@test', 'DTSTAMP:20260101T000000Z',
  `DTSTART;VALUE=DATE:${NEXT_DAY.replaceAll('-', '')}`, `DTEND;VALUE=DATE:${addDays(NEXT_DAY, 1).replaceAll('-', '')}`,
  'SUMMARY:Férias', 'END:VEVENT',
  // Transparent ("free") at 14:00: does not block.
  'BEGIN:VEVENT', 'UID:free@test', 'DTSTAMP:20260101T000000Z',
  `DTSTART;TZID=America/Sao_Paulo:${compact(D, '14:00')}`, `DTEND;TZID=America/Sao_Paulo:${compact(D, '15:00')}`,
  'TRANSP:TRANSPARENT', 'SUMMARY:Lembrete', 'END:VEVENT',
  // In UTC: 16:00–16:30 São Paulo.
  'BEGIN:VEVENT', 'UID:utc@test', 'DTSTAMP:20260101T000000Z',
  `DTSTART:${utc(D, '16:00')}`, `DTEND:${utc(D, '16:30')}`, 'SUMMARY:UTC', 'END:VEVENT',
  // Europe/Lisbon 15:00–15:30.
  'BEGIN:VEVENT', 'UID:lisbon@test', 'DTSTAMP:20260101T000000Z',
  `DTSTART;TZID=Europe/Lisbon:${compact(D, '15:00')}`, `DTEND;TZID=Europe/Lisbon:${compact(D, '15:30')}`,
  'SUMMARY:Lisboa', 'END:VEVENT',
  // Cancelled at 17:00: does not block.
  'BEGIN:VEVENT', 'UID:cancelled@test', 'DTSTAMP:20260101T000000Z',
  `DTSTART;TZID=America/Sao_Paulo:${compact(D, '17:00')}`, `DTEND;TZID=America/Sao_Paulo:${compact(D, '17:30')}`,
  'STATUS:CANCELLED', 'SUMMARY:Cancelada', 'END:VEVENT',
  'END:VCALENDAR', '',
].join('\r\n');

let app: TestApp;
let server: Server;
let feedUrl: string;
let serving: 'feed' | 'down' = 'feed';
let requests = 0;
let availability: ReturnType<typeof createAvailabilityHandler>;
let meetings: ReturnType<typeof createMeetingsHandler>;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    if (serving === 'down') return res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(FEED);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret-feed-token/basic.ics`;
  app = await openTestApp();
  availability = createAvailabilityHandler(async () => app);
  meetings = createMeetingsHandler(async () => app);
  await app.store.consultants({ action: 'feed', email: 'ana.souza@consultores.example.com', url: feedUrl });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => server.close(resolve));
});

const ANA = '0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0001';
/**
 * Who is free at a time (first names, sorted), read through the same busy list availability routes on.
 * Availability lists each time once with one of them (the router's choice), and the time only if any.
 */
async function namesAt(date: string, time: string): Promise<string[]> {
  const { availableSlots } = await (await availability(get(`/api/availability?date=${date}`))).json();
  const listed = availableSlots.filter((s: { time: string }) => s.time === time).map((s: { presellerName: string }) => s.presellerName);
  const startsAt = zonedToUtc(date, time, 'America/Sao_Paulo');
  const slot = { time, startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) };
  const free = freePresellers(slot, await app.store.listActivePresellers(), await app.store.listBusy(slot.startsAt, slot.endsAt))
    .map((p) => p.name.split(' ')[0]).sort();
  expect(listed.length).toBe(free.length > 0 ? 1 : 0);
  if (listed.length) expect(free).toContain(listed[0]);
  return free;
}
/** Books `time` asking for Ana; returns who got it (Ana only when her calendar and hours allow). */
/** A new lead per booking: one person holds one upcoming meeting at a time. */
async function freshLead(): Promise<string> {
  const res = await createLeadsHandler(async () => app)(postJson('/api/leads', { ...validRequest, email: `cal-${crypto.randomUUID()}@example.com`, idempotencyKey: key() }));
  return (await res.json()).id;
}
async function bookAskingAna(date: string, time: string): Promise<string> {
  const res = await meetings(postJson('/api/meetings', {
    leadId: await freshLead(), scheduledDate: date, scheduledTime: time, presellerId: ANA, service: 'consultoria', diagnosticScore: 50, idempotencyKey: key(),
  }));
  expect(res.status, `${date} ${time}`).toBe(201);
  return (await res.json()).preseller.name;
}

describe('calendar feed busy blocks', () => {
  it('fetches a feed never fetched on the first answer, and blocks each kind of event right', async () => {
    expect(requests).toBe(0);
    // The first answer asks for the feed and waits for it at most FEED_TIMEOUT_MS (2 s): on a loaded machine
    // the download and the parse can take longer, and that answer then goes out without the feed, as it
    // should. What is asserted is that it asked; the blocks are read once that sync has saved them.
    await availability(get(`/api/availability?date=${D}`));
    await app.store.calendars.idle();
    expect(requests).toBe(1);
    expect(await namesAt(D, '10:00')).toEqual(['Bruno', 'Carla']); // weekly occurrence
    expect(requests).toBe(1);
    expect(await namesAt(D, '10:30')).toEqual(['Bruno', 'Carla']);
    expect(await namesAt(D, '11:00')).toEqual(['Ana', 'Bruno', 'Carla']);
    expect(await namesAt(addDays(D, 7), '10:00')).toEqual(['Ana', 'Bruno', 'Carla']); // EXDATE
    expect(await namesAt(addDays(D, 14), '10:00')).toEqual(['Ana', 'Bruno', 'Carla']); // moved away…
    expect(await namesAt(addDays(D, 14), '15:00')).toEqual(['Bruno', 'Carla']); // …to 15:00
    expect(await namesAt(addDays(D, 21), '10:00')).not.toContain('Ana'); // the rule goes on
    for (const t of ['09:00', '13:00', '17:30']) expect(await namesAt(NEXT_DAY, t)).toEqual(['Bruno', 'Carla']); // all day
    let after = addDays(NEXT_DAY, 1);
    while (!workday(after)) after = addDays(after, 1);
    expect(await namesAt(after, '09:00')).toContain('Ana'); // only that local day
    expect(await namesAt(D, '17:30')).toContain('Ana');
    expect(await namesAt(D, '14:00')).toEqual(['Ana', 'Bruno', 'Carla']); // transparent
    expect(await namesAt(D, '16:00')).toEqual(['Bruno', 'Carla']); // UTC
    expect(await namesAt(D, '16:30')).toEqual(['Ana', 'Bruno', 'Carla']);
    expect(await namesAt(D, LISBON_SP)).toEqual(['Bruno', 'Carla']); // Europe/Lisbon
    expect(await namesAt(D, '17:00')).toEqual(['Ana', 'Bruno', 'Carla']); // cancelled
    expect(requests).toBe(1); // fresh for 15 minutes
  });

  it('stores start and end only', async () => {
    const { rows } = await app.store.db.query<Record<string, unknown>>('select * from calendar_busy');
    expect(rows.length).toBeGreaterThan(0);
    expect(Object.keys(rows[0]).sort()).toEqual(['ends_at', 'preseller_id', 'starts_at']);
  });

  it('booking re-checks the calendar: a busy Ana is never assigned, a free one is', async () => {
    expect(await bookAskingAna(D, '10:00')).not.toBe('Ana Souza');
    expect(await bookAskingAna(NEXT_DAY, '09:00')).not.toBe('Ana Souza');
    expect(await bookAskingAna(D, '16:00')).not.toBe('Ana Souza');
    expect(await bookAskingAna(D, LISBON_SP)).not.toBe('Ana Souza');
    expect(await bookAskingAna(addDays(D, 14), '15:00')).not.toBe('Ana Souza');
    expect(await bookAskingAna(addDays(D, 7), '10:00')).toBe('Ana Souza');
    expect(await bookAskingAna(addDays(D, 14), '10:00')).toBe('Ana Souza');
    expect(await bookAskingAna(D, '14:00')).toBe('Ana Souza');
    expect(await bookAskingAna(D, '17:00')).toBe('Ana Souza');
  });

  it('keeps the last blocks when the feed fails, records a code and never logs the URL', async () => {
    // A read before this one may have stopped waiting with Ana's sync still going (a parse runs in a worker):
    // joined, it would make no request of its own.
    await app.store.calendars.idle();
    serving = 'down';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const before = requests;
    await app.store.calendars.refreshDue(0);
    expect(requests).toBe(before + 1);
    const logged = warn.mock.calls.flat().join('\n');
    warn.mockRestore();
    expect(logged).toContain('calendar_http_503');
    expect(logged).not.toContain('secret-feed-token');
    expect(logged).not.toContain('127.0.0.1');
    expect(await namesAt(D, '10:30')).toEqual(['Bruno', 'Carla']);
    const { consultants } = await app.store.consultants({ action: 'list' });
    const ana = consultants?.find((c) => c.name === 'Ana Souza');
    expect(ana?.feed).toMatchObject({ status: 'error', error_code: 'calendar_http_503' });
    expect(ana?.feed?.synced_at).toBeTruthy();
    expect(JSON.stringify(consultants)).not.toContain('secret-feed-token');
    serving = 'feed';
  });

  it('a feed that never answers costs at most the 2-second timeout', async () => {
    let abandoned = 0; // requests the server saw closed by the client, never answered
    const hanging = createServer((req) => void req.socket.on('close', () => abandoned++)); // accepts, never answers
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    try {
      await app.store.consultants({ action: 'feed', email: 'carla.mendes@consultores.example.com', url: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/x.ics` });
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const started = Date.now();
      expect(await namesAt(addDays(D, 7), '11:00')).toEqual(['Ana', 'Bruno', 'Carla']);
      const took = Date.now() - started;
      warn.mockRestore();
      // It waited for the feed: a lower bound, which a loaded machine can only lengthen.
      expect(took).toBeGreaterThanOrEqual(1_900);
      // And no longer than the timeout, checked by what bounds the wait rather than by the clock (an upper
      // bound on wall time fails on a loaded machine): the one download was armed with a timeout of at most
      // 2 s, and that timeout is what ended it (the request abandoned, the feed failed as a timeout).
      expect(timeouts.mock.calls.length).toBeGreaterThan(0);
      expect(Math.max(...timeouts.mock.calls.map(([ms]) => ms))).toBeLessThanOrEqual(2_000);
      await vi.waitFor(() => expect(abandoned).toBe(1), { timeout: 10_000, interval: 20 });
      await vi.waitFor(async () => {
        const { consultants } = await app.store.consultants({ action: 'list' });
        expect(consultants?.find((c) => c.name === 'Carla Mendes')?.feed).toMatchObject({ status: 'error', error_code: 'calendar_timeout' });
      }, { timeout: 10_000, interval: 50 });
    } finally {
      timeouts.mockRestore();
      await app.store.consultants({ action: 'feed', email: 'carla.mendes@consultores.example.com', url: null });
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});

describe('working hours', () => {
  it('honours a lunch break and a Saturday morning in availability and booking', async () => {
    await app.store.consultants({ action: 'hours', email: 'bruno.almeida@consultores.example.com', hours: parseHours('seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00') });
    const day = addDays(D, 7);
    expect(await namesAt(day, '11:30')).toContain('Bruno');
    expect(await namesAt(day, '12:00')).not.toContain('Bruno');
    expect(await namesAt(day, '12:30')).not.toContain('Bruno');
    expect(await namesAt(day, '13:00')).toContain('Bruno');
    // Only Bruno works on Saturdays, 09:00 to 12:00.
    const { availableSlots } = await (await availability(get(`/api/availability?date=${SATURDAY}`))).json();
    expect(new Set(availableSlots.map((s: { presellerName: string }) => s.presellerName))).toEqual(new Set(['Bruno']));
    expect(availableSlots.map((s: { time: string }) => s.time)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    const { days } = await (await availability(get(`/api/availability?month=${SATURDAY.slice(0, 7)}`))).json();
    expect(days).toContain(SATURDAY);
    // A Saturday morning is bookable too (the booking checks the same weekly hours), and only with Bruno.
    const saturday = await meetings(postJson('/api/meetings', {
      leadId: await freshLead(), scheduledDate: SATURDAY, scheduledTime: '10:00', service: 'consultoria', diagnosticScore: 10, idempotencyKey: key(),
    }));
    expect(saturday.status).toBe(201);
    expect((await saturday.json()).preseller.name).toBe('Bruno Almeida');
    // Booking Bruno at lunch gives someone else.
    const res = await meetings(postJson('/api/meetings', {
      leadId: await freshLead(), scheduledDate: day, scheduledTime: '12:00', presellerId: '0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0002',
      service: 'trafego', diagnosticScore: 10, idempotencyKey: key(),
    }));
    expect(res.status).toBe(201);
    expect((await res.json()).preseller.name).not.toBe('Bruno Almeida');
  });

  it('time off blocks its whole span', async () => {
    const day = addDays(D, 7);
    await app.store.consultants({
      action: 'off', email: 'carla.mendes@consultores.example.com', reason: 'médico',
      from: zonedToUtc(day, '16:00', TZ).toISOString(), to: zonedToUtc(day, '17:00', TZ).toISOString(),
    });
    expect(await namesAt(day, '15:30')).toContain('Carla');
    expect(await namesAt(day, '16:00')).not.toContain('Carla');
    expect(await namesAt(day, '16:30')).not.toContain('Carla');
    expect(await namesAt(day, '17:00')).toContain('Carla');
  });
});
