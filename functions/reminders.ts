// Scheduled (every 5 minutes on Netlify, and under `npm start`): queues the lead's reminders 24 h and
// 1 h before each meeting through the outbox (see lib/reminders.ts), then sends them.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { scheduledBudget } from './lib/budget';
import { queueDueReminders } from './lib/reminders';

export default async () => {
  const budget = scheduledBudget();
  const app = await getApp();
  const queued = await queueDueReminders(app, budget);
  if (queued > 0) console.log(`[reminders] queued ${queued}`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
