// POST /api/manage — see lib/handlers/manage.ts. Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { createManageHandler } from './lib/handlers/manage';

export default createManageHandler(getApp);

export const config: Config = {
  path: '/api/manage',
  // Per client IP and deploy domain, per minute.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
