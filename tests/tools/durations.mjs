// `npm run test:durations [report]`: refreshes tests/durations.json, the seconds per test file that set the order
// files start in (tests/support/sequencer.ts), from the per-file times `npm test` writes to reports/test-times.md
// (or the report named). Each stage in the report replaces that stage's times whole, so a deleted file leaves;
// a stage the report lacks (npm test stopped before it) keeps its times. Refresh from a fresh clone's run, as CI
// runs: that is the run whose order matters, and its times are the ones the files take there.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const reportPath = path.resolve(process.argv[2] ?? path.join(root, 'reports/test-times.md'));
const durationsPath = path.join(root, 'tests/durations.json');

/** { stage: { file: seconds } } from test-times.md's `## stage: …` headings and `| s | tests | file |` rows. */
function parseReport(text) {
  const stages = {};
  let current = null;
  for (const line of text.split('\n')) {
    const heading = /^## (\w+):/.exec(line);
    if (heading) {
      current = stages[heading[1]] = {};
      continue;
    }
    const row = /^\| ([\d.]+) \| \d+ \| (\S+) \|$/.exec(line);
    if (row && current) current[row[2]] = Number(row[1]);
  }
  return stages;
}

if (!existsSync(reportPath)) {
  console.error(`no ${path.relative(root, reportPath)}: run npm test first (it writes reports/test-times.md)`);
  process.exit(1);
}
const text = readFileSync(reportPath, 'utf8');
const fresh = parseReport(text);
if (!Object.values(fresh).some((files) => Object.keys(files).length)) {
  console.error(`${reportPath} lists no file times`);
  process.exit(1);
}
const previous = existsSync(durationsPath) ? JSON.parse(readFileSync(durationsPath, 'utf8')) : { stages: {} };
const stages = { ...previous.stages };
for (const [stage, files] of Object.entries(fresh)) {
  stages[stage] = Object.fromEntries(Object.entries(files).sort(([fa, a], [fb, b]) => b - a || (fa < fb ? -1 : 1)));
}
const written = /Written by tests\/tools\/test\.mjs at (\S+);/.exec(text)?.[1] ?? null;
const durations = {
  about: 'Seconds per test file of each npm test stage, longest first; tests/support/sequencer.ts starts the longest first. Refresh: npm run test:durations (docs/tests.md).',
  measured: { ...previous.measured, ...Object.fromEntries(Object.keys(fresh).map((stage) => [stage, written])) },
  stages,
};
writeFileSync(durationsPath, `${JSON.stringify(durations, null, 2)}\n`);
for (const [stage, files] of Object.entries(fresh)) console.log(`${stage}: ${Object.keys(files).length} files (${written ?? 'undated report'})`);
