// Where a page's main thread goes, by trace event: Lighthouse's mobile run at its default, uncalibrated 4×
// (as lighthouse-uncalibrated.mjs), with `blink, loading, v8, fonts` added to the trace so that what
// Lighthouse files under "Other" has names. Each page's runs are alternated with the bare reference page
// (reference-page.mjs); for every complete event on the renderer's main thread its own CPU time (thread
// duration minus its children's) is summed, and the top-level tasks' CPU as the gate counts it
// (mainThreadCpuMs). What docs/performance-first-screen.md's attribution table comes from. Not a gate.
//
// Usage (after `npm run build`): node tests/tools/lighthouse-attribution.mjs [route…] (default /, /trafego-pago,
// /orcamento); RUNS=5 for more runs; BASE_URL to audit a running site. Prints the load average before and after.
import { readFile } from 'node:fs/promises';
import lighthouse from 'lighthouse';
import { throttling as THROTTLING_PRESETS } from 'lighthouse/core/config/constants.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { launchChromium, mainThreadCpuMs, warmAssets } from './lighthouse.mjs';
import { bareDocument, pageText, serveReference } from './reference-page.mjs';
import { startSite } from '../support/site-process.mjs';

const routes = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/trafego-pago', '/orcamento'];
const runs = Number(process.env.RUNS ?? 3);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const loadavg = async () => (await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ');
const config = {
  extends: 'lighthouse:default',
  settings: {
    onlyCategories: ['performance'],
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    throttling: THROTTLING_PRESETS.mobileSlow4G,
    disableFullPageScreenshot: true,
    additionalTraceCategories: 'blink,loading,v8,fonts',
  },
};

/** CPU ms per trace event name on the main thread, each event counted by its own time (children excluded). */
function selfCpuByEvent(trace) {
  const { mainThreadEvents } = TraceProcessor.processTrace(trace);
  const events = mainThreadEvents.filter((e) => e.ph === 'X' && Number.isFinite(e.tdur)).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = {};
  const open = [];
  for (const event of events) {
    while (open.length && open.at(-1).ts + open.at(-1).dur <= event.ts) open.pop();
    const parent = open.at(-1);
    if (parent) self[parent.name] = (self[parent.name] ?? 0) - event.tdur / 1000;
    self[event.name] = (self[event.name] ?? 0) + event.tdur / 1000;
    open.push(event);
  }
  return self;
}

const site = process.env.BASE_URL ? null : await startSite({ env: { RATE_LIMITS: 'off' }, output: null });
const baseUrl = site?.url ?? process.env.BASE_URL;
const chrome = await launchChromium();
await warmAssets(baseUrl); // every script's compressed copy made, as the gate does
const reference = await serveReference(bareDocument(pageText(await (await fetch(new URL('/', baseUrl))).text())));
const audit = async (url) => {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' }, config);
      if (!result?.artifacts?.Trace || result.lhr.runtimeError) throw new Error(result?.lhr.runtimeError?.code ?? 'no trace');
      const a = result.lhr.audits;
      return { perf: Math.round(result.lhr.categories.performance.score * 100), tbt: a['total-blocking-time'].numericValue, lcp: a['largest-contentful-paint'].numericValue / 1000, cpu: mainThreadCpuMs(result.artifacts.Trace), self: selfCpuByEvent(result.artifacts.Trace) };
    } catch (error) {
      // A broken trace (NO_NAVSTART) says nothing about the page: run it again.
      if (attempt >= 2) throw error;
    }
  }
};
const print = (label, list, bareCpu) => {
  const m = (key) => median(list.map((x) => x[key]));
  const names = [...new Set(list.flatMap((x) => Object.keys(x.self)))];
  const rows = names.map((n) => [n, median(list.map((x) => x.self[n] ?? 0))]).filter(([, v]) => v >= 0.4).sort((a, b) => b[1] - a[1]);
  console.log(`${label}: perf ${m('perf')}, TBT ${m('tbt').toFixed(0)} ms, LCP ${m('lcp').toFixed(2)} s, CPU ${m('cpu').toFixed(1)} ms (${list.map((x) => x.cpu.toFixed(0)).join('/')}) = ${(m('cpu') / bareCpu).toFixed(2)}x bare`);
  console.log(`  self CPU ms: ${rows.map(([n, v]) => `${n} ${v.toFixed(1)}`).join(', ')}`);
};
try {
  console.log(`load ${await loadavg()}`);
  await audit(reference.url); // a new Chromium's first audit is slower: not counted
  const bare = [];
  const pages = Object.fromEntries(routes.map((r) => [r, []]));
  for (let i = 0; i < runs; i += 1) {
    bare.push(await audit(reference.url));
    for (const route of routes) pages[route].push(await audit(new URL(route, baseUrl).href));
  }
  const bareCpu = median(bare.map((x) => x.cpu));
  print('bare page', bare, bareCpu);
  for (const route of routes) print(route, pages[route], bareCpu);
  console.log(`load ${await loadavg()}`);
} finally {
  await chrome.kill();
  await reference.close();
  await site?.stop();
}
