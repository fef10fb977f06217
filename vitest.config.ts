import { defineConfig } from 'vitest/config';
import DurationSequencer from './tests/support/sequencer.ts';

/**
 * Test files that import no database, mock no module, touch no environment variable and keep no state in
 * modules: the `pure` project runs them without isolation (one module registry per worker instead of one per
 * file), which took 28 such files from 20.4 to 6.6 CPU-s (2026-11-28 profile). A new file goes to `unit`
 * unless it is added here, and it is added only if it can share its worker's modules with the others.
 */
const PURE = [
  'src/domain/**/*.test.ts', 'src/lib/**/*.test.ts', 'src/scripts/**/*.test.ts',
  'src/islands/painel/**/*.test.ts', 'src/islands/quote/**/*.test.ts',
  'functions/lib/base-url.test.ts', 'functions/lib/painel/csv.test.ts', 'functions/lib/routing.test.ts', 'functions/lib/integrations/integrations.test.ts',
  'functions/lib/conversions/**/*.test.ts',
  'tests/unit/domain/**/*.test.ts', 'tests/unit/mail/**/*.test.ts',
  'tests/unit/{faked-clock,file-order,docs-links,defer-assets,routing-rules,cpu-calibration,house,uploads,bundle-functions,unused-custom-properties,inline-theme-values,attribution-capture,server-compression}.test.ts',
];

/**
 * Integration and unit files that need a process of their own, so they stay in `unit` (isolated); every other
 * non-pure file runs in `warm`: one module registry per worker, so imports (~1.4 CPU-s a file) and the worker's
 * PGlite (tests/support/pglite-pool.ts: a reset instead of a 1.6–2.4 CPU-s load) are paid once per worker.
 * A file is listed here when it mocks a module (the mocked module would stay cached), installs fake timers,
 * writes process.env or stubs it while modules read it at import, imports a function's entry (its process-wide
 * app and settings are kept in module scope), or runs real child processes and servers (their cost is the
 * children's, and they read the environment the test sets). tests/support/warm-guard.ts fails a warm file
 * that leaves fake timers installed, process.env changed or the working directory moved.
 */
const ISOLATED = [
  'tests/integration/conversions.test.ts', // vi.mock
  'tests/unit/scheduler.test.ts', // fake timers
  'src/islands/store.test.ts', // vi.resetModules and a sessionStorage that throws, on globalThis
  'tests/integration/lead-routing.test.ts', 'tests/integration/routing.test.ts', // process.env writes, function entries
  ...['cms-roundtrip', 'deploy-context', 'deploy-status', 'drain-black-hole', 'env-defaults', 'feed-budget', 'functions-entry', 'rate-limit', 'scheduled-budget']
    .map((name) => `tests/integration/${name}.test.ts`), // function entries, getApp, stubbed env or globals read at import
  ...['data-subject', 'demo-seed', 'netlify-bundle', 'serve-lifecycle', 'serve-output-gone', 'store-lock-race', 'store-lock', 'postgres/db-cli', 'postgres/drain-killed']
    .map((name) => `tests/integration/${name}.test.ts`), // real child processes and servers
];

const NOT_PURE = ['src/**/*.test.ts', 'functions/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'];

/**
 * `warm` is on unless TEST_WARM=0, which runs every non-pure file isolated in `unit` (to tell a leak between
 * files from a bug: a test that passes with TEST_WARM=0 and fails warm depends on what ran before it).
 */
const WARM = process.env.TEST_WARM !== '0';

// Four projects, run by `npm test` (`vitest run --project unit --project pure`, then or beside it `--project browser`):
// - pure: the files of PURE (above), without isolation;
// - warm (unless TEST_WARM=0): the other files below, without isolation (ISOLATED above says which stay out);
// - unit: the files of ISOLATED (every non-pure file with TEST_WARM=0): domain rules, content schemas, function handlers on a real PGlite and on a real PostgreSQL
//   server (tests/support/postgres-server.ts starts a throwaway cluster for the run);
// - browser: real Chromium (playwright-core) against the built dist/ (run `npm run build` first), one site
//   and database per worker (tests/support/browser-site.ts, tests/browser/site.ts): files running at the same
//   time never share state. How many run at once is set where vitest is called (`--maxWorkers`, see
//   tests/tools/test.mjs and package.json): vitest has one maxWorkers for every project. Browser files run
//   one at a time for now (test.mjs says why).
export default defineConfig({
  test: {
    // Every project's files start longest first, by the times committed in tests/durations.json (the module says
    // why); `--sequence.shuffle.files` still shuffles them.
    sequence: { sequencer: DurationSequencer },
    projects: [
      {
        test: {
          name: 'pure',
          include: PURE,
          isolate: false,
          testTimeout: 60_000,
        },
      },
      ...(WARM ? [{
        test: {
          name: 'warm',
          include: NOT_PURE,
          exclude: [...PURE, ...ISOLATED],
          isolate: false,
          // Started once for both projects (tests/support/once-per-run.ts).
          globalSetup: ['tests/support/postgres-server.ts', 'tests/support/pglite-template.ts'],
          setupFiles: ['tests/support/warm-guard.ts'],
          restoreMocks: true,
          unstubEnvs: true,
          unstubGlobals: true,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      }] : []),
      {
        test: {
          name: 'unit',
          include: WARM ? ISOLATED : NOT_PURE,
          exclude: PURE,
          globalSetup: ['tests/support/postgres-server.ts', 'tests/support/pglite-template.ts'],
          // Sized for a loaded 2-core machine: in a fresh clone with a CPU hog on one core (2026-11-27) tests that
          // take 5–10 s on an idle one took 25–26 s (a migration from scratch, the consultants CLI's processes),
          // close to the 30 s this was. A timeout costs nothing to a test that passes.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/browser-site.ts'],
          // Files share their worker's modules: a browser file's own process cost ~2.3 CPU-s (playwright-core's
          // import alone 1.0-1.2, axe 0.3), paid once per worker instead (7 files: 121.7 -> 99.0 CPU-s, 2026-11-30).
          // No browser file mocks a module, fakes vitest's timers or writes process.env; warm-guard.ts fails one that would.
          isolate: false,
          // Each file must leave its worker's site-wide settings as it found them (the file says why), the
          // process as it found it (warm-guard.ts), and the worker's shared Chromium without its contexts
          // (browser-as-found.ts).
          setupFiles: ['tests/support/warm-guard.ts', 'tests/browser/site-as-found.ts', 'tests/browser/browser-as-found.ts'],
          // expect.poll waits 1 s by default: a page under a loaded 2-core machine may take longer to show
          // what the test waits for (tests/browser/reuniao.test.ts failed so), so every poll gets 20 s.
          expect: { poll: { timeout: 20_000, interval: 50 } },
          testTimeout: 90_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
