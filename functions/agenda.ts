// GET /api/agenda/:token — a consultant's calendar subscription; see lib/handlers/agenda.ts.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { createAgendaHandler } from './lib/handlers/agenda';

export default createAgendaHandler(getApp);

export const config: Config = {
  path: '/api/agenda/:token',
  // Calendar apps poll every few minutes to hours; this is far above that and far below guessing speed.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
