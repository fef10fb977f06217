// Scheduled (every minute on Netlify, and under `npm start`): retries mail that failed or was not sent
// after a write. Every minute, so a flood of messages never holds a real invite back more than a minute.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { scheduledBudget, type Budget } from './lib/budget';

export default async () => drainWithin(scheduledBudget());

/** One run bounded by `budget` (the entry point's: the scheduled function's, lib/budget.ts); the rest is next minute's. */
export async function drainWithin(budget: Budget): Promise<Response> {
  const app = await getApp();
  await app.outbox.kick(budget);
  return new Response(null, { status: 204 });
}

export const config: Config = { schedule: '* * * * *' };
