// POST /api/meetings' 201/200 body (issue 22): where the meeting happens, the lead's manage link for the
// browser that booked, the event as a METHOD:PUBLISH .ics; the visitor's time zone stored or dropped,
// never refused; and availability tells each slot's kind of meeting, never a room's address.
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAvailabilityHandler } from '../../functions/lib/handlers/availability';
import { zonedToUtc } from '../../src/domain/scheduling/time';
import { futureWorkday, get, key, openTestApp, PRESELLERS, type TestApp } from './helpers';
import { inviteOf, lifecycle } from './lifecycle-helpers';

let app: TestApp;
const t = lifecycle(() => app);
const SITE = 'https://site.example';
const ROOM = 'https://meet.example.com/bruno-sala?pwd=abc';
const date = futureWorkday(6);

beforeAll(async () => {
  app = await openTestApp({ env: { SITE_URL: SITE, CONTACT_EMAIL: 'contato@mentor.example.com' } });
});
afterAll(() => app.close());

type Booked = {
  success: true; preseller: { name: string }; manageUrl: string | null; ics: string;
  meeting: { id: string; startsAt: string; minutes: number; service: string; location: { kind: string; url?: string } };
};

function eventOf(ics: string): { method: string; event: VEvent } {
  const events = Object.values(ical.sync.parseICS(ics)).filter((e) => e?.type === 'VEVENT') as VEvent[];
  expect(events).toHaveLength(1);
  return { method: /^METHOD:(.+)$/m.exec(ics)?.[1].trim() ?? '', event: events[0] };
}

async function zoneOf(meetingId: string): Promise<string | null> {
  const { rows } = await app.store.db.query<{ lead_time_zone: string | null }>('select lead_time_zone from meetings where id = $1', [meetingId]);
  return rows[0].lead_time_zone;
}

describe('POST /api/meetings answer', () => {
  it('201: phone call by default, the manage link that opens this meeting, and a PUBLISH .ics of the same event as the invites', async () => {
    const idempotencyKey = key();
    const body = { leadId: await t.newLead('resposta@example.com'), scheduledDate: date, scheduledTime: '09:00', presellerId: PRESELLERS.ana, idempotencyKey };
    const res = await t.book(body);
    expect(res.status).toBe(201);
    const booked = (await res.json()) as Booked;
    const startsAt = zonedToUtc(date, '09:00', 'America/Sao_Paulo');
    expect(booked).toEqual({
      success: true, preseller: { name: 'Ana Souza' },
      meeting: { id: expect.any(String), startsAt: startsAt.toISOString(), minutes: 30, service: 'consultoria', location: { kind: 'phone' } },
      manageUrl: expect.stringMatching(/^https:\/\/site\.example\/reuniao#t=[A-Za-z0-9_-]{43}$/),
      ics: expect.any(String),
    });

    // The link is the lead's: it opens this meeting on /reuniao (POST /api/manage view).
    const token = booked.manageUrl!.split('#t=')[1];
    const view = await t.call({ action: 'view', token });
    expect(view.status).toBe(200);
    expect((await view.json()).meeting).toMatchObject({ id: booked.meeting.id, actor: 'lead', location: { kind: 'phone' }, canChange: true });

    const { method, event } = eventOf(booked.ics);
    expect(method).toBe('PUBLISH');
    expect(event.start.toISOString()).toBe(startsAt.toISOString());
    expect(event.end?.toISOString()).toBe(new Date(startsAt.getTime() + 30 * 60_000).toISOString());
    // Same UID as the invites: a calendar holding both keeps one event.
    const invite = (await t.mailsFor(booked.meeting.id)).find((m) => m.kind === 'meeting-lead')!;
    expect(event.uid).toBe(inviteOf(invite.message).event.uid);

    // A retry of the same request: 200, the meeting as stored, no manage link (only its hash is kept).
    const replay = await t.book(body);
    expect(replay.status).toBe(200);
    const again = (await replay.json()) as Booked;
    expect(again).toEqual({ ...booked, manageUrl: null, ics: expect.any(String) });
    expect(eventOf(again.ics).event.uid).toBe(event.uid);

    // LOCATION (the phone call) comes with the mail helper's meetingIcs (issue 22 item 2): this line
    // fails until that work is merged.
    expect(event.location).toBeTruthy();
  });

  it('a consultant with a room: video with its URL for the booker, and only the kind in availability', async () => {
    expect(await app.store.consultants({ action: 'room', email: 'bruno.almeida@consultores.example.com', url: ROOM })).toEqual({ status: 'ok' });
    try {
      const res = await createAvailabilityHandler(async () => app)(get(`/api/availability?date=${date}`));
      const text = await res.text();
      expect(text).not.toContain('meet.example.com');
      const slots = (JSON.parse(text) as { availableSlots: { time: string; presellerId: string; location: string }[] }).availableSlots;
      // Each time shows the kind of meeting of the consultant the router picked for it.
      expect(slots.length).toBeGreaterThan(0);
      for (const s of slots) expect(s.location).toBe(s.presellerId === PRESELLERS.bruno ? 'video' : 'phone');

      const booked = await t.book({ leadId: await t.newLead('video@example.com'), scheduledDate: date, scheduledTime: '10:00', presellerId: PRESELLERS.bruno });
      expect(booked.status).toBe(201);
      const body = (await booked.json()) as Booked;
      expect(body.meeting.location).toEqual({ kind: 'video', url: ROOM });
      const view = await t.call({ action: 'view', token: body.manageUrl!.split('#t=')[1] });
      expect((await view.json()).meeting.location).toEqual({ kind: 'video', url: ROOM });
      // LOCATION (the room) comes with the mail helper's meetingIcs: this line fails until that is merged.
      expect(String(eventOf(body.ics).event.location)).toContain(ROOM);
    } finally {
      await app.store.consultants({ action: 'room', email: 'bruno.almeida@consultores.example.com', url: null });
    }
  });

  it('stores the visitor\'s time zone when it is one (canonical name), else null; never a 400 or 500', async () => {
    const cases: [unknown, string | null][] = [
      ['Europe/Lisbon', 'Europe/Lisbon'],
      ['utc', 'UTC'],
      ['America/Sao_Paulo', 'America/Sao_Paulo'],
      ['Mars/Olympus', null],
      ['+03:00', null],
      ['x'.repeat(10 * 1024), null],
      [`Europe/Lisbon${' '.repeat(60)}`, null],
      [42, null],
      [{ zone: 'Europe/Lisbon' }, null],
      [null, null],
      [undefined, null],
    ];
    const times = ['11:00', '11:30', '12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00'];
    for (const [i, [timeZone, stored]] of cases.entries()) {
      const res = await t.book({ leadId: await t.newLead(`zona-${i}@example.com`), scheduledDate: date, scheduledTime: times[i], timeZone });
      const label = JSON.stringify(timeZone)?.slice(0, 40);
      expect(res.status, label).toBe(201);
      expect(await zoneOf((await res.json()).meeting.id), label).toBe(stored);
    }
  });
});
