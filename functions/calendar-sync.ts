// Scheduled (every 10 minutes on Netlify): refreshes every consultant's calendar feed (lib/calendar/sync.ts).
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { SCHEDULED_WORK_MS } from './lib/budget';

export default async () => {
  const app = await getApp();
  // Everything fetched more than a minute ago: this run refreshes all feeds, not only the 15-minute-stale ones.
  // At most the scheduled budget: feeds still downloading save when they finish (each gives up after 2 s).
  await app.store.calendars.refreshDue(60_000, SCHEDULED_WORK_MS);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/10 * * * *' };
