// GET /api/deploy-status (issue 35 item 3): the state of the site's latest deploy for the notice in /admin/.
// Netlify's API is unreachable here: a local stand-in on loopback (tests/support/receiver.ts) answers as its
// GET /sites/{id}/deploys does, and records what the function asked.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import handler from '../../functions/deploy-status';
import { CACHE_MS, deployStatus, deployStatusEnv, statusOf } from '../../functions/lib/deploy-status';
import { startReceiver, type Receiver } from '../support/receiver';

const TOKEN = 'nfp_test_token_never_shown';
let netlify: Receiver;
beforeAll(async () => {
  netlify = await startReceiver({ status: 200, body: '[]' });
});
afterAll(() => netlify.close());
afterEach(() => vi.unstubAllEnvs());

const get = () => new Request('https://mentor.example/api/deploy-status');
let clock = Date.now();
/** A fresh time past the cache for each call, so every call asks the stand-in. */
const later = () => (clock += CACHE_MS + 1);

describe('deploy status for the editor', () => {
  it('maps Netlify’s latest deploy of the branch: ready → published, error → failed, building → publishing', async () => {
    const config = deployStatusEnv({ NETLIFY_DEPLOY_STATUS_TOKEN: TOKEN, NETLIFY_SITE_ID: 'site-123', NETLIFY_API_URL: `${netlify.url}/api/v1/` });
    netlify.script(
      { status: 200, body: JSON.stringify([{ state: 'ready', created_at: '2026-11-26T17:30:00Z', published_at: '2026-11-26T17:32:10Z' }]) },
      { status: 200, body: JSON.stringify([{ state: 'error', created_at: '2026-11-26T17:40:00Z', updated_at: '2026-11-26T17:41:00Z', error_message: 'Build script returned non-zero exit code' }]) },
      { status: 200, body: JSON.stringify([{ state: 'building', created_at: '2026-11-26T17:50:00Z' }]) },
      { status: 401, body: '{"message":"Access Denied"}' },
    );
    expect(await deployStatus(config, later())).toEqual({ state: 'published', at: '2026-11-26T17:32:10Z' });
    // The error's text (a build log line) stays on the server: the editor says what to do in its own words.
    expect(await deployStatus(config, later())).toEqual({ state: 'failed', at: '2026-11-26T17:41:00Z' });
    expect(await deployStatus(config, later())).toEqual({ state: 'publishing', since: '2026-11-26T17:50:00Z' });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await deployStatus(config, later())).toEqual({ state: 'unknown' });
    expect(error.mock.calls.flat().join(' ')).not.toContain(TOKEN);
    error.mockRestore();
    const asked = netlify.received.slice(-4);
    for (const request of asked) {
      expect(request.url).toBe('/api/v1/sites/site-123/deploys?branch=main&per_page=1');
      expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    }
  });

  it('answers from one Netlify call for every editor within the cache time', async () => {
    const config = deployStatusEnv({ NETLIFY_DEPLOY_STATUS_TOKEN: TOKEN, NETLIFY_SITE_ID: 'site-cache', NETLIFY_API_URL: netlify.url });
    netlify.script({ status: 200, body: JSON.stringify([{ state: 'ready', published_at: '2026-11-26T18:00:00Z' }]) });
    const before = netlify.received.length;
    const now = later();
    expect(await deployStatus(config, now)).toEqual({ state: 'published', at: '2026-11-26T18:00:00Z' });
    expect(await deployStatus(config, now + CACHE_MS - 1)).toEqual({ state: 'published', at: '2026-11-26T18:00:00Z' });
    expect(netlify.received.length - before).toBe(1);
  });

  it('the endpoint: unconfigured without a token, the running site’s id otherwise, and never the token', async () => {
    vi.stubEnv('NETLIFY_DEPLOY_STATUS_TOKEN', '');
    expect(await (await handler(get(), { site: { id: 'site-running', name: 'x', url: 'https://x' } })).json()).toEqual({ state: 'unconfigured' });
    vi.stubEnv('NETLIFY_DEPLOY_STATUS_TOKEN', TOKEN);
    vi.stubEnv('NETLIFY_API_URL', netlify.url);
    vi.stubEnv('NETLIFY_SITE_ID', '');
    netlify.script({ status: 200, body: JSON.stringify([{ state: 'enqueued', created_at: '2026-11-26T19:00:00Z' }]) });
    const response = await handler(get(), { site: { id: 'site-running', name: 'x', url: 'https://x' } });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(text)).toEqual({ state: 'publishing', since: '2026-11-26T19:00:00Z' });
    expect(text).not.toContain(TOKEN);
    expect(netlify.received.at(-1)?.url).toBe('/sites/site-running/deploys?branch=main&per_page=1');
    expect((await handler(new Request('https://mentor.example/api/deploy-status', { method: 'POST' }))).status).toBe(405);
  });

  it('an unexpected state or no deploy yet is unknown, not a guess', () => {
    expect(statusOf(undefined)).toEqual({ state: 'unknown' });
    expect(statusOf({ state: 'skipped' })).toEqual({ state: 'unknown' });
  });
});
