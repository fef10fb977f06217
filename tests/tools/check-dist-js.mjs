// JS budget on the built site (dist/): gzip bytes of the JavaScript each page loads without interaction.
//
// Counted per page:
//   - every <script src> (and <link rel="modulepreload">) served from dist, plus the chunks it imports
//     statically, recursively (a dynamic `import()` is not followed: it loads later, on demand);
//   - every inline <script> that runs, gzipped together as they travel in one HTML response (JSON data
//     scripts such as JSON-LD are not JavaScript and are skipped);
//   - every <astro-island> that hydrates by itself (client load/idle/visible/media/only): its component-url,
//     renderer-url and before-hydration-url, with their static imports. An island with `client:interaction`
//     loads nothing until the first interaction, so only the directive's own inline script counts for it.
// A file shared by several scripts counts once per page. Sizes are gzip -9 of each file, close to what a
// CDN sends.
//
// Usage: node tests/tools/check-dist-js.mjs [distDir]   (exit 1 on a breach or a missing dist/)
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
/**
 * Content pages: 1 KB gzip, all of it inline (attribution, the cookie banner, the deferred-assets loader): they
 * load no script file before the visitor's first touch. /orcamento loads its islands on the first touch too,
 * and they are counted here as if they hydrated at once: 80 KB gzip once touched (the meeting page hydrates
 * on load).
 */
export const BUDGETS = [
  { page: 'index.html', budget: 1 * KB },
  { page: 'trafego-pago.html', budget: 1 * KB },
  { page: 'consultoria-empresarial.html', budget: 1 * KB },
  { page: 'palestras.html', budget: 1 * KB },
  { page: '404.html', budget: 1 * KB },
  { page: 'politica-de-privacidade.html', budget: 1 * KB, optional: true },
  { page: 'orcamento.html', budget: 80 * KB },
  // /reuniao hydrates the meeting view on load (React); the scheduling dialog chunk loads later. 81 KB since
  // the painel's meeting copy shares the meeting-time helpers with it: the bundler split them (and the
  // scheduling config) into chunks of their own, +0.4 KB of chunk overhead (80.04 KB measured), no new code.
  { page: 'reuniao.html', budget: 81 * KB },
  // /painel (staff console) hydrates the sign-in on load (78 KB, 64 of them react-dom); the console (app
  // bar, meetings list) and every screen are lazy chunks fetched when signed in or opened.
  { page: 'painel.html', budget: 85 * KB },
];

const NON_JS_SCRIPT_TYPES = /^(application\/(ld\+)?json|importmap|speculationrules|text\/(template|html|plain|x-template))$/i;

let lexer;
try {
  // Exact import analysis when available (it ships with the build toolchain); a regex otherwise.
  lexer = await import('es-module-lexer');
  await lexer.init;
} catch {
  lexer = undefined;
}

export const gzipSize = (data) => gzipSync(data, { level: 9 }).length;

/** Attributes of one start tag, lower-cased names; a bare attribute gets ''. */
function parseAttributes(tag) {
  const attrs = {};
  const re = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
  const body = tag.replace(/^<[\w-]+/, '').replace(/\/?>$/, '');
  for (const m of body.matchAll(re)) attrs[m[1].toLowerCase()] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  return attrs;
}

function decodeEntities(s) {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/gi, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Static import specifiers of an ES module (import/export … from, bare `import "x"`), not `import()`. */
function staticImports(code) {
  if (lexer) {
    try {
      const [imports] = lexer.parse(code);
      // d === -1: static import; -2: import.meta; >= 0: dynamic import().
      return imports.filter((i) => i.d === -1 && i.n).map((i) => i.n);
    } catch {
      // fall through to the regex
    }
  }
  const found = [];
  const re = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{][^'"`;()]*?\bfrom\s*)?(["'])([^"'\n]+)\1/g;
  for (const m of code.matchAll(re)) found.push(m[2]);
  return found;
}

/**
 * Measures one page. Returns { page, total, items: [{ kind, name, bytes }], external: [urls], missing: [urls] }.
 */
export function measurePage(distDir, page) {
  const html = readFileSync(path.join(distDir, page), 'utf8');
  const items = [];
  const external = [];
  const missing = [];
  const seenFiles = new Set();
  const inline = [];

  /** Resolves a URL used by the page (or a chunk) to a file in dist/, or null if it is not ours. */
  const toFile = (url, fromFile) => {
    if (/^(https?:)?\/\//i.test(url) || /^data:/i.test(url)) return null;
    const clean = url.split(/[?#]/)[0];
    if (clean.startsWith('/')) return path.join(distDir, decodeURIComponent(clean));
    const base = fromFile ? path.dirname(fromFile) : path.dirname(path.join(distDir, page));
    return path.join(base, decodeURIComponent(clean));
  };

  const addModuleGraph = (url, kind, fromFile) => {
    if (/^(https?:)?\/\//i.test(url)) {
      external.push(url);
      return;
    }
    const file = toFile(url, fromFile);
    if (!file) return;
    if (seenFiles.has(file)) return;
    seenFiles.add(file);
    if (!existsSync(file)) {
      missing.push(url);
      return;
    }
    const code = readFileSync(file);
    items.push({ kind, name: path.relative(distDir, file), bytes: gzipSize(code) });
    for (const spec of staticImports(code.toString('utf8'))) {
      // Bare specifiers cannot load in a browser without an import map; only relative/absolute ones are files.
      if (spec.startsWith('.') || spec.startsWith('/')) addModuleGraph(spec, 'import', file);
      else if (/^(https?:)?\/\//i.test(spec)) external.push(spec);
    }
  };

  // <script …>…</script>
  for (const m of html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script\s*>/gi)) {
    const attrs = parseAttributes(m[1]);
    const type = (attrs.type ?? '').trim();
    if (type && NON_JS_SCRIPT_TYPES.test(type)) continue;
    if ('src' in attrs) {
      addModuleGraph(attrs.src, type === 'module' ? 'script module' : 'script', undefined);
      // A classic script's imports are not followed (it has none); a module's are (above, for every file).
    } else if (m[2].trim()) {
      inline.push(m[2]);
    }
  }
  if (inline.length) {
    // Inline scripts travel inside the HTML response, compressed in one stream: gzip them together.
    const raw = inline.join('\n');
    items.push({ kind: 'inline scripts', name: `${inline.length} inline <script> (${Buffer.byteLength(raw)} B raw)`, bytes: gzipSize(raw) });
  }

  // <link rel="modulepreload" href> is fetched on load as well.
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    const attrs = parseAttributes(m[0]);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (rel.includes('modulepreload') && attrs.href) addModuleGraph(attrs.href, 'modulepreload', undefined);
  }

  // Islands that hydrate without interaction.
  const islands = { counted: 0, onInteraction: 0 };
  for (const m of html.matchAll(/<astro-island\b[^>]*>/gi)) {
    const attrs = parseAttributes(m[0]);
    const client = attrs.client ?? '';
    if (client === 'interaction') {
      islands.onInteraction += 1;
      continue;
    }
    islands.counted += 1;
    for (const attr of ['before-hydration-url', 'renderer-url', 'component-url']) {
      if (attrs[attr]) addModuleGraph(attrs[attr], `island client:${client || '?'} ${attr.replace('-url', '')}`, undefined);
    }
  }

  const total = items.reduce((sum, i) => sum + i.bytes, 0);
  return { page, total, items, external, missing, islands };
}

const fmtKB = (bytes) => `${(bytes / KB).toFixed(2)} KB`;

/** Checks every page with a budget; returns { ok, rows, report } and prints nothing. */
export function checkDist(distDir) {
  const rows = [];
  const problems = [];
  for (const { page, budget, optional } of BUDGETS) {
    if (!existsSync(path.join(distDir, page))) {
      if (optional) rows.push({ page, budget, skipped: 'not built yet (optional)' });
      else {
        rows.push({ page, budget, skipped: 'MISSING' });
        problems.push(`${page}: not found in ${distDir}`);
      }
      continue;
    }
    const result = measurePage(distDir, page);
    const ok = result.total <= budget && result.missing.length === 0;
    if (result.total > budget) problems.push(`${page}: ${fmtKB(result.total)} gzip is over the ${fmtKB(budget)} budget`);
    if (result.missing.length) problems.push(`${page}: references JS missing from dist: ${result.missing.join(', ')}`);
    rows.push({ page, budget, ...result, ok });
  }
  return { ok: problems.length === 0, rows, problems };
}

export function formatReport({ rows, problems }) {
  const lines = [];
  lines.push('| page | JS on load (gzip) | budget | files | islands (hydrate / on interaction) | result |');
  lines.push('| --- | ---: | ---: | ---: | --- | --- |');
  for (const r of rows) {
    if (r.skipped) {
      lines.push(`| ${r.page} | – | ${fmtKB(r.budget)} | – | – | ${r.skipped === 'MISSING' ? 'FAIL (missing)' : `skipped: ${r.skipped}`} |`);
      continue;
    }
    lines.push(
      `| ${r.page} | ${fmtKB(r.total)} (${r.total} B) | ${fmtKB(r.budget)} | ${r.items.length} | ${r.islands.counted} / ${r.islands.onInteraction} | ${r.ok ? 'ok' : 'FAIL'} |`,
    );
  }
  lines.push('');
  for (const r of rows) {
    if (r.skipped || r.items.length === 0) continue;
    lines.push(`${r.page}:`);
    for (const i of [...r.items].sort((a, b) => b.bytes - a.bytes)) lines.push(`  ${String(i.bytes).padStart(7)} B  ${i.kind}: ${i.name}`);
    for (const url of r.external) lines.push(`  warning: external script not measured: ${url}`);
  }
  if (problems.length) {
    lines.push('', 'JS budget exceeded / broken:');
    for (const p of problems) lines.push(`  - ${p}`);
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const projectRoot = fileURLToPath(new URL('../..', import.meta.url));
  const distDir = path.resolve(process.argv[2] ?? path.join(projectRoot, 'dist'));
  if (!existsSync(distDir)) {
    console.error(`check-dist-js: ${distDir} does not exist; run astro build first`);
    process.exit(1);
  }
  const result = checkDist(distDir);
  console.log(formatReport(result));
  console.log(result.ok ? '\nJS budget: ok' : '\nJS budget: FAILED');
  process.exit(result.ok ? 0 : 1);
}
