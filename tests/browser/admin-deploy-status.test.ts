// /admin/ shows whether the mentor's edits are on the site (issue 35 item 3): the latest publication's state from
// GET /api/deploy-status, refreshed while the editor is open. A second site runs with a deploy-status token and
// site id whose Netlify API is a local stand-in on loopback (Netlify is unreachable here), answering as
// GET /sites/{id}/deploys does; the test changes its answer and waits for the notice to follow.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { axeViolations, launchBrowser } from './support';
import { startReceiver, type Receiver } from '../support/receiver';
import { startSite } from '../support/site-process.mjs';
import { onWorkerDatabase } from './site';

let browser: Browser;
let netlify: Receiver;
let site: Awaited<ReturnType<typeof startSite>>;
let deploy: Record<string, string> = { state: 'building', created_at: '2026-11-26T17:30:00Z' };

beforeAll(async () => {
  browser = await launchBrowser();
  netlify = await startReceiver(() => ({ status: 200, body: JSON.stringify([deploy]) }));
  // On the worker's database: the notice reads nothing from it, and a site on a fresh embedded one paid initdb
  // and every migration first (~9 CPU-s more).
  site = await startSite({
    env: onWorkerDatabase({ NETLIFY_DEPLOY_STATUS_TOKEN: 'nfp_stand_in', NETLIFY_SITE_ID: 'site-stand-in', NETLIFY_API_URL: `${netlify.url}/api/v1`, RATE_LIMITS: 'off' }),
    label: 'site with deploy status',
  });
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await netlify?.close();
});

describe('the publication notice in /admin/', () => {
  it('says publicando, then publicado às 14:32, then falhou with what to do; axe-clean at 390 and 1280 px; no token in the page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
    const page = await context.newPage();
    // The page's own clock (Playwright's): its time runs as usual, and a jump of 20 s fires the notice's
    // refresh at once instead of waiting for it (two such waits were 40 s of this test).
    await page.clock.install();
    await page.goto(`${site.url}/admin/`);
    const notice = page.getByRole('complementary', { name: 'Publicação do site' }).getByRole('status');
    const nextRefresh = async () => {
      await page.clock.fastForward(20_000);
      return notice.textContent();
    };
    await expect.poll(() => notice.textContent(), { timeout: 30_000 }).toContain('Publicando…');
    expect(await notice.textContent()).toContain('começou às 14:30');
    expect(await axeViolations(page)).toEqual([]);

    deploy = { state: 'ready', created_at: '2026-11-26T17:30:00Z', published_at: new Date(Date.UTC(2026, 10, 26, 17, 32)).toISOString() };
    // The page asks every 20 s (each poll below jumps its clock to the next ask) and the function reuses
    // Netlify's answer for 10 s of the server's real time: the new state shows within about 10 s.
    await expect.poll(() => nextRefresh(), { timeout: 60_000, interval: 1_000 }).toContain('Site publicado');
    expect(await notice.textContent()).toMatch(/Site publicado (em 26\/11 )?às 14:32/);

    deploy = { state: 'error', created_at: '2026-11-26T17:40:00Z', updated_at: '2026-11-26T17:41:00Z', error_message: 'Build script returned non-zero exit code' };
    await expect.poll(() => nextRefresh(), { timeout: 60_000, interval: 1_000 }).toContain('falhou');
    const failed = (await notice.textContent()) ?? '';
    // The same day in Brasília: "das 14:41"; a later day (this test's fixed date is 26/11): "de 26/11 às 14:41".
    expect(failed).toMatch(/A publicação (das|de 26\/11 às) 14:41 falhou/);
    expect(failed).toContain('O site continua na versão anterior.');
    expect(failed).not.toContain('non-zero');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.content()).not.toContain('nfp_stand_in');
    // The function asked the stand-in for the editor's branch, with the token in a header only.
    expect(netlify.received.at(-1)).toMatchObject({ url: '/api/v1/sites/site-stand-in/deploys?branch=main&per_page=1', headers: { authorization: 'Bearer nfp_stand_in' } });
    await context.close();
  }, 180_000);
});
