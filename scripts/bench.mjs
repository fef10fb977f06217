// `npm run bench`: load test of the lead, availability and booking endpoints on the embedded database.
// Starts its own server (scripts/serve.mjs) on a free port with a throw-away DATA_DIR, 50 connections.
// Prints a markdown table; latencies are computed from every response (autocannon has no p95).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

async function freePort() {
  const srv = createServer();
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address();
  await new Promise((r) => srv.close(r));
  return port;
}

function run(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

if (!existsSync(join(root, 'dist', 'index.html'))) await run('npx', ['astro', 'build']);

const port = await freePort();
const dataDir = await mkdtemp(join(tmpdir(), 'mentor-bench-'));
const base = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
delete env.SUPABASE_URL; // always the embedded database
delete env.SMTP_URL; // mail goes to .eml files in the temp dir
const server = spawn(process.execPath, ['scripts/serve.mjs'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });

async function stopServer() {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await rm(dataDir, { recursive: true, force: true });
}

try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }

  const month = await (await fetch(`${base}/api/availability?month=${new Date().toISOString().slice(0, 7)}`)).json();
  const next = await (await fetch(`${base}/api/availability?month=${nextMonth()}`)).json();
  const days = [...month.days, ...next.days];
  const date = days[1] ?? days[0];

  const lead = (i) => ({
    nomeCompleto: `Cliente ${i}`, cargo: 'ceo-proprietario', email: `bench${i}@example.com`, telefone: '43999998888',
    nomeEmpresa: 'Empresa Bench', cnpj: '11222333000181', faturamento: '100-500', numeroVendedores: '3-5',
    segmento: 'energia-solar', outroSegmento: '', modeloNegocio: 'b2b', idempotencyKey: `bench-lead-${i}-${Date.now()}`, privacyPolicyVersion: '2026-11-21',
  });
  const availabilityRun = await bench('GET /api/availability?date', { url: `${base}/api/availability?date=${date}`, duration: DURATION });
  const monthRun = await bench('GET /api/availability?month', { url: `${base}/api/availability?month=${nextMonth()}`, duration: DURATION });

  // Reads first: each write queues mail, and draining it competes for the embedded database.
  let n = 0;
  const leadsRun = await bench('POST /api/leads', {
    url: `${base}/api/leads`, duration: DURATION,
    requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: JSON.stringify(lead(n++)) }) }],
  });

  // Booking: every request asks for a different (day, time, consultant) so each one is a real booking.
  const ids = [];
  for (let i = 0; i < 50; i++) ids.push((await (await post('/api/leads', lead(`b${i}`))).json()).id);
  const slots = [];
  for (const day of days) {
    const { availableSlots } = await (await fetch(`${base}/api/availability?date=${day}`)).json();
    for (const s of availableSlots) slots.push({ day, ...s });
  }
  let k = 0;
  const bookingRun = await bench('POST /api/meetings', {
    url: `${base}/api/meetings`, amount: Math.min(slots.length, 2000),
    requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => {
      const s = slots[k % slots.length];
      const body = { leadId: ids[k % ids.length], scheduledDate: s.day, scheduledTime: s.time, presellerId: s.presellerId,
        service: 'consultoria', diagnosticScore: 75, idempotencyKey: `bench-meeting-${k++}-${Date.now()}` };
      return { ...req, body: JSON.stringify(body) };
    } }],
  });

  console.log(`\n${CONNECTIONS} connections, ${DURATION}s per GET/lead run, embedded PGlite, ${new Date().toISOString().slice(0, 10)}\n`);
  console.log('| Endpoint | Requests | Status | Req/s | p50 (ms) | p95 (ms) | p99 (ms) |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  for (const r of [availabilityRun, monthRun, leadsRun, bookingRun]) console.log(r);
} finally {
  await stopServer();
}

function nextMonth() {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
}

function post(path, body) {
  return fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
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
