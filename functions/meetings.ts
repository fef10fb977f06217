// POST /api/meetings — see lib/handlers/meetings.ts. Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { meetingFailed } from '../src/domain/api';
import { getApp } from './lib/app';
import { createMeetingsHandler } from './lib/handlers/meetings';
import { tooManyRequests } from './lib/http';

export default createMeetingsHandler(getApp);

/** The 429 of config.rateLimit in this endpoint's error body (served by the local host; see lib/http.ts). */
export const rateLimited = (retryAfterSeconds: number) => tooManyRequests(retryAfterSeconds, meetingFailed);

export const config: Config = {
  path: '/api/meetings',
  // Per client IP and deploy domain, per minute.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
