// The deployed functions, one self-contained .mjs each: functions/<name>.ts bundled by esbuild WITH its
// packages (zod, postgres, @date-fns/tz, js-yaml, nodemailer…) into .netlify/functions-bundled/<name>.mjs,
// the folder netlify.toml's [functions] directory names. Netlify's own bundler (@netlify/zip-it-and-ship-it)
// still zips them: it reads each file's `export const config` (path, schedule, rateLimit), bundles it again
// with esbuild (packages external: nothing left to externalise but what is listed below), traces it with NFT
// and applies included_files. Why: Netlify bundles v2 functions with every package left as files in
// node_modules, and a cold instance spent most of its import resolving and reading them (meetings: 146
// modules, 105 of them zod's); one file is read once. docs/operations.md "Cold start".
//
// Left out of the file, on purpose:
// - @electric-sql/pglite: loaded by import() only when there is no DATABASE_URL (`npm start`, the tests);
//   production never opens it and included_files' "!" keeps it out of the zips.
// - nodemailer: loaded by import() on the first send (functions/lib/mail/transport.ts). Inlined, its code is
//   still run only then, but an ES module's imports cannot wait: its Node built-ins (tls, zlib, dns,
//   child_process…) were loaded with the function, and its 490 kB parsed; as a package it costs nothing until used.
// - `ics` and `node-ical`: required at run time through module.createRequire (functions/lib/mail/ics.ts,
//   functions/lib/calendar/parse-worker.ts: the worker needs node-ical's file on disk), which esbuild does not
//   follow; NFT does, so they ship as package files beside the function and load on first use.
// `npm start` does not use this folder (scripts/server/serve.mjs bundles functions/ itself).
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { listFunctionFiles } from '../server/functions-host.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** netlify.toml [functions] directory. Under .netlify/ (ignored by git, ESLint and the tests), where build steps write generated functions. */
export const BUNDLED_FUNCTIONS_DIR = '.netlify/functions-bundled';

export async function bundleDeployedFunctions(outdir = `${root}${BUNDLED_FUNCTIONS_DIR}`) {
  const files = await listFunctionFiles(`${root}functions`);
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: files.map((f) => `${root}functions/${f}`),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // No shared chunks: each function is one file (a dynamic import() of a package is inlined, still run only when called).
    splitting: false,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    external: ['@electric-sql/pglite', 'nodemailer'],
    // Less to parse at every cold start (meetings: 1.27 → 0.93 MB); names are kept, so stack traces still read.
    minifyWhitespace: true,
    minifySyntax: true,
    // CommonJS packages inlined into an ES module call require() for Node's built-ins; esbuild's helper finds
    // this one. (zip-it-and-ship-it adds its own `require` when it bundles the file again; esbuild renames ours.)
    banner: { js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);" },
    legalComments: 'none',
    logLevel: 'warning',
  });
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await bundleDeployedFunctions();
  console.log(`functions: ${files.length} bundled into ${BUNDLED_FUNCTIONS_DIR}/ (packages inlined)`);
}
