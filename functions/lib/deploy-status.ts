// Whether the mentor's last edit reached the site: the state of the site's latest deploy of the editor's branch,
// from Netlify's API, for the notice in /admin/ (public/admin/deploy-status.js). The token stays here, on the
// server: the browser gets only the state and a time. Without the token or the site's id (local use, a site not
// set up yet) the answer is `unconfigured` and the editor shows nothing.
//
// Env (docs/operations.md, "The content editor: one-time setup"): NETLIFY_DEPLOY_STATUS_TOKEN (a Netlify personal access token),
// NETLIFY_SITE_ID (else the running site's own id, which Netlify gives the function), DEPLOY_STATUS_BRANCH
// (default main, the editor's branch), NETLIFY_API_URL (default Netlify's; tests point it at a loopback stand-in).
import { withoutTrailingSlashes } from './base-url';

export type DeployStatus =
  | { state: 'unconfigured' }
  | { state: 'unknown' }
  | { state: 'publishing'; since: string }
  | { state: 'published'; at: string }
  | { state: 'failed'; at: string };

/** Netlify's deploy states that end with the site not changed yet (the deploy is still on its way). */
const UNDER_WAY = new Set(['new', 'pending_review', 'accepted', 'enqueued', 'building', 'uploading', 'uploaded', 'preparing', 'prepared', 'processing', 'processed', 'retrying']);

type NetlifyDeploy = { state?: string; created_at?: string; updated_at?: string; published_at?: string | null };

/** The notice's state for Netlify's latest deploy (undefined: there is none yet). */
export function statusOf(deploy: NetlifyDeploy | undefined): DeployStatus {
  if (!deploy?.state) return { state: 'unknown' };
  if (deploy.state === 'ready') return { state: 'published', at: deploy.published_at ?? deploy.updated_at ?? deploy.created_at ?? '' };
  if (deploy.state === 'error') return { state: 'failed', at: deploy.updated_at ?? deploy.created_at ?? '' };
  if (UNDER_WAY.has(deploy.state)) return { state: 'publishing', since: deploy.created_at ?? '' };
  return { state: 'unknown' };
}

export type DeployStatusEnv = { token: string; siteId: string; branch: string; apiUrl: string } | null;

export function deployStatusEnv(env: Record<string, string | undefined>, runningSiteId?: string): DeployStatusEnv {
  const token = env.NETLIFY_DEPLOY_STATUS_TOKEN?.trim();
  const siteId = env.NETLIFY_SITE_ID?.trim() || runningSiteId;
  if (!token || !siteId) return null;
  return {
    token,
    siteId,
    branch: env.DEPLOY_STATUS_BRANCH?.trim() || 'main',
    apiUrl: withoutTrailingSlashes(env.NETLIFY_API_URL?.trim() || 'https://api.netlify.com/api/v1'),
  };
}

/** How long one answer from Netlify serves every editor that asks (its API allows a few hundred calls a minute). */
export const CACHE_MS = 10_000;
let cached: { key: string; until: number; status: DeployStatus } | undefined;

export async function deployStatus(config: DeployStatusEnv, now = Date.now()): Promise<DeployStatus> {
  if (!config) return { state: 'unconfigured' };
  const key = `${config.apiUrl}|${config.siteId}|${config.branch}`;
  if (cached && cached.key === key && cached.until > now) return cached.status;
  const url = `${config.apiUrl}/sites/${encodeURIComponent(config.siteId)}/deploys?branch=${encodeURIComponent(config.branch)}&per_page=1`;
  let status: DeployStatus;
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${config.token}`, accept: 'application/json' }, signal: AbortSignal.timeout(8_000) });
    if (!response.ok) throw new Error(`Netlify answered ${response.status}`);
    status = statusOf(((await response.json()) as NetlifyDeploy[])[0]);
  } catch (error) {
    // The message names the cause, never the token (it is only in a header).
    console.error(`deploy-status: ${(error as Error).message}`);
    status = { state: 'unknown' };
  }
  cached = { key, until: now + CACHE_MS, status };
  return status;
}
