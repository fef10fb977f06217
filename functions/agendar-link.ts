// POST /api/agendar-link — see lib/followup/link.ts. Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { createFollowupLinkHandler } from './lib/followup/link';
import { tooManyRequests } from './lib/http';

export default createFollowupLinkHandler(getApp);

/** The 429 of config.rateLimit in this endpoint's error body (served by the local host; see lib/http.ts). */
export const rateLimited = (retryAfterSeconds: number) => tooManyRequests(retryAfterSeconds, (error) => ({ success: false, error }));

export const config: Config = {
  path: '/api/agendar-link',
  // Per client IP and deploy domain, per minute: a person opens their link a few times at most; tokens are
  // 256 random bits, so the limit only keeps the endpoint cheap.
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
