// `npm test`: every gate in order, stopping at the first failure.
//   1. astro check            type errors fail
//   2. ESLint                 zero warnings
//   3. vitest --project unit  unit + integration (fresh temp DATA_DIR; its globalSetup starts PostgreSQL)
//   4. npm run build          astro build + the project's post-build steps
//   5. JS budget              tests/tools/check-dist-js.mjs on dist/
//   6. Valid HTML             tests/tools/check-html.mjs: the Nu HTML Checker on every page of dist/ (needs Java)
//   7. vitest --project browser   its globalSetup starts one site for every browser file
//   8. Lighthouse             tests/tools/lighthouse.mjs, which starts the site as `npm start` does
// Each gate owns whatever server it needs, so this file only runs commands. Closing line, for CI:
// `tests: N passed, N failed[, N skipped]`, where N counts vitest tests plus one check for each other
// gate (astro check, ESLint, build, JS budget, valid HTML, Lighthouse); gates that did not run because an earlier one
// failed count as skipped.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
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

function cleanupSync() {
  for (const child of children) killGroup(child, 'SIGKILL');
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
  console.log(`\n==> [${number}/${steps.length}] ${title}`);
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
  console.log(`<== [${number}/${steps.length}] ${title}: ${outcome.ok ? 'ok' : 'FAILED'} in ${fmtSeconds(ms)}${outcome.note ? ` (${outcome.note})` : ''}`);
  return outcome.ok;
}

/** The files that took longest (wall time of the file, from the JSON report): where the run's time goes. */
function slowestFiles(file, count = 12) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    return (report.testResults ?? [])
      .map((r) => ({ name: path.relative(root, r.name), ms: (r.endTime ?? 0) - (r.startTime ?? 0) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, count);
  } catch {
    return [];
  }
}

async function vitestStep(extraArgs, name, env) {
  const jsonFile = path.join(tmpRoot, `${name}.json`);
  const code = await run(vitestArgs(extraArgs, jsonFile), { env });
  const slow = slowestFiles(jsonFile);
  if (slow.length) console.log(`\nslowest files (${name}):\n${slow.map((f) => `  ${fmtSeconds(f.ms).padStart(7)}  ${f.name}`).join('\n')}`);
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
    () => vitestStep(['--project', 'unit'], 'unit', { ...baseEnv, DATA_DIR: mkdtempSync(path.join(tmpRoot, 'unit-data-')) }),
  ],
  // The project's build script: `astro build` plus its post-build steps (e.g. the CSP written into dist/_headers).
  ['build (npm run build)', () => npmRun('build', 15 * MINUTE).then((c) => ({ ok: c === 0 }))],
  ['JS budget (dist/)', () => run([path.join(root, 'tests/tools/check-dist-js.mjs')], { timeoutMs: 5 * MINUTE }).then((c) => ({ ok: c === 0 }))],
  ['valid HTML (Nu HTML Checker, dist/)', () => run([path.join(root, 'tests/tools/check-html.mjs')], { timeoutMs: 5 * MINUTE }).then((c) => ({ ok: c === 0 }))],
  ['vitest: browser', () => vitestStep(['--project', 'browser'], 'browser', baseEnv)],
  [
    'Lighthouse (mobile)',
    () => {
      const { BASE_URL: _running, ...env } = baseEnv; // always audit a fresh site of this build
      return run([path.join(root, 'tests/tools/lighthouse.mjs')], { env, timeoutMs: 30 * MINUTE }).then((c) => ({ ok: c === 0 }));
    },
  ],
];

const runStarted = Date.now();
let allOk = true;
for (const [index, [title, body]] of steps.entries()) {
  if (!(await step(index + 1, title, body))) {
    allOk = false;
    break;
  }
}

// Gates that never ran count as skipped (the vitest steps' tests are unknown, so they add nothing).
const notRun = [
  'astro check (types)',
  'ESLint (zero warnings)',
  'build (npm run build)',
  'JS budget (dist/)',
  'valid HTML (Nu HTML Checker, dist/)',
  'Lighthouse (mobile)',
].filter(
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
