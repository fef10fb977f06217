// A consultant's calendar feed cannot freeze or fool the server: a feed that streams without end is cut at
// the byte cap while it downloads, and availability waits for it at most its 2 s promise, its thread never
// held, with memory bounded;
// a feed cut short, unreadable or expanding past 10,000 events is an error that keeps the last busy
// times; a redirect to an internal address on another host is refused. Real HTTP server on loopback,
// real handlers on PGlite.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FEED_MAX_BYTES } from '../../functions/lib/calendar/download';
import { isPublicAddress } from '../../functions/lib/public-address';
import { createAvailabilityHandler } from '../../functions/lib/handlers/availability';
import { threadCpuMs } from '../support/cpu';
import { streamCalendar } from '../support/streaming-feed';
import { futureWorkday, get, openTestApp, type TestApp } from './helpers';

const ANA = '0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0001';
const D = futureWorkday(4);
const compact = (time: string) => `${D.replaceAll('-', '')}T${time.replace(':', '')}00`;
const GOOD = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:ok@test', 'DTSTAMP:20260101T000000Z',
  `DTSTART;TZID=America/Sao_Paulo:${compact('10:00')}`, `DTEND;TZID=America/Sao_Paulo:${compact('11:00')}`, 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

type Mode = 'good' | 'endless' | 'cut' | 'unreadable' | 'many' | 'redirect-other' | 'redirect-same';
let mode: Mode = 'good';
let served = 0;
let server: Server;
let port: number;
let app: TestApp;
const availability = () => createAvailabilityHandler(async () => app)(get(`/api/availability?date=${D}`));

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/feed.ics' || mode === 'good') return void res.writeHead(200, { 'content-type': 'text/calendar' }).end(GOOD);
    if (mode === 'endless') return streamCalendar(res, (bytes) => (served += bytes));
    if (mode === 'cut') return void res.writeHead(200).end(GOOD.slice(0, GOOD.indexOf('END:VEVENT')));
    if (mode === 'unreadable') return void res.writeHead(200).end('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\n\u0000\u0001\r\nEND:VCALENDAR\r\n');
    if (mode === 'many') {
      return void res.writeHead(200).end(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:many@test', 'DTSTAMP:20260101T000000Z',
        'DTSTART:20260101T000000Z', 'DTEND:20260101T000100Z', 'RRULE:FREQ=MINUTELY', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n'));
    }
    const host = mode === 'redirect-other' ? 'localhost' : '127.0.0.1';
    res.writeHead(302, { location: `http://${host}:${port}/feed.ics` }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  app = await openTestApp();
  await app.store.consultants({ action: 'feed', email: 'ana.souza@consultores.example.com', url: `http://127.0.0.1:${port}/secret/agenda.ics` });
});
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => server.close(resolve));
});

const feedState = async () => (await app.store.db.query<{ status: string; error_code: string | null; blocks: number }>(
  `select f.status, f.error_code, (select count(*)::int from calendar_busy b where b.preseller_id = f.preseller_id) as blocks
   from calendar_feeds f where f.preseller_id = $1`, [ANA])).rows[0];

const triedJustNow = async () => (await app.store.db.query<{ recent: boolean }>(
  `select attempted_at > now() - interval '1 minute' as recent from calendar_feeds where preseller_id = $1`, [ANA])).rows[0].recent;

/** Serves `next` and runs a sync now (as the scheduled function does), waiting for it. */
async function syncWith(next: Mode) {
  mode = next;
  await app.store.calendars.refreshDue(0);
}

describe('calendar feed limits', () => {
  it('classifies internal addresses with the webhooks\' blocklist (one list: lib/public-address.ts)', () => {
    // The ranges the feed's own shorter list let through (issue #36 L7): benchmarking, IETF, multicast, NAT64, 6to4.
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:a9fe:a9fe',
      '198.18.0.1', '198.19.255.1', '192.0.0.170', '224.0.0.1', '239.1.2.3', '64:ff9b::7f00:1', '2002:7f00:1::1', 'not-an-ip']) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    for (const a of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('a 50 MB feed streaming without end: cut at the cap, availability waits ≤ 2 s for it and its thread\'s CPU p95 < 1 s, memory bounded', async () => {
    await syncWith('good');
    expect(await feedState()).toEqual({ status: 'ok', error_code: null, blocks: 1 });
    mode = 'endless';
    const rssBefore = process.memoryUsage().rss;
    // The 2 s promise, read where it is kept rather than on a clock a loaded machine stretches: each
    // answer waits for the calendars through refreshDue with at most 2 s (then answers, the sync going on),
    // and spends under 1 s of its own thread's CPU (~0.1 s measured; a download or parse holding that thread
    // would spend more).
    const refreshes = vi.spyOn(app.store.calendars, 'refreshDue');
    const cpu: number[] = [];
    const sent: number[] = [];
    for (let round = 0; round < 8; round++) {
      // Each answer finds the feed due again (last tried 16 minutes ago).
      await app.store.db.query(`update calendar_feeds set attempted_at = now() - interval '16 minutes'`);
      served = 0;
      const started = threadCpuMs();
      const res = await availability();
      cpu.push(threadCpuMs() - started);
      expect(res.status).toBe(200);
      // The sync may outlive the answer: wait until it has recorded its end (the feed tried just now).
      await vi.waitFor(async () => expect(await triedJustNow()).toBe(true), { timeout: 30_000, interval: 50 });
      sent.push(served);
    }
    const waits = refreshes.mock.calls.map(([, waitMs]) => waitMs);
    refreshes.mockRestore();
    const p95 = [...cpu].sort((a, b) => a - b)[Math.ceil(0.95 * cpu.length) - 1];
    const rssGrowthMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    console.info(`[feed] availability thread CPU p95 ${Math.round(p95)} ms; waits ${waits.join(', ')} ms; bytes served per fetch ≤ ${Math.max(...sent)}; RSS ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB (+${Math.round(rssGrowthMb)} MB)`);
    expect(waits).toHaveLength(8);
    for (const waitMs of waits) expect(waitMs).toBeLessThanOrEqual(2_000);
    expect(p95).toBeLessThan(1_000);
    // Counted as written into the server's socket: the cap plus both sockets' buffers (several MB on
    // loopback), far from the 50 MB on offer.
    expect(Math.max(...sent)).toBeLessThan(3 * FEED_MAX_BYTES);
    expect(rssGrowthMb).toBeLessThan(100);
    const state = await feedState();
    expect(state.status).toBe('error');
    expect(['calendar_too_large', 'calendar_timeout']).toContain(state.error_code);
    expect(state.blocks).toBe(1); // the last good busy time stays
  }, 60_000);

  it.each([
    ['cut', 'calendar_parse'],
    ['unreadable', 'calendar_parse'],
    ['many', 'calendar_parse'],
    ['redirect-other', 'calendar_redirect_blocked'],
  ] as const)('a %s feed is an error (%s) and the last busy time stays', async (next, code) => {
    await syncWith('good');
    expect(await feedState()).toEqual({ status: 'ok', error_code: null, blocks: 1 });
    await syncWith(next);
    expect(await feedState()).toEqual({ status: 'error', error_code: code, blocks: 1 });
  });

  it('a redirect on the same host is followed', async () => {
    await syncWith('unreadable');
    await syncWith('redirect-same');
    expect(await feedState()).toEqual({ status: 'ok', error_code: null, blocks: 1 });
  });
});
