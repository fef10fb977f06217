// Scheduled (every 5 minutes on Netlify, and under `npm start`): "Preencheu mas não agendou" — the one mail
// to a lead still without a meeting 15 minutes after the form (see lib/followup/queue.ts), then sends it.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { scheduledBudget } from './lib/budget';
import { queueDueFollowups } from './lib/followup/queue';

export default async () => {
  const budget = scheduledBudget();
  const app = await getApp();
  const queued = await queueDueFollowups(app, budget);
  if (queued > 0) console.log(`[lead-followup] queued ${queued}`);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
