// Scheduled (every 5 minutes on Netlify, and under `npm start`): queues the lead's reminders 24 h and
// 1 h before each meeting through the outbox (see lib/reminders.ts), then sends them.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { queueDueReminders } from './lib/reminders';

export default async () => {
  const app = await getApp();
  const queued = await queueDueReminders(app);
  if (queued > 0) console.log(`[reminders] queued ${queued}`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
