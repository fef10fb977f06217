// GET /api/deploy-status — the state of the site's latest deploy, for the notice in /admin/ (functions/lib/deploy-status.ts).
import type { Config, Context } from '@netlify/functions';
import { deployStatus, deployStatusEnv } from './lib/deploy-status';
import { allowMethods, guard, json, tooManyRequests } from './lib/http';

export default (req: Request, context?: Partial<Context>) =>
  guard('deploy-status', async () => {
    allowMethods(req, ['GET']);
    return json(await deployStatus(deployStatusEnv(process.env, context?.site?.id)));
  });

/** The 429 of config.rateLimit in this endpoint's error body (served by the local host; see lib/http.ts). */
export const rateLimited = (retryAfterSeconds: number) => tooManyRequests(retryAfterSeconds);

export const config: Config = {
  path: '/api/deploy-status',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
