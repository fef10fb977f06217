// Lighthouse as the "done when" reads it: the mobile preset with its default, uncalibrated 4x CPU
// slowdown, RUNS runs per route (median), each route's runs alternated with the bare reference page of the
// same run (reference-page.mjs), Lighthouse's main-thread breakdown by group, and the main thread's CPU time
// (mainThreadCpuMs in lighthouse.mjs, through auditRetrying) against the bare page's. Not a gate: what the docs'
// tables come from (docs/performance.md). Prints the load average before and after.
//
// Usage (after `npm run build`): node tests/tools/lighthouse-uncalibrated.mjs [route…] (default: the content
// pages and /orcamento; Lighthouse does not audit a page answering 404); RUNS=5 for more runs; BASE_URL to
// audit a running site.
import { readFile } from 'node:fs/promises';
import { throttling as THROTTLING_PRESETS } from 'lighthouse/core/config/constants.js';
import { auditRetrying, launchChromium, routeStatus, warmAssets } from './lighthouse.mjs';
import { bareDocument, pageText, serveReference } from './reference-page.mjs';
import { startSite } from '../support/site-process.mjs';

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/trafego-pago', '/consultoria-empresarial', '/palestras', '/orcamento'];
const runs = Number(process.env.RUNS ?? 3);
// The gate's own mobile configuration (lighthouse.mjs), at the preset's slowdown instead of the calibrated one.
const UNCALIBRATED = THROTTLING_PRESETS.mobileSlow4G.cpuSlowdownMultiplier;
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const loadavg = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');

const site = process.env.BASE_URL ? null : await startSite({ env: { RATE_LIMITS: 'off' }, output: null });
const baseUrl = site?.url ?? process.env.BASE_URL;
const chrome = await launchChromium();
const reference = await serveReference(bareDocument(pageText(await (await fetch(new URL('/', baseUrl))).text())));
const audit = async (url) => {
  const { lhr, cpuMs } = await auditRetrying(url, chrome.port, UNCALIBRATED, ['performance'], { withTrace: true });
  const a = lhr.audits;
  return {
    perf: Math.round(lhr.categories.performance.score * 100),
    tbt: a['total-blocking-time'].numericValue,
    lcp: a['largest-contentful-paint'].numericValue / 1000,
    main: a['mainthread-work-breakdown'].numericValue,
    cpu: cpuMs,
    groups: Object.fromEntries((a['mainthread-work-breakdown'].details?.items ?? []).map((i) => [i.group, i.duration])),
    kb: a['total-byte-weight'].numericValue / 1024,
  };
};
try {
  console.log(`load ${await loadavg()}`);
  await warmAssets(baseUrl); // every script's compressed copy made, as the gate does
  await audit(reference.url); // a new Chromium's first audit is slower: not counted
  for (const route of routes) {
    const page = [];
    const bare = [];
    await routeStatus(new URL(route, baseUrl).href); // the server's compressed copy made, as the gate does
    for (let i = 0; i < runs; i += 1) {
      bare.push(await audit(reference.url));
      page.push(await audit(new URL(route, baseUrl).href));
    }
    const m = (list, key) => median(list.map((x) => x[key]));
    const groupNames = [...new Set(page.flatMap((x) => Object.keys(x.groups)))];
    const groups = groupNames.map((g) => `${g} ${median(page.map((x) => x.groups[g] ?? 0)).toFixed(0)}`).join(', ');
    console.log(
      `${route}: perf ${m(page, 'perf')} (${page.map((x) => x.perf).join('/')}), TBT ${m(page, 'tbt').toFixed(0)} (${page.map((x) => x.tbt.toFixed(0)).join('/')}) ms, ` +
        `LCP ${m(page, 'lcp').toFixed(2)} (${page.map((x) => x.lcp.toFixed(2)).join('/')}) s, ${m(page, 'kb').toFixed(1)} KB, main thread ${m(page, 'main').toFixed(0)} (${page.map((x) => x.main.toFixed(0)).join('/')}) ms ` +
        `vs bare ${m(bare, 'main').toFixed(0)} (${bare.map((x) => x.main.toFixed(0)).join('/')}) ms = ${(m(page, 'main') / m(bare, 'main')).toFixed(2)}x; ` +
        `CPU ${m(page, 'cpu').toFixed(0)} vs bare ${m(bare, 'cpu').toFixed(0)} ms = ${(m(page, 'cpu') / m(bare, 'cpu')).toFixed(2)}x; ${groups}; load ${await loadavg()}`,
    );
  }
} finally {
  await chrome.kill();
  await reference.close();
  await site?.stop();
}
