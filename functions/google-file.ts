// GET /api/google-ads/conversoes/:token/:file — the offline-conversion files Google Ads imports; see
// lib/handlers/google-file.ts. Config is a literal because Netlify reads it statically.
import type { Config } from '@netlify/functions';
import { getApp } from './lib/app';
import { createGoogleFileHandler } from './lib/handlers/google-file';
import { tooManyRequests } from './lib/http';

export default createGoogleFileHandler(getApp);

/** The 429 of config.rateLimit in this endpoint's error body (served by the local host; see lib/http.ts). */
export const rateLimited = (retryAfterSeconds: number) => tooManyRequests(retryAfterSeconds);

export const config: Config = {
  path: '/api/google-ads/conversoes/:token/:file',
  // Google's scheduled import fetches at most every few hours; far above that and far below guessing speed.
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
