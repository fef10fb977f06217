// Scheduled (every 5 minutes on Netlify): retries mail that failed or was not sent after a write.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';

export default async () => {
  const app = await getApp();
  await app.outbox.kick();
  return new Response(null, { status: 204 });
};

export const config: Config = { schedule: '*/5 * * * *' };
