// POST /api/meetings — see lib/handlers/meetings.ts. Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { createMeetingsHandler } from './lib/handlers/meetings';

export default createMeetingsHandler(getApp);

export const config: Config = {
  path: '/api/meetings',
  // Per client IP and deploy domain, per minute.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
