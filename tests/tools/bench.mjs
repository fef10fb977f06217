// `npm run bench`: load test of the lead, availability and booking endpoints on the embedded database and,
// when DATABASE_URL is set, on PostgreSQL too. Starts its own server (scripts/server/serve.mjs) on a free port per
// store, with a throw-away DATA_DIR or a throw-away database, 50 connections.
// Prints a markdown table; latencies are computed from every response (autocannon has no p95).
// Then the painel's lists and CSV on the demo data (tests/tools/bench-painel.mjs), with budgets: the run
// exits 1 when one is exceeded. `npm run bench -- painel` runs only that part.
// Last, the router's availability with rules, caps and weights on (tests/tools/bench-routing.mjs), with its
// budget (p95 ≤ 30 ms); `npm run bench -- routing` runs only that part, `npm run bench -- api` only the first.
// Then the painel in Chromium over "Slow 4G" with a 4× CPU slowdown (tests/tools/bench-painel-4g.mjs), with
// its budgets; `npm run bench -- 4g` runs only that part (on the built dist/: `npm run build` first).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startSite } from '../support/site-process.mjs';
import { painelSuite, printPainel } from './bench-painel.mjs';
import { printRouting, routingSuite } from './bench-routing.mjs';
import { painel4gSuite, printPainel4g } from './bench-painel-4g.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The published privacy-policy version (frontmatter): the functions store leads only with this one. */
const POLICY_VERSION = /^version:\s*"?([^"\n]+)"?/m.exec(readFileSync(join(root, 'content/legal/politica-de-privacidade.md'), 'utf8'))[1];
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * Runs a Node script with this same Node (a PATH `node` may be older) and exactly `env` (a store's
 * environment must not inherit this process's DATABASE_URL). Its errors reach stderr.
 */
function runNode(args, env = process.env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`node ${args.join(' ')} exited ${code}`))));
  });
}

const only = process.argv[2];
if (only !== undefined && only !== 'painel' && only !== 'routing' && only !== 'api' && only !== '4g') {
  console.error('Uso: node tests/tools/bench.mjs [api|painel|routing|4g]');
  process.exit(2);
}

if (only === undefined || only === 'api') {
  if (!existsSync(join(root, 'dist', 'index.html'))) await runNode(['node_modules/astro/bin/astro.mjs', 'build']);

  const results = [await suite('PGlite (embedded)', {})];
  // Consultants' calendars: each of the 3 consultants has a feed with 200 busy events, read through availability.
  // The feeds are served on loopback over http, which only local use accepts (CONTEXT=dev, as `netlify dev`:
  // functions/lib/calendar/feed-address.ts); elsewhere the CLI refuses the address and the sync would not read it.
  results.push(await withBusyFeeds((setup) => suite('PGlite, 3 consultants × 200 busy blocks', { CONTEXT: 'dev' }, { setup, readsOnly: true })));
  // With DATABASE_URL: the same runs on PostgreSQL, in a fresh database created on that server (and dropped),
  // directly and through PgBouncer in transaction mode (what Supabase gives functions: port 6543), each with
  // the app's functions planned without JIT (as migrated) and with JIT back on (the server's default).
  if (process.env.DATABASE_URL) {
    const { startPgBouncer } = await import('../support/pgbouncer.ts');
    const pooler = await startPgBouncer({ serverUrl: process.env.DATABASE_URL });
    if (!pooler) console.error('bench: pgbouncer not found (apt-get install -y pgbouncer): the pooled runs are skipped');
    try {
      for (const jit of ['off', 'on']) {
        for (const way of pooler ? ['direct', 'PgBouncer'] : ['direct']) {
          results.push(await onFreshPostgresDatabase(process.env.DATABASE_URL, async (url) => {
            if (jit === 'on') await jitBackOn(url);
            const functionsUrl = way === 'direct' ? url : pooler.url(new URL(url).pathname.slice(1));
            return suite(`PostgreSQL ${way}, JIT ${jit}`, { DATABASE_URL: functionsUrl });
          }));
        }
      }
    } finally {
      pooler?.stop();
    }
  }

  console.log(`\n${CONNECTIONS} connections, ${DURATION}s per GET/lead run, ${new Date().toISOString().slice(0, 10)}\n`);
  console.log('| Store | Endpoint | Requests | Status | Req/s | p50 (ms) | p95 (ms) | p99 (ms) |');
  console.log('|---|---|---:|---|---:|---:|---:|---:|');
  for (const { label, rows } of results) for (const r of rows) console.log(`| ${label} ${r}`);
}

if (only === undefined || only === 'painel') {
  const painel = [await painelSuite('PGlite (embedded)', { runNode })];
  if (process.env.DATABASE_URL) {
    painel.push(await onFreshPostgresDatabase(process.env.DATABASE_URL, (url) => painelSuite('PostgreSQL', { runNode, databaseUrl: url })));
  }
  if (!printPainel(painel)) {
    console.error('\nbench: painel acima do orçamento (linhas **over**).');
    process.exitCode = 1;
  }
}

if (only === undefined || only === 'routing') {
  if (!existsSync(join(root, 'dist', 'index.html'))) await runNode(['node_modules/astro/bin/astro.mjs', 'build']);
  const routing = [await routingSuite('PGlite (embedded)', { runNode })];
  if (process.env.DATABASE_URL) {
    routing.push(await onFreshPostgresDatabase(process.env.DATABASE_URL, (url) => routingSuite('PostgreSQL', { runNode, databaseUrl: url })));
  }
  if (!printRouting(routing)) {
    console.error('\nbench: roteamento acima do orçamento (linhas **over**).');
    process.exitCode = 1;
  }
}

if (only === undefined || only === '4g') {
  if (!existsSync(join(root, 'dist', 'index.html'))) await runNode(['node_modules/astro/bin/astro.mjs', 'build']);
  if (!printPainel4g(await painel4gSuite({ runNode }))) {
    console.error('\nbench: painel em 4G acima do orçamento (linhas **over**).');
    process.exitCode = 1;
  }
}

/** Undoes supabase/migrations/20261129200100_jit_off.sql on a bench database: the "before" of that change. */
async function jitBackOn(url) {
  const { default: postgres } = await import('postgres');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(`do $$ declare f record; begin
      for f in select p.oid::regprocedure as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
               join pg_language l on l.oid = p.prolang where n.nspname = 'public' and l.lanname = 'plpgsql' and p.prokind = 'f'
      loop execute format('alter function %s reset jit', f.signature); end loop; end $$`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

async function onFreshPostgresDatabase(serverUrl, runSuite) {
  const { default: postgres } = await import('postgres');
  const name = `bench_${Date.now()}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await runNode(['scripts/ops/db.mjs', 'migrate'], { ...process.env, DATABASE_URL: url.href });
    await runNode(['scripts/ops/db.mjs', 'seed'], { ...process.env, DATABASE_URL: url.href });
    return await runSuite(url.href);
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end({ timeout: 5 });
  }
}

/**
 * Serves one iCalendar feed per demo consultant with `perConsultant` 30-minute events spread over the
 * next 60 days, and hands `runSuite` a setup step that connects the feeds with `npm run consultants`.
 */
async function withBusyFeeds(runSuite, perConsultant = 200) {
  const { createServer: createHttpServer } = await import('node:http');
  const feed = (seed) => {
    const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//bench//busy//EN'];
    const start = Date.now() + 3 * 3_600_000;
    for (let i = 0; i < perConsultant; i++) {
      // Deterministic spread: a different half hour of a different day for each event.
      const at = new Date(start + Math.floor((i * 60 * 86_400_000) / perConsultant) + ((i * 7 + seed) % 20) * 1_800_000);
      at.setUTCMinutes(at.getUTCMinutes() < 30 ? 0 : 30, 0, 0);
      const stamp = (d) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
      lines.push('BEGIN:VEVENT', `UID:bench-${seed}-${i}@bench`, `DTSTAMP:${stamp(new Date())}`,
        `DTSTART:${stamp(at)}`, `DTEND:${stamp(new Date(at.getTime() + 1_800_000))}`, 'SUMMARY:Ocupado', 'END:VEVENT');
    }
    return [...lines, 'END:VCALENDAR', ''].join('\r\n');
  };
  const feeds = [1, 2, 3].map(feed);
  const server = createHttpServer((req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(feeds[Number(req.url.slice(1, 2)) - 1]));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const emails = ['ana.souza', 'bruno.almeida', 'carla.mendes'].map((n) => `${n}@consultores.example.com`);
  try {
    return await runSuite(async (env) => {
      for (const [i, email] of emails.entries()) await runNode(['scripts/ops/consultants.mjs', 'feed', email, `${origin}/${i + 1}.ics`], env);
    });
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

/** Starts the site (tests/support/site-process.mjs) with `storeEnv` and runs every load scenario against it. */
async function suite(label, storeEnv, { setup, readsOnly = false } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'mentor-bench-'));
  // RATE_LIMITS=off: a load test is one IP sending thousands of requests, exactly what the limits refuse.
  // No SMTP_URL: mail goes to .eml files in the temp dir.
  const env = { ...process.env, DATA_DIR: dataDir, RATE_LIMITS: 'off' };
  for (const name of ['DATABASE_URL', 'SUPABASE_URL', 'SMTP_URL']) delete env[name];
  Object.assign(env, storeEnv);
  if (setup) await setup(env);
  const site = await startSite({ env, label: 'bench', output: null });
  const base = `http://127.0.0.1:${site.port}`;
  const post = (path, body) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  async function stopServer() {
    await site.stop();
    await rm(dataDir, { recursive: true, force: true });
  }

  try {
    const month = await (await fetch(`${base}/api/availability?month=${new Date().toISOString().slice(0, 7)}`)).json();
    const next = await (await fetch(`${base}/api/availability?month=${nextMonth()}`)).json();
    const days = [...month.days, ...next.days];
    const date = days[1] ?? days[0];

    const lead = (i) => ({
      nomeCompleto: `Cliente ${i}`, cargo: 'ceo-proprietario', email: `bench${i}@example.com`, telefone: '43999998888',
      nomeEmpresa: 'Empresa Bench', cnpj: '11222333000181', faturamento: '100-500', numeroVendedores: '3-5',
      segmento: 'energia-solar', outroSegmento: '', modeloNegocio: 'b2b', idempotencyKey: `bench-lead-${i}-${Date.now()}`, privacyPolicyVersion: POLICY_VERSION,
    });
    const availabilityRun = await bench('GET /api/availability?date', { url: `${base}/api/availability?date=${date}`, duration: DURATION });
    const monthRun = await bench('GET /api/availability?month', { url: `${base}/api/availability?month=${nextMonth()}`, duration: DURATION });
    if (readsOnly) return { label, rows: [availabilityRun, monthRun] };

    // Reads first: each write queues mail, and draining it competes for the embedded database.
    let n = 0;
    const leadsRun = await bench('POST /api/leads', {
      url: `${base}/api/leads`, duration: DURATION,
      requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: JSON.stringify(lead(n++)) }) }],
    });

    // Booking: every request asks for a different (day, time, consultant) so each one is a real booking,
    // each for a lead of its own (a person holds one upcoming meeting at a time).
    const slots = [];
    for (const day of days) {
      const { availableSlots } = await (await fetch(`${base}/api/availability?date=${day}`)).json();
      for (const s of availableSlots) slots.push({ day, ...s });
    }
    const amount = Math.min(slots.length, 2000);
    const ids = [];
    for (let i = 0; i < amount; i += 25) {
      const batch = Array.from({ length: Math.min(25, amount - i) }, (_, j) => post('/api/leads', lead(`b${i + j}`)).then((r) => r.json()));
      for (const { id } of await Promise.all(batch)) ids.push(id);
    }
    let k = 0;
    const bookingRun = await bench('POST /api/meetings', {
      url: `${base}/api/meetings`, amount,
      requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => {
        const s = slots[k % slots.length];
        const body = { leadId: ids[k % ids.length], scheduledDate: s.day, scheduledTime: s.time, presellerId: s.presellerId,
          service: 'consultoria', diagnosticScore: 75, idempotencyKey: `bench-meeting-${k++}-${Date.now()}` };
        return { ...req, body: JSON.stringify(body) };
      } }],
    });

    return { label, rows: [availabilityRun, monthRun, leadsRun, bookingRun] };
  } finally {
    await stopServer();
  }
}

function nextMonth() {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
}

async function bench(name, opts) {
  const times = [];
  const statuses = {};
  const instance = autocannon({ connections: CONNECTIONS, ...opts });
  instance.on('response', (_client, status, _bytes, ms) => {
    times.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p) => (times.length ? times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)].toFixed(1) : '-');
  const rps = (times.length / (result.duration || 1)).toFixed(0);
  const codes = Object.entries(statuses).map(([s, c]) => `${s}×${c}`).join(' ');
  return `| ${name} | ${times.length} | ${codes} | ${rps} | ${pct(50)} | ${pct(95)} | ${pct(99)} |`;
}
