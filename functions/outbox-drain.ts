// Scheduled (every minute on Netlify, and under `npm start`): retries mail that failed or was not sent
// after a write. Every minute, so a flood of messages never holds a real invite back more than a minute.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';

export default async () => {
  const app = await getApp();
  await app.outbox.kick();
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '* * * * *' };
