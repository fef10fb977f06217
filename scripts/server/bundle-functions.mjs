// Where `npm start` (scripts/server/serve.mjs) bundles the functions: .netlify/local-functions/<hash>/, a
// directory per distinct build, written whole under a temporary name and renamed into place, never rewritten.
// Why: the tests start many sites from one checkout, several at a time (two unit workers, a second site beside
// the browser tests' own, BROWSER_WORKERS=2). With one shared directory rebuilt in place, a starting server
// imported a chunk that another one was rewriting (SyntaxError: "does not provide an export named 'TEAM_RULE'",
// 2026-11-27), and a running server could load a lazy chunk (the store on its first request, the CSV export)
// half-written. Same code, same directory: the sites of one test run share one.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { NODE_BUNDLE } from './functions-host.mjs';

/** Builds of other code, last started from more than this long ago, are deleted (a server still running one could not load its lazy chunks). */
const KEEP_UNUSED_MS = 7 * 24 * 3600_000;
/** A temporary directory this old belongs to a start that died before its rename. */
const STALE_TEMP_MS = 3600_000;
/** A build's directory: the first 16 hex digits of its output's SHA-256. Anything else is of the old flat layout. */
const BUILD_NAME = /^[0-9a-f]{16}$/;

/** Bundles `entryPoints` (one build, shared chunks) under `baseDir`; resolves with the directory to import from. */
export async function bundleFunctions(entryPoints, baseDir) {
  const nominal = path.join(baseDir, 'out');
  const result = await build({ entryPoints, outdir: nominal, ...NODE_BUNDLE, splitting: true, outExtension: { '.js': '.mjs' }, write: false });
  const files = result.outputFiles
    .map((file) => ({ name: path.relative(nominal, file.path), contents: file.contents }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const hash = createHash('sha256');
  for (const file of files) hash.update(file.name).update('\0').update(file.contents).update('\0');
  const dir = path.join(baseDir, hash.digest('hex').slice(0, 16));

  if (!existsSync(dir)) {
    // A name no other start uses, in this process too (two calls of one process shared `.tmp-<pid>` and one
    // renamed it away while the other was writing in it: ENOENT, 2026-11-27).
    await mkdir(baseDir, { recursive: true });
    const temp = await mkdtemp(`${dir}.tmp-`);
    for (const file of files) {
      const target = path.join(temp, file.name);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.contents);
    }
    try {
      await rename(temp, dir);
    } catch (error) {
      // Another server renamed the same build into place first (ENOTEMPTY/EEXIST): use theirs.
      await rm(temp, { recursive: true, force: true });
      if (!existsSync(dir)) throw error;
    }
  }
  const now = new Date();
  await utimes(dir, now, now);
  await sweep(baseDir, dir);
  return dir;
}

/** Deletes what no server can be using: other builds unused for a week, dead starts' temp dirs, files of the old flat layout. */
async function sweep(baseDir, current) {
  const now = Date.now();
  for (const entry of await readdir(baseDir, { withFileTypes: true })) {
    const full = path.join(baseDir, entry.name);
    if (full === current) continue;
    try {
      const age = now - (await stat(full)).mtimeMs;
      const isBuild = entry.isDirectory() && BUILD_NAME.test(entry.name);
      const old = entry.name.includes('.tmp-') ? age > STALE_TEMP_MS : !isBuild || age > KEEP_UNUSED_MS;
      if (old) await rm(full, { recursive: true, force: true });
    } catch {
      // Gone meanwhile (another server swept it).
    }
  }
}
