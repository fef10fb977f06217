import { defineConfig } from 'vitest/config';

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
  'tests/unit/{docs-links,defer-assets,routing-rules,cpu-calibration,house,uploads,bundle-functions,unused-custom-properties,inline-theme-values,attribution-capture}.test.ts',
];

// Three projects, run by `npm test` (`vitest run --project unit --project pure`, then or beside it `--project browser`):
// - pure: the files of PURE (above), without isolation;
// - unit: domain rules, content schemas, function handlers on a real PGlite and on a real PostgreSQL
//   server (tests/support/postgres-server.ts starts a throwaway cluster for the run);
// - browser: real Chromium (playwright-core) against the built dist/ (run `npm run build` first), one site
//   and database per worker (tests/support/browser-site.ts, tests/browser/site.ts): files running at the same
//   time never share state. How many run at once is set where vitest is called (`--maxWorkers`, see
//   tests/tools/test.mjs and package.json): vitest has one maxWorkers for every project. Browser files run
//   one at a time for now (test.mjs says why).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'pure',
          include: PURE,
          isolate: false,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'functions/**/*.test.ts', 'tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
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
          // Each file must leave its worker's site-wide settings as it found them (the file says why).
          setupFiles: ['tests/browser/site-as-found.ts'],
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
