// POST /api/leads — see lib/handlers/leads.ts. Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { createLeadsHandler } from './lib/handlers/leads';

export default createLeadsHandler(getApp);

export const config: Config = {
  path: '/api/leads',
  // Per client IP and deploy domain, per minute.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
