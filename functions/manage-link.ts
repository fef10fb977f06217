// POST /api/manage-link — see lib/handlers/manage-link.ts. Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { meetingFailed } from '../src/domain/api';
import { getApp } from './lib/app';
import { createManageLinkHandler } from './lib/handlers/manage-link';
import { tooManyRequests } from './lib/http';

export default createManageLinkHandler(getApp);

/** The 429 of config.rateLimit in this endpoint's error body (served by the local host; see lib/http.ts). */
export const rateLimited = (retryAfterSeconds: number) => tooManyRequests(retryAfterSeconds, meetingFailed);

export const config: Config = {
  path: '/api/manage-link',
  // Per client IP and deploy domain, per minute. Each call may queue a mail: fewer than the other
  // endpoints (the database also sends at most one link per meeting per 10 minutes).
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
