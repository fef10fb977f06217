// GET /api/availability — see lib/handlers/availability.ts. Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { tooManyRequests } from './lib/http';
import { createAvailabilityHandler } from './lib/handlers/availability';

export default createAvailabilityHandler(getApp);

/** The 429 of config.rateLimit in this endpoint's error body (served by the local host; see lib/http.ts). */
export const rateLimited = (retryAfterSeconds: number) => tooManyRequests(retryAfterSeconds);

export const config: Config = {
  path: '/api/availability',
  // Per client IP and deploy domain, per minute.
  rateLimit: { windowLimit: 120, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
