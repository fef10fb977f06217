// `npm test`: every gate in order, stopping at the first failure.
//   1. astro check            type errors fail; then ESLint with zero warnings
//   2. vitest run             unit + integration (fresh temp DATA_DIR)
//   3. npm run build          astro build + the project's post-build steps
//   4. JS budget              scripts/check-dist-js.mjs on dist/
//   5. browser tests          scripts/serve.mjs on a free port with a fresh temp DATA_DIR, then
//                             vitest with vitest.browser.config.ts and TEST_BASE_URL pointing at it
//   6. Lighthouse             scripts/lighthouse.mjs against the same server
// The server is stopped in every case. Closing line, for CI: `tests: N passed, N failed[, N skipped]`,
// where N counts vitest tests plus one check for each other gate (astro check, build, JS budget, Lighthouse);
// gates that did not run because an earlier one failed count as skipped.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const node = process.execPath;
const MINUTE = 60_000;

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`npm test needs Node >= 22.12 (this is ${process.version}); see .ci/run for how CI installs it.`);
  process.exit(1);
}

/** The JS entry of a package's CLI, run with this same Node (a PATH `node` may be an older one). */
function binOf(pkg, name = pkg) {
  const manifestPath = path.join(root, 'node_modules', pkg, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name];
  return path.join(root, 'node_modules', pkg, bin);
}

const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'npm-test-'));
const baseEnv = {
  ...process.env,
  PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
};

const children = new Set();
let server;

/** Runs a command with inherited output; resolves with its exit code (a timeout kills it and fails). */
function run(args, { env = baseEnv, timeoutMs = 30 * MINUTE, command = node } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    children.add(child);
    const timer = setTimeout(() => {
      console.error(`\n!! timed out after ${timeoutMs / MINUTE} min: ${args.join(' ')}`);
      killGroup(child, 'SIGKILL');
    }, timeoutMs);
    child.on('error', (error) => {
      console.error(`!! could not start ${args[0]}: ${error.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function killGroup(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** Counts from a vitest JSON report; null when the report is missing (vitest crashed before writing it). */
function vitestCounts(file) {
  if (!existsSync(file)) return null;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: report.numPassedTests ?? 0,
      failed: report.numFailedTests ?? 0,
      skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
      failedSuites: report.numFailedTestSuites ?? 0,
    };
  } catch {
    return null;
  }
}

function vitestArgs(extra, jsonFile) {
  return [binOf('vitest'), 'run', ...extra, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`];
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpRoot, 'server-data-'));
  const child = spawn(node, [path.join(root, 'scripts/serve.mjs')], {
    cwd: root,
    // Rate limits off: every browser test and Lighthouse come from one IP, far above a visitor's pace.
    // (The 429 browser test starts its own server with the limits on.)
    env: { ...baseEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, RATE_LIMITS: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const prefix = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`[server] ${line}\n`);
    });
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = code ?? signal;
    if (server === child) console.error(`!! server exited unexpectedly (${exited})`);
  });
  server = child;
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 2 * MINUTE;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`server exited (${exited}) before answering`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      console.log(`server answers on ${url} (GET / -> ${response.status}), DATA_DIR=${dataDir}`);
      return url;
    } catch {
      await new Promise((r) => setTimeout(r, 300));
    }
  }
  throw new Error('server did not answer within 2 minutes');
}

async function stopServer() {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise((resolve) => child.once('exit', resolve));
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
  await closed;
  clearTimeout(timer);
  console.log('server stopped');
}

function cleanupSync() {
  for (const child of children) killGroup(child, 'SIGKILL');
  if (server) killGroup(server, 'SIGKILL');
  rmSync(tmpRoot, { recursive: true, force: true });
}
process.on('exit', cleanupSync);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n!! ${signal}: stopping`);
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------------
const totals = { passed: 0, failed: 0, skipped: 0 };
const timings = [];
const fmtSeconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

/**
 * One gate. `body` returns { ok, counts? }: vitest steps report test counts, the other gates count as one check.
 */
async function step(number, title, body) {
  console.log(`\n==> [${number}/${steps.length + 2}] ${title}`);
  const started = Date.now();
  let outcome;
  try {
    outcome = await body();
  } catch (error) {
    console.error(`!! ${title}: ${error instanceof Error ? error.message : error}`);
    outcome = { ok: false };
  }
  const ms = Date.now() - started;
  timings.push({ title, ms, ok: outcome.ok });
  if (outcome.counts) {
    totals.passed += outcome.counts.passed;
    totals.failed += outcome.counts.failed;
    totals.skipped += outcome.counts.skipped;
  } else if (outcome.ok) totals.passed += 1;
  else totals.failed += 1;
  console.log(`<== [${number}/${steps.length + 2}] ${title}: ${outcome.ok ? 'ok' : 'FAILED'} in ${fmtSeconds(ms)}${outcome.note ? ` (${outcome.note})` : ''}`);
  return outcome.ok;
}

async function vitestStep(extraArgs, name, env) {
  const jsonFile = path.join(tmpRoot, `${name}.json`);
  const code = await run(vitestArgs(extraArgs, jsonFile), { env });
  const counts = vitestCounts(jsonFile);
  if (!counts) return { ok: code === 0, note: 'no vitest report' };
  // A suite that fails to load (syntax error, failing beforeAll) has no failed test: count it as a failure.
  const failed = counts.failed || (code !== 0 ? Math.max(counts.failedSuites, 1) : 0);
  const ok = code === 0 && failed === 0;
  return {
    ok,
    counts: { passed: counts.passed, failed, skipped: counts.skipped },
    note: `${counts.passed} passed, ${failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
  };
}

/** `npm run <script>` with the npm that runs this script (npm_execpath), else the npm on PATH. */
function npmRun(script, timeoutMs) {
  const npmCli = process.env.npm_execpath;
  if (npmCli && /\.[cm]?js$/.test(npmCli)) return run([npmCli, 'run', script], { timeoutMs });
  return run(['run', script], { timeoutMs, command: 'npm' });
}

const steps = [
  ['astro check (types)', () => run([binOf('astro'), 'check'], { timeoutMs: 15 * MINUTE }).then((c) => ({ ok: c === 0 }))],
  ['ESLint (zero warnings)', () => run([binOf('eslint'), '--max-warnings', '0', '.'], { timeoutMs: 10 * MINUTE }).then((c) => ({ ok: c === 0 }))],
  [
    'vitest: unit + integration',
    () => vitestStep([], 'unit', { ...baseEnv, DATA_DIR: mkdtempSync(path.join(tmpRoot, 'unit-data-')) }),
  ],
  // The project's build script: `astro build` plus its post-build steps (e.g. the CSP written into dist/_headers).
  ['build (npm run build)', () => npmRun('build', 15 * MINUTE).then((c) => ({ ok: c === 0 }))],
  ['JS budget (dist/)', () => run([path.join(root, 'scripts/check-dist-js.mjs')], { timeoutMs: 5 * MINUTE }).then((c) => ({ ok: c === 0 }))],
];

const runStarted = Date.now();
let allOk = true;
for (const [index, [title, body]] of steps.entries()) {
  if (!(await step(index + 1, title, body))) {
    allOk = false;
    break;
  }
}

if (allOk) {
  let baseUrl;
  try {
    allOk = await step(steps.length + 1, 'browser tests (server + vitest.browser.config.ts)', async () => {
      baseUrl = await startServer();
      return vitestStep(['--config', 'vitest.browser.config.ts'], 'browser', {
        ...baseEnv,
        TEST_BASE_URL: baseUrl,
        // The running server owns its DATA_DIR (PGlite is single-process); tests that start their own
        // in-process server get another fresh one.
        DATA_DIR: mkdtempSync(path.join(tmpRoot, 'browser-tests-data-')),
        RATE_LIMITS: 'off',
      });
    });
    if (allOk) {
      allOk = await step(steps.length + 2, 'Lighthouse (mobile)', () =>
        run([path.join(root, 'scripts/lighthouse.mjs')], { env: { ...baseEnv, BASE_URL: baseUrl }, timeoutMs: 30 * MINUTE }).then((c) => ({ ok: c === 0 })),
      );
    }
  } finally {
    await stopServer();
  }
}

// Gates that never ran count as skipped (the vitest steps' tests are unknown, so they add nothing).
const notRun = ['astro check (types)', 'ESLint (zero warnings)', 'build (npm run build)', 'JS budget (dist/)', 'Lighthouse (mobile)'].filter(
  (title) => !timings.some((t) => t.title === title),
);
totals.skipped += notRun.length;

console.log('\n==> summary');
for (const t of timings) console.log(`  ${t.ok ? 'ok    ' : 'FAILED'} ${fmtSeconds(t.ms).padStart(7)}  ${t.title}`);
for (const title of notRun) console.log(`  not run          ${title}`);
console.log(`  total  ${fmtSeconds(Date.now() - runStarted).padStart(7)}`);
if (!allOk) console.log(`\nnpm test FAILED at: ${timings.at(-1)?.title}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exitCode = allOk ? 0 : 1;
