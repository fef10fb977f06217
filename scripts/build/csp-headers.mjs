// After `astro build`: writes dist/_headers with the Content-Security-Policy for every route.
// script-src lists 'self' plus the SHA-256 of each inline script Astro emitted (island loader,
// hydration directive), so neither 'unsafe-inline' nor 'unsafe-eval' is needed. The tag-manager
// hosts are allowed only when PUBLIC_GTM_ID is set. Netlify merges this file with netlify.toml.
//
// Each page gets a rule of its own with only its own scripts' hashes, after the `/*` rule that lists
// every page's (what a 404 or any other path gets). Why per page: the home page's response must fit
// TCP's first window (~14.6 KB with its headers) to paint in one round trip, and seven hashes on every
// page cost ~320 B of headers that HTTP/1.1 never compresses; a page also allows no script but its own.
// Where rules overlap the later one's header replaces the earlier's (Netlify's header merge); were both
// sent, a browser enforces both policies, and each page's scripts are in both, so nothing breaks.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

// `node scripts/build/csp-headers.mjs [outDir]` (default dist/).
const dist = process.argv[2] ? join(process.cwd(), process.argv[2]) : fileURLToPath(new URL('../../dist/', import.meta.url));

async function htmlFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).map((e) => join(e.parentPath, e.name));
}

/** SHA-256 hashes of executable inline scripts (JSON-LD is data, not script). */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc=/.test(attrs) || /type="application\/(ld\+)?json"/.test(attrs)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** What every page refuses, the site's and the editor's alike: plugins, a foreign base, posting away, being framed. */
const LOCKED_DOWN = ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"];

export function buildCsp(hashes, gtmEnabled) {
  const gtm = gtmEnabled ? ['https://www.googletagmanager.com'] : [];
  const analytics = gtmEnabled ? ['https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'] : [];
  // font-src, manifest-src and (without the tag manager) connect-src are 'self' through default-src:
  // not repeated, every byte of headers counts on the home page (see above).
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...[...hashes].sort(), ...gtm].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${["'self'", 'data:', ...gtm, ...analytics].join(' ')}`,
    ...(analytics.length ? [`connect-src ${["'self'", ...analytics].join(' ')}`] : []),
    `frame-src ${gtmEnabled ? 'https://www.googletagmanager.com' : "'none'"}`,
    ...LOCKED_DOWN,
  ].join('; ');
}

/**
 * The editor at /admin/ (Sveltia CMS, one self-hosted script): it signs in through Netlify's GitHub OAuth
 * popup and talks to the GitHub API from the browser. Its own rule comes after `/*` in _headers, and a
 * later matching rule's header replaces an earlier one's (Netlify's header merge), so no other route changes.
 */
export function buildAdminCsp() {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://avatars.githubusercontent.com https://raw.githubusercontent.com",
    "font-src 'self' data:",
    "connect-src 'self' blob: data: https://api.github.com https://api.netlify.com https://www.githubstatus.com",
    "worker-src 'self' blob:",
    "frame-src 'none'",
    ...LOCKED_DOWN,
    // The editor builds its web app manifest in the browser.
    "manifest-src 'self' blob:",
  ].join('; ');
}

/** The address a built page answers at (build.format 'file', trailingSlash 'never'): index.html → /, a.html → /a. */
export function routeOf(file) {
  const route = `/${relative(dist, file).split(sep).join('/')}`.replace(/\.html$/, '').replace(/(^|\/)index$/, '$1');
  return route.length > 1 ? route.replace(/\/$/, '') : route;
}

/** The whole _headers file: the union for `/*`, then one rule per page (its own hashes), then the editor's. */
export function buildHeadersFile(pages, gtmEnabled) {
  const all = new Set(pages.flatMap(({ hashes }) => [...hashes]));
  const rule = (path, csp) => `${path}\n  Content-Security-Policy: ${csp}\n`;
  return [
    rule('/*', buildCsp(all, gtmEnabled)),
    ...pages.map(({ route, hashes }) => rule(route, buildCsp(hashes, gtmEnabled))),
    rule('/admin/*', buildAdminCsp()),
  ].join('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = [];
  for (const file of (await htmlFiles(dist)).sort()) {
    // The editor's page has its own rule (buildAdminCsp) and no inline script.
    if (relative(dist, file).startsWith(`admin${sep}`)) continue;
    pages.push({ route: routeOf(file), hashes: inlineScriptHashes(await readFile(file, 'utf8')) });
  }
  const gtm = Boolean(process.env.PUBLIC_GTM_ID);
  await writeFile(join(dist, '_headers'), buildHeadersFile(pages, gtm));
  const hashCount = new Set(pages.flatMap(({ hashes }) => [...hashes])).size;
  console.log(`${join(dist, '_headers')}: CSP for ${pages.length} pages, ${hashCount} inline script hash(es) in all${gtm ? ' and the tag manager' : ''}`);
}
