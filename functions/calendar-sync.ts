// Scheduled (every 10 minutes on Netlify): refreshes every consultant's calendar feed (lib/calendar/sync.ts).
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';


export default async () => {
  const app = await getApp();
  // Everything fetched more than a minute ago: this run refreshes all feeds, not only the 15-minute-stale ones.
  await app.store.calendars.refreshDue(60_000);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/10 * * * *' };
