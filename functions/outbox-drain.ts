// Scheduled (every minute on Netlify, and under `npm start`): retries mail that failed or was not sent
// after a write. Every minute, so a flood of messages never holds a real invite back more than a minute.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { scheduledBudget } from './lib/budget';

export default async () => {
  const budget = scheduledBudget();
  const app = await getApp();
  // Ends within the scheduled function's 30 s (lib/budget.ts); the rest is next minute's.
  await app.outbox.kick(budget);
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
