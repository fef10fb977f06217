#!/usr/bin/env node
// HTML gate on dist/ (after `npm run build`): every built page (every .html) must have 0 errors in the
// Nu HTML Checker (vnu-jar, the checker behind validator.w3.org/nu), run once over all files (one JVM
// start, ~3 s). Needs Java 17+ on PATH (`.ci/run` installs Debian's default-jre-headless when missing).
//
// Ignored, and only these: three messages of vnu's CSS checker about valid modern CSS it does not know,
// all from Tailwind 4's output in the inlined critical CSS (`@property` registers its variables;
// `margin-trim` is CSS Box 4; a custom property name is a valid `transition-property`). Every HTML
// message, and any other CSS message, fails the gate.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = path.join(root, 'dist');
const jar = path.join(root, 'node_modules/vnu-jar/build/dist/vnu.jar');

export const IGNORED_CSS_MESSAGES = [
  /^CSS: Unrecognized at-rule “@property”/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist\./,
  /^CSS: “transition-property”: “--[\w-]+” is not a “transition-property” value\./,
];

const pages = readdirSync(dist, { recursive: true })
  .filter((f) => f.endsWith('.html'))
  .map((f) => path.join(dist, f))
  .sort();
if (!pages.length) {
  console.error('check-html: no .html in dist/ (run `npm run build` first)');
  process.exit(1);
}

const result = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'json', '--exit-zero-always', ...pages], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (result.error || result.status !== 0) {
  console.error(`check-html: could not run the Nu HTML Checker (java -jar ${path.relative(root, jar)}): ${result.error?.message ?? result.stderr}`);
  process.exit(1);
}
// With --format json the report goes to stderr.
const { messages } = JSON.parse(result.stderr);
const errors = messages.filter((m) => m.type === 'error' || m.subType === 'fatal');
const counted = errors.filter((m) => !IGNORED_CSS_MESSAGES.some((re) => re.test(m.message)));
for (const m of counted) {
  const file = path.relative(root, fileURLToPath(m.url));
  console.error(`${file}:${m.lastLine ?? '?'}:${m.firstColumn ?? '?'}: ${m.message}\n    ${(m.extract ?? '').replace(/\n/g, ' ')}`);
}
console.log(
  `check-html: ${pages.length} pages, ${counted.length} error(s)` +
    (errors.length > counted.length ? ` (${errors.length - counted.length} ignored messages of vnu's CSS checker about Tailwind's modern CSS)` : ''),
);
process.exitCode = counted.length ? 1 : 0;
