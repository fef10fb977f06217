// After `astro build` (and before csp-headers.mjs hashes them): minifies the classic inline scripts of
// every page with esbuild. Astro ships `is:inline` scripts as written (comments, indentation); these run
// before anything else on every page and count in each page's JavaScript budget. Measured when added:
// /orcamento 3,034 → 2,783 B gzip of inline script, the home page 981 → 843 B, /reuniao 2,740 → 2,540 B.
// Module scripts and data (JSON, JSON-LD) are left alone; a script esbuild cannot parse fails the build.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';

const dist = process.argv[2] ? join(process.cwd(), process.argv[2]) : fileURLToPath(new URL('../../dist/', import.meta.url));

/** The page with each classic inline script minified (top-level names kept: a classic script's are global). */
export async function minifyInlineScripts(html) {
  const parts = [];
  let last = 0;
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [whole, attrs, body] = match;
    if (/\bsrc=/.test(attrs) || /\btype=/.test(attrs) || !body.trim()) continue;
    const { code } = await transform(body, { loader: 'js', minify: true, target: 'es2022', charset: 'utf8' });
    const start = match.index + whole.length - body.length - '</script>'.length;
    parts.push(html.slice(last, start), code.trim().replace(/<\/script/gi, '<\\/script'));
    last = start + body.length;
  }
  parts.push(html.slice(last));
  return parts.join('');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const entries = await readdir(dist, { withFileTypes: true, recursive: true });
  let before = 0;
  let after = 0;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const path = join(entry.parentPath, entry.name);
    const html = await readFile(path, 'utf8');
    const minified = await minifyInlineScripts(html);
    before += html.length;
    after += minified.length;
    if (minified !== html) await writeFile(path, minified);
  }
  console.info(`[minify-inline] inline scripts minified: HTML ${before} → ${after} bytes`);
}
