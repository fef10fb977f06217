// The build's last step (after csp-headers.mjs: the page and its headers are final): writes the painel's app
// shell, dist/painel-sw.js (from public/painel-sw.js), with the set it keeps — /painel's page and every chunk
// the page can load (the island, the console and every lazy screen, at any depth, static and dynamic imports,
// from the client build's chunk graph), the stylesheets the page names — and a version that changes whenever
// any of them or the headers do. Gives the page's early-start script the shell's address (data-sw), which is
// what registers it. Fails the build when the set cannot be made whole.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHUNK_GRAPH } from './astro/chunk-graph.mjs';
import { closure, islandFiles } from './painel-early-start.mjs';
import { EARLY_START_ATTRIBUTE, SHELL_SCOPE } from '../../src/islands/painel/early-start.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const SHELL_SCRIPT = '/painel-sw.js';
const PLACEHOLDER = "const SHELL = { version: 'dev', page: '/painel', files: [] };";

/** Every file of the set, as site URLs: the page's code (all of it, lazy screens included) and stylesheets. */
export function shellFiles(html, graph, dist) {
  const painelSources = Object.entries(graph.sources).filter(([source]) => source.startsWith('/src/islands/painel/')).map(([, file]) => file);
  const code = closure(graph, [...islandFiles(html), ...painelSources], (file) => [...graph.imports[file], ...(graph.dynamicImports?.[file] ?? [])]);
  const named = [...html.matchAll(/\/_astro\/[\w.-]+/g)].map(([url]) => url);
  const files = [...new Set([...code, ...named])];
  for (const url of files) if (!existsSync(join(dist, url))) throw new Error(`painel-sw: ${url} is not in dist/`);
  // A stylesheet's fonts or images would have to be in the set too: none today; the build says so if that changes.
  for (const url of files.filter((f) => f.endsWith('.css')))
    if (/url\((?!["']?data:)/.test(readFileSync(join(dist, url), 'utf8'))) throw new Error(`painel-sw: ${url} loads files the shell does not keep`);
  return files;
}

/** The page with the shell's address on its early-start script. */
export function withShellAddress(html) {
  const marker = ` ${EARLY_START_ATTRIBUTE}`;
  const at = html.indexOf(marker);
  if (at < 0 || html.indexOf(marker, at + 1) >= 0) throw new Error('painel-sw: expected one early-start script on /painel');
  if (html.includes(' data-sw=')) return html;
  return `${html.slice(0, at)} data-sw="${SHELL_SCRIPT}"${html.slice(at)}`;
}

/** The worker's source with its set: the version hashes the page, the files' names (content hashes) and the headers. */
export function shellScript(source, { html, files, headers }) {
  if (!source.includes(PLACEHOLDER)) throw new Error('painel-sw: public/painel-sw.js has no SHELL placeholder');
  const version = createHash('sha256').update(html).update('\0').update(files.join('\n')).update('\0').update(headers).digest('hex').slice(0, 16);
  return source.replace(PLACEHOLDER, `const SHELL = ${JSON.stringify({ version, page: SHELL_SCOPE, files })};`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dist = join(root, 'dist');
  const pagePath = join(dist, 'painel.html');
  const graph = JSON.parse(await readFile(join(root, CHUNK_GRAPH), 'utf8'));
  const html = withShellAddress(await readFile(pagePath, 'utf8'));
  await writeFile(pagePath, html);
  const files = shellFiles(html, graph, dist);
  // The headers the page is served with (CSP with its scripts' hashes, caching): part of what the cache keeps.
  const headers = (await readFile(join(dist, '_headers'), 'utf8')) + (await readFile(join(root, 'netlify.toml'), 'utf8'));
  const source = await readFile(join(root, 'public', SHELL_SCRIPT), 'utf8');
  await writeFile(join(dist, SHELL_SCRIPT), shellScript(source, { html, files, headers }));
  console.log(`[painel-sw] ${SHELL_SCRIPT}: /painel and ${files.length} files`);
}
