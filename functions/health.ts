// GET /api/health — 200 when the store answers, 503 otherwise (for uptime checks; no details leak).
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { allowMethods, guard, json, tooManyRequests } from './lib/http';

export default (req: Request) =>
  guard('health', async () => {
    allowMethods(req, ['GET', 'HEAD']);
    const app = await getApp();
    await app.store.ping();
    return json({ ok: true, store: app.store.kind });
  });

/** The 429 of config.rateLimit in this endpoint's error body (served by the local host; see lib/http.ts). */
export const rateLimited = (retryAfterSeconds: number) => tooManyRequests(retryAfterSeconds);

export const config: Config = {
  path: '/api/health',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
