// Scheduled (daily at 08:00 Brasília on Netlify, and under `npm start`): the mentor's mail of meetings
// still without an outcome (see lib/painel/daily-mail.ts).
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { queuePendingOutcomesMail } from './lib/painel/daily-mail';

export default async () => {
  const app = await getApp();
  if (await queuePendingOutcomesMail(app)) await app.outbox.idle();
  return new Response(null, { status: 204 });
};

// A literal: Netlify reads the schedule statically (DAILY_MAIL_SCHEDULE says the same, for the tests).
export const config: Config = { schedule: '0 11 * * *' };
