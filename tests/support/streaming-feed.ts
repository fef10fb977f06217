// A calendar feed of 50 MB written as fast as the client reads it, for the tests that a feed without end
// cannot freeze the server (tests/integration/feed-limits.test.ts, tests/browser/feed-memory.test.ts).
import type { ServerResponse } from 'node:http';

export const STREAMED_FEED_BYTES = 50 * 1024 * 1024;
const EVENT = (i: number) => `BEGIN:VEVENT\r\nUID:e${i}@stream\r\nDTSTAMP:20260101T000000Z\r\nDTSTART:20200101T100000Z\r\nDTEND:20200101T110000Z\r\nSUMMARY:${'x'.repeat(200)}\r\nEND:VEVENT\r\n`;

/** Streams the feed into `res`; `written(bytes)` is called for each chunk handed to the socket. */
export function streamCalendar(res: ServerResponse, written: (bytes: number) => void): void {
  res.writeHead(200, { 'content-type': 'text/calendar' });
  res.write('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n');
  let i = 0;
  let sent = 0;
  const pump = () => {
    while (sent < STREAMED_FEED_BYTES && !res.destroyed) {
      const chunk = Array.from({ length: 200 }, () => EVENT(i++)).join('');
      sent += chunk.length;
      written(chunk.length);
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    if (!res.destroyed) res.end('END:VCALENDAR\r\n');
  };
  res.on('close', () => res.destroy());
  pump();
}
