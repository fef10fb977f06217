// Scheduled (daily at 08:00 Brasília on Netlify, and under `npm start`): the mentor's morning mail —
// yesterday's figures, today's meetings, the meetings still without an outcome, the leads' own changes
// (see lib/painel/daily-mail.ts) — after forgetting dead sign-in codes and sessions.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { scheduledBudget } from './lib/budget';
import { SESSION_IDLE_SECONDS } from './lib/painel/auth';
import { queuePendingOutcomesMail } from './lib/painel/daily-mail';
import { painelStore } from './lib/painel/store';

export default async () => {
  const budget = scheduledBudget();
  const app = await getApp();
  // Sign-in leftovers that can no longer open anything are forgotten once a day.
  await painelStore(app.store).purge(app.now(), SESSION_IDLE_SECONDS);
  if (await queuePendingOutcomesMail(app)) await app.outbox.kick(budget);
  return new Response(null, { status: 204 });
};

// A literal: Netlify reads the schedule statically (DAILY_MAIL_SCHEDULE says the same, for the tests).
export const config: Config = { schedule: '0 11 * * *' };
