// Cold start of the deployed functions, measured (docs/operations.md "Cold start").
//   node tests/tools/cold-start.mjs build <dir>            the zips as a deploy makes them (the build's function bundling,
//                                                          scripts/build/functions.mjs, where the checkout has it; netlify.toml
//                                                          read by Netlify's config loader, @netlify/zip-it-and-ship-it), unzipped beside
//   node tests/tools/cold-start.mjs measure <label=dir>…   each function's import in a fresh process, [REPS] times
//                                                          per build, the builds alternated so load drifts hit all alike;
//                                                          BOOTSTRAP=1: the zip's ___netlify-bootstrap.mjs imported first,
//                                                          untimed, as Netlify's entry point does (it loads Node's fetch
//                                                          classes, undici, which a lone import would otherwise pay for);
//                                                          CLOCK=cpu: the process's CPU time (user + system, all threads)
//                                                          over the import instead of wall time, which a loaded machine's
//                                                          waits for a core inflate
// Why a tool and not a test: durations depend on the machine and its load; tests assert what is in the zips
// (tests/integration/netlify-bundle.test.ts), this prints what importing them costs.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = process.cwd();
const [command, ...args] = process.argv.slice(2);
const REPS = Number(process.env.REPS ?? 7);

/** The time from just before `import()` to its end, in a process of its own: what a cold instance pays before its first request. */
const CPU = process.env.CLOCK === 'cpu';
const NOW = CPU ? '((u) => (u.user + u.system) / 1000)(process.cpuUsage())' : 'performance.now()';
const IMPORT_ONCE = `if (process.argv[2]) await import(process.argv[2]); const t = ${NOW}; await import(process.argv[1]); process.stdout.write(String(${NOW} - t));`;
const BOOTSTRAP = process.env.BOOTSTRAP === '1';

async function build(dir) {
  // `npm run build` writes the folder netlify.toml names before Netlify zips it (a checkout older than that step has none).
  const bundling = join(root, 'scripts/build/functions.mjs');
  if (existsSync(bundling)) await (await import(pathToFileURL(bundling).href)).bundleDeployedFunctions();
  const { resolveConfig } = await import('@netlify/config');
  const { zipFunctions } = await import('@netlify/zip-it-and-ship-it');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const { config } = await resolveConfig({ repositoryRoot: root, cwd: root, offline: true, mode: 'cli', context: 'production' });
  const fns = config.functions['*'] ?? {};
  const results = await zipFunctions([config.functionsDirectory], dir, {
    archiveFormat: 'zip',
    repositoryRoot: root,
    basePath: root,
    config: { '*': { nodeBundler: fns.node_bundler, externalNodeModules: fns.external_node_modules, includedFiles: fns.included_files } },
  });
  for (const fn of results) {
    await run('unzip', ['-q', '-o', fn.path, '-d', join(dir, fn.name)]);
    console.log(`${fn.name}\t${fn.bundler}\t${(fn.size / 1e6).toFixed(2)} MB zipped`);
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The function's file as the zip's entry point names it (`functions/<name>.mjs` before the functions were prebundled, `.netlify/functions-bundled/<name>.mjs` since). */
async function functionFile(unzipped) {
  const entry = await readFile(join(unzipped, '___netlify-entry-point.mjs'), 'utf8');
  const found = /getLambdaHandler\('([^']+)'\)/.exec(entry);
  if (!found) throw new Error(`no function file named in ${unzipped}/___netlify-entry-point.mjs`);
  return join(unzipped, found[1]);
}

async function importMs(dir, name) {
  const entry = await functionFile(join(dir, name));
  const bootstrap = BOOTSTRAP ? [pathToFileURL(join(dir, name, '___netlify-bootstrap.mjs')).href] : [];
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', IMPORT_ONCE, pathToFileURL(entry).href, ...bootstrap], {
    cwd: tmpdir(), // not the repository: only what the zip carries is found
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  });
  return Number(stdout);
}

async function measure(builds) {
  const names = (await readdir(builds[0].dir)).filter((f) => f.endsWith('.zip')).map((f) => f.slice(0, -4)).sort();
  const times = new Map(builds.map((b) => [b.label, new Map(names.map((n) => [n, []]))]));
  for (let rep = 0; rep < REPS; rep++) {
    for (const name of names) {
      for (const b of rep % 2 ? [...builds].reverse() : builds) times.get(b.label).get(name).push(await importMs(b.dir, name));
    }
  }
  const what = `import ${CPU ? 'CPU ' : ''}ms${BOOTSTRAP ? ' after the bootstrap' : ''}`;
  const header = ['function', ...builds.flatMap((b) => [`${b.label} ${what} (median of ${REPS})`, `${b.label} zip MB`])];
  console.log(`| ${header.join(' | ')} |\n|${header.map((_, i) => (i ? '---:' : '---')).join('|')}|`);
  for (const name of names) {
    const cells = [];
    for (const b of builds) {
      const zip = await stat(join(b.dir, `${name}.zip`)).then((s) => (s.size / 1e6).toFixed(2), () => '—');
      cells.push(Math.round(median(times.get(b.label).get(name))).toLocaleString('en'), zip);
    }
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  console.log(`\nload average at the end: ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`);
}

if (command === 'build' && args[0]) await build(resolve(args[0]));
else if (command === 'measure' && args.length) await measure(args.map((a) => ({ label: a.split('=')[0], dir: resolve(a.split('=').slice(1).join('=')) })));
else {
  console.error('usage: node tests/tools/cold-start.mjs build <dir> | measure <label=dir>…');
  process.exit(2);
}
