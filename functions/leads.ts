// POST /api/leads — see lib/handlers/leads.ts. Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { tooManyRequests } from './lib/http';
import { createLeadsHandler } from './lib/handlers/leads';

export default createLeadsHandler(getApp);

/** The 429 of config.rateLimit in this endpoint's error body (served by the local host; see lib/http.ts). */
export const rateLimited = (retryAfterSeconds: number) => tooManyRequests(retryAfterSeconds);

export const config: Config = {
  path: '/api/leads',
  // Per client IP and deploy domain, per minute.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
