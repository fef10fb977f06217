// /api/painel/* — the team's console (see lib/painel/router.ts). Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { tooManyRequests } from './lib/http';
import { createPainelHandler } from './lib/painel/router';

export default createPainelHandler(getApp);

/** The 429 of config.rateLimit in this endpoint's error body (served by the local host; see lib/http.ts). */
export const rateLimited = (retryAfterSeconds: number) => tooManyRequests(retryAfterSeconds);

export const config: Config = {
  // Four deep for a lead's conversion: leads/<id>/conversoes/reenviar.
  path: ['/api/painel/:a', '/api/painel/:a/:b', '/api/painel/:a/:b/:c', '/api/painel/:a/:b/:c/:d'],
  // Per client IP and deploy domain, per minute: a person paging through lists, never a crawler.
  rateLimit: { windowLimit: 240, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
