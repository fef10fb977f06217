// `npm test`: every gate, in stages; a stage starts when the one before passed, and its gates run at once.
//   stage 1   build → astro check (types) (both write .astro/, so never at once) · ESLint (zero warnings) → JS budget → valid HTML
//             two chains on two cores; dist/'s checks wait for the build, whichever chain it is in
//   stage 2   vitest --project unit --project pure   unit + integration (pure and warm: vitest.config.ts; TEST_WARM=0 runs every file isolated) (fresh temp DATA_DIR; its globalSetup starts PostgreSQL)
//             · vitest --project browser   one site per worker (tests/support/browser-site.ts), one worker for now
//             side by side: the browser files keep about one core busy, the unit files fill the other (below)
//   stage 3   Lighthouse             tests/tools/lighthouse.mjs, alone: its scores must not pay for other work
// The vitest stages run UNIT_WORKERS / BROWSER_WORKERS files at once (below: why those numbers).
// Output of gates that run together is held and printed whole when each ends, so it never interleaves.
// Each gate owns whatever server it needs, so this file only runs commands. Closing line, for CI:
// `tests: N passed, N failed[, N skipped]` (each vitest file's time goes to reports/test-times.md), where N counts vitest tests plus one check for each other
// gate (astro check, ESLint, build, JS budget, valid HTML, Lighthouse); gates that did not run because an earlier one
// failed count as skipped.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
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

/**
 * Where the run's temporary files go (every child's TMPDIR): memory when the machine has a tmpfs to spare. Each
 * PostgreSQL-backed test file copies the template database into a new one; on this machine's ext4 disk each copy
 * cost 0.1 CPU-s at the start of the unit files and ~0.5 by their end (93 copies: 36.5 CPU-s), and in /dev/shm
 * 0.01–0.03 (1.3 CPU-s). The 56 files on PostgreSQL: the cluster's own CPU 108 → 67 CPU-s, their wall 188 →
 * 153 s (2026-12-02). The temp data of a run (clusters, embedded databases, copies of the project with linked
 * packages) peaked at 657 MB in a fresh clone; NPM_TEST_TMPDIR chooses another place.
 */
const TMPFS_MAGIC = 0x01021994;
function runTmpParent() {
  if (process.env.NPM_TEST_TMPDIR) return process.env.NPM_TEST_TMPDIR;
  try {
    const shm = statfsSync('/dev/shm');
    if (shm.type === TMPFS_MAGIC && shm.bavail * shm.bsize >= 4 * 1024 ** 3) return '/dev/shm';
  } catch {
    // no /dev/shm: the system's temp dir
  }
  return os.tmpdir();
}
const tmpRoot = mkdtempSync(path.join(runTmpParent(), 'npm-test-'));
const baseEnv = {
  ...process.env,
  TMPDIR: tmpRoot,
  PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
  // Node's on-disk compile cache (V8 code cache of every module loaded natively) for every Node process of the
  // run: a run starts a dozen sites, vitest's workers, CLIs and builds of copies, and from the second start on
  // each one reads its modules compiled. A site start on PostgreSQL took 2.69–2.85 CPU-s without it and
  // 2.35–2.37 with it (2026-12-01). Kept in node_modules/.cache, so a local run reuses the last one's.
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(root, 'node_modules', '.cache', 'node-compile-cache'),
};

const children = new Set();

/**
 * CPU seconds of this process's reaped children so far (/proc/self/stat: cutime + cstime). When a gate's
 * process ends, the kernel adds the CPU of its whole tree to it — every descendant that was waited for:
 * vitest's workers, the sites, Chromium, the build — but not the PostgreSQL servers and PgBouncers, which
 * detach: those write their own down as they stop (recordServerCpu in tests/support/cpu.ts), read after each
 * vitest stage. Read as each gate's process closes, the growth since the previous read is that gate's CPU:
 * the figure that counts on a shared 2-core machine, where wall time also measures the neighbours. null where
 * /proc is missing.
 */
const CLOCK_TICKS_PER_SECOND = 100; // sysconf(_SC_CLK_TCK) on Linux x86-64 and arm64
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields[0] is field 3, `state`
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS_PER_SECOND; // fields 16 and 17
  } catch {
    return null;
  }
}
let childrenCpuSoFar = childrenCpuSeconds();

/**
 * CPU seconds the whole machine has spent busy so far (/proc/stat: user, nice, system, irq, softirq), every
 * process included. Chromium's renderers are forked by its zygote and no gate waits for them (process accounting
 * of one browser file, 2026-11-30: the renderers 21 CPU-s against 18 for everything the gate's tree counted), so
 * a stage's machine figure beside its gates' `cpu` lines is the honest total on a machine that runs nothing else.
 */
function machineBusySeconds() {
  try {
    const [, user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    return (user + nice + system + irq + softirq) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** { index, cpuSeconds } of each stage: the machine's busy CPU while it ran. */
const machineOfStages = [];
/** { label, cpuSeconds } of each command run, in the order they ended. */
const cpuOfRuns = [];

/**
 * Runs a command; resolves with its exit code (a timeout kills it and fails). Its output is inherited, or with
 * `hold`, collected and printed whole when it ends (gates that run at the same time).
 */
function run(args, { env = baseEnv, timeoutMs = 30 * MINUTE, command = node, hold = false, label = path.basename(args[0] ?? command) } = {}) {
  return new Promise((resolve) => {
    const stdio = hold ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'];
    const child = spawn(command, args, { cwd: root, env, stdio, detached: true });
    const held = [];
    if (hold) {
      child.stdout.on('data', (chunk) => held.push(chunk));
      child.stderr.on('data', (chunk) => held.push(chunk));
    }
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
      const cpu = childrenCpuSeconds();
      if (cpu !== null && childrenCpuSoFar !== null) cpuOfRuns.push({ label, cpuSeconds: cpu - childrenCpuSoFar });
      childrenCpuSoFar = cpu;
      if (held.length) process.stdout.write(Buffer.concat(held));
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

/** A vitest JSON report, parsed once for every reader below; null when missing (vitest crashed before writing it). */
function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Test counts of a report. */
function vitestCounts(report) {
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failedSuites: report.numFailedTestSuites ?? 0,
  };
}

function vitestArgs(extra, jsonFile) {
  return [binOf('vitest'), 'run', ...extra, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`];
}

/**
 * A vitest stage's own temp directory (its TMPDIR): the PostgreSQL clusters and PgBouncers its setups start
 * live there (tests/support/postgres-server.ts, pgbouncer.ts). Both detach from the stage's process group
 * (pg_ctl and pgbouncer -d start a session of their own), so killing the stage at its cap would leave them
 * running; stopServersIn finds them by their pid files there, and only there (other runs' are not ours).
 */
const stageTmpDirs = new Set();
function stageTmpDir(name) {
  const dir = mkdtempSync(path.join(tmpRoot, `${name}-tmp-`));
  // Open like /tmp: run as root, the clusters run as the postgres user, who must reach their directories.
  chmodSync(tmpRoot, 0o711);
  chmodSync(dir, 0o1777);
  stageTmpDirs.add(dir);
  return dir;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Stops every PostgreSQL (immediate shutdown: SIGQUIT) and PgBouncer (SIGKILL) whose pid file is under `dir`. */
function stopServersIn(dir) {
  const found = [];
  const walk = (at, depth) => {
    let entries = [];
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const file = path.join(at, e.name);
      if (e.isDirectory() && depth < 3) walk(file, depth + 1);
      else if (e.name === 'postmaster.pid' || e.name === 'pgbouncer.pid') {
        const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
        if (pid > 0 && alive(pid)) found.push({ pid, signal: e.name === 'postmaster.pid' ? 'SIGQUIT' : 'SIGKILL' });
      }
    }
  };
  if (existsSync(dir)) walk(dir, 0);
  for (const { pid, signal } of found) {
    console.error(`!! stopping a server the stage left running (pid ${pid}, ${signal})`);
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
  // A postmaster ends its backends and exits within moments of SIGQUIT; one that has not after 10 s is killed.
  const deadline = Date.now() + 10_000;
  while (found.some(({ pid }) => alive(pid)) && Date.now() < deadline) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  for (const { pid } of found) if (alive(pid)) process.kill(pid, 'SIGKILL');
}

function cleanupSync() {
  for (const child of children) killGroup(child, 'SIGKILL');
  for (const dir of stageTmpDirs) stopServersIn(dir);
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
async function step(title, body) {
  console.log(`\n==> ${title}`);
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
  console.log(`<== ${title}: ${outcome.ok ? 'ok' : 'FAILED'} in ${fmtSeconds(ms)}${outcome.note ? ` (${outcome.note})` : ''}`);
  return outcome.ok;
}

/**
 * The failed tests of a report, with the first lines of each error (and suites that failed to load): printed
 * again under the summary, because CI keeps only the tail of this output.
 */
function failuresOf(report, stage) {
  const lines = [];
  for (const result of report.testResults ?? []) {
    const where = path.relative(root, result.name);
    const failedTests = (result.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const test of failedTests) lines.push({ stage, where, title: test.fullName ?? test.title, message: test.failureMessages?.[0] ?? '' });
    if (!failedTests.length && result.status === 'failed') lines.push({ stage, where, title: '(the file failed to load or a hook failed)', message: result.message ?? '' });
  }
  return lines;
}
const failures = [];

/** Every file's wall time (from its first test's start to its end), longest first: where the run's time goes. */
function fileTimes(report) {
  return (report.testResults ?? [])
    .map((r) => ({ name: path.relative(root, r.name), ms: (r.endTime ?? 0) - (r.startTime ?? 0), tests: (r.assertionResults ?? []).length }))
    .sort((a, b) => b.ms - a.ms);
}

/** reports/test-times.md: each stage's files and their times, whole (the log shows the slowest 12). */
const timeReport = [];
function writeTimeReport() {
  if (!timeReport.length) return;
  const lines = ['# Where `npm test` spent its time', '', `Written by tests/tools/test.mjs at ${new Date().toISOString()}; seconds per file, longest first.`];
  for (const { stage, ms, files } of timeReport) {
    const sum = files.reduce((total, f) => total + f.ms, 0);
    lines.push('', `## ${stage}: ${fmtSeconds(ms)} wall, ${fmtSeconds(sum)} in files`, '', '| s | tests | file |', '|---:|---:|---|');
    for (const f of files) lines.push(`| ${(f.ms / 1000).toFixed(1)} | ${f.tests} | ${f.name} |`);
  }
  mkdirSync(path.join(root, 'reports'), { recursive: true });
  writeFileSync(path.join(root, 'reports/test-times.md'), `${lines.join('\n')}\n`);
}

/** A vitest stage's cap; VITEST_CAP_MINUTES shortens it (to see a killed stage clean up after itself). */
const VITEST_CAP_MS = Number(process.env.VITEST_CAP_MINUTES || 40) * MINUTE;

async function vitestStep(extraArgs, name, env) {
  const jsonFile = path.join(tmpRoot, `${name}.json`);
  const started = Date.now();
  // Held: the unit and browser stages run side by side, and two vitest reporters would interleave line by line.
  const tmp = stageTmpDir(name);
  const code = await run(vitestArgs(extraArgs, jsonFile), { env: { ...env, TMPDIR: tmp }, timeoutMs: VITEST_CAP_MS, hold: true, label: `vitest ${name}` });
  // After a clean end its setups' teardown stopped them; after a kill at the cap nothing else would.
  stopServersIn(tmp);
  // The PostgreSQL servers and PgBouncers detach: their CPU is written down as each stops (recordServerCpu).
  const serverCpu = path.join(tmp, 'server-cpu');
  if (existsSync(serverCpu)) {
    const ms = readFileSync(serverCpu, 'utf8').split('\n').filter(Boolean).reduce((sum, line) => sum + Number(line), 0);
    cpuOfRuns.push({ label: `servers of vitest ${name} (PostgreSQL, PgBouncer)`, cpuSeconds: ms / 1000 });
  }
  const report = readReport(jsonFile);
  if (!report) return { ok: code === 0, note: 'no vitest report' };
  const files = fileTimes(report);
  timeReport.push({ stage: name, ms: Date.now() - started, files });
  if (files.length) console.log(`\nslowest files (${name}; all in reports/test-times.md):\n${files.slice(0, 12).map((f) => `  ${fmtSeconds(f.ms).padStart(7)}  ${f.name}`).join('\n')}`);
  failures.push(...failuresOf(report, name));
  const counts = vitestCounts(report);
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
function npmRun(script, options) {
  const npmCli = process.env.npm_execpath;
  if (npmCli && /\.[cm]?js$/.test(npmCli)) return run([npmCli, 'run', script], { label: `npm run ${script}`, ...options });
  return run(['run', script], { label: `npm run ${script}`, ...options, command: 'npm' });
}

/**
 * Files each vitest stage runs at once. Unit: 2 on this 2-core machine — most files wait on a database, a
 * child process or a socket part of the time, and one worker left 40–50 % of the machine idle (538–549 s
 * against 740–850 s with one, measured in fresh clones). Browser: one, for now. Two workers, each with a
 * site and database of its own (tests/support/browser-site.ts), ran the step in 498–548 s instead of ~720 s,
 * but files of one worker then run in another order on a site earlier files changed. Each file now leaves
 * its site as it found it, and tests/browser/site-as-found.ts fails the one that does not; two workers in a
 * shuffled file order passed all 191 tests (2026-11-30, 1,343 s of wall and 576 CPU-s on a machine at load
 * 12–22), and two are the default since (docs/tests.md "Quality gates (`npm test`)"). Overridable:
 * UNIT_WORKERS=1, BROWSER_WORKERS=1 (one file at a time, to bisect an interaction between files).
 *
 * The two vitest stages run side by side. Alone, the browser files used 640 CPU-seconds in 672 s of wall time
 * (0.95 of the 2 cores' 2.0; 2026-11-27): they mostly wait on pages, servers and polls, and one core sat idle
 * for 11 minutes. The unit files, which kept both cores busy alone, now fill it; each side runs slower than
 * alone, about as under the CPU hog on one core that every test must already pass under (issue 37).
 */
const cores = os.availableParallelism();
const UNIT_WORKERS = Number(process.env.UNIT_WORKERS) || Math.max(2, cores);
const BROWSER_WORKERS = Number(process.env.BROWSER_WORKERS) || 2;

/** `after`: a promise of whether an earlier gate in another chain passed; the gate waits for it, and is not run if it failed. */
const gate = (title, body, after) => ({ title, body, after });
const exitOk = (code) => ({ ok: code === 0 });
/** Resolved with whether the build passed: the gates that read dist/ run in the other chain, once it is there. */
let buildPassed;
const built = new Promise((resolve) => (buildPassed = resolve));
/** Stages: each a list of chains that run at once; a chain's gates run in order and stop at a failure. */
const stages = [
  [
    [
      // The build before astro check, in one chain: both sync the content collections into .astro/, and side by
      // side in a fresh clone the build's rename of .astro/content-assets.mjs.tmp failed (ENOENT) once in six
      // runs (2026-11-27). The build first (~8 s), so dist/'s checks run beside astro check, in ESLint's chain,
      // instead of after it: astro check (52-61 s) is the stage's longest gate.
      // The project's build script: `astro build` plus its post-build steps (e.g. the CSP written into dist/_headers).
      gate('build (npm run build)', () => npmRun('build', { timeoutMs: 15 * MINUTE, hold: true }).then(exitOk).then((outcome) => (buildPassed(outcome.ok), outcome))),
      gate('astro check (types)', () => run([binOf('astro'), 'check'], { timeoutMs: 15 * MINUTE, hold: true }).then(exitOk)),
    ],
    [
      gate('ESLint (zero warnings)', () => run([binOf('eslint'), '--max-warnings', '0', '.'], { timeoutMs: 10 * MINUTE, hold: true }).then(exitOk)),
      gate('JS budget (dist/)', () => run([path.join(root, 'tests/tools/check-dist-js.mjs')], { timeoutMs: 5 * MINUTE, hold: true }).then(exitOk), built),
      gate('valid HTML (Nu HTML Checker, dist/)', () => run([path.join(root, 'tests/tools/check-html.mjs')], { timeoutMs: 5 * MINUTE, hold: true }).then(exitOk), built),
    ],
  ],
  [
    [
      gate('vitest: unit + integration', () =>
        vitestStep(['--project', 'unit', ...(process.env.TEST_WARM === '0' ? [] : ['--project', 'warm']), '--project', 'pure', `--maxWorkers=${UNIT_WORKERS}`], 'unit', { ...baseEnv, DATA_DIR: mkdtempSync(path.join(tmpRoot, 'unit-data-')) }),
      ),
    ],
    [gate('vitest: browser', () => vitestStep(['--project', 'browser', `--maxWorkers=${BROWSER_WORKERS}`], 'browser', baseEnv))],
  ],
  [
    [
      gate('Lighthouse (mobile)', () => {
        const { BASE_URL: _running, ...env } = baseEnv; // always audit a fresh site of this build
        return run([path.join(root, 'tests/tools/lighthouse.mjs')], { env, timeoutMs: 30 * MINUTE }).then(exitOk);
      }),
    ],
  ],
];

async function runChain(chain) {
  for (const { title, body, after } of chain) {
    // A gate whose input failed in the other chain is not run (counted as such), and ends its chain.
    if (after && !(await after)) return false;
    if (!(await step(title, body))) return false;
  }
  return true;
}

const runStarted = Date.now();
/** Each stage's wall time, for the summary: its gates run at once, so their own times do not add up to it. */
const stageTimes = [];
let allOk = true;
for (const [index, chains] of stages.entries()) {
  console.log(`\n=== stage ${index + 1}/${stages.length}: ${chains.map((c) => c.map((g) => g.title).join(' → ')).join(' · ')}`);
  const stageStarted = Date.now();
  const machineBefore = machineBusySeconds();
  const results = await Promise.all(chains.map(runChain));
  const stageMs = Date.now() - stageStarted;
  stageTimes.push(stageMs);
  const machineAfter = machineBusySeconds();
  if (machineBefore !== null && machineAfter !== null) machineOfStages.push({ index, cpuSeconds: machineAfter - machineBefore });
  console.log(`=== stage ${index + 1}/${stages.length}: ${fmtSeconds(stageMs)}`);
  if (results.includes(false)) {
    allOk = false;
    break;
  }
}

// Gates that never ran count as skipped (the vitest steps' tests are unknown, so they add nothing).
const notRun = stages
  .flat(2)
  .map((g) => g.title)
  .filter((title) => !title.startsWith('vitest') && !timings.some((t) => t.title === title));
totals.skipped += notRun.length;

writeTimeReport();
console.log('\n==> summary');
for (const t of timings) console.log(`  ${t.ok ? 'ok    ' : 'FAILED'} ${fmtSeconds(t.ms).padStart(7)}  ${t.title}`);
for (const title of notRun) console.log(`  not run          ${title}`);
for (const [index, ms] of stageTimes.entries()) console.log(`  stage  ${fmtSeconds(ms).padStart(7)}  ${index + 1}/${stages.length}`);
console.log(`  total  ${fmtSeconds(Date.now() - runStarted).padStart(7)}`);
// CPU of each command's process tree (childrenCpuSeconds above), e.g. `cpu  612.3s  vitest browser`.
for (const { label, cpuSeconds } of cpuOfRuns) console.log(`  cpu    ${fmtSeconds(cpuSeconds * 1000).padStart(7)}  ${label}`);
for (const { index, cpuSeconds } of machineOfStages) console.log(`  cpu    ${fmtSeconds(cpuSeconds * 1000).padStart(7)}  the whole machine during stage ${index + 1}/${stages.length} (every process)`);
// The kernel's huge-page mode moves the embedded database's CPU time by ~20 % (.ci/run says why): said with the figures.
const hugePages = (() => {
  try {
    return /\[(\w+)\]/.exec(readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8'))?.[1] ?? 'n/a';
  } catch {
    return 'n/a';
  }
})();
console.log(`  transparent huge pages: ${hugePages}`);
if (failures.length) {
  console.log(`\n==> failed tests (${failures.length})`);
  for (const f of failures.slice(0, 20)) {
    const message = f.message.split('\n').filter((l) => l.trim()).slice(0, 6).map((l) => `      ${l.slice(0, 300)}`).join('\n');
    console.log(`  ✗ [${f.stage}] ${f.where} › ${f.title}\n${message}`);
  }
}
if (!allOk) console.log(`\nnpm test FAILED at: ${timings.filter((t) => !t.ok).map((t) => t.title).join(', ')}`);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exitCode = allOk ? 0 : 1;
