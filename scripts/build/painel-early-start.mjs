// After `astro build` (before minify-inline.mjs and csp-headers.mjs): gives /painel's early-start script
// (src/islands/painel/early-start.mjs) the chunks to preload: the island's (component and renderer, with
// everything they import at any depth), the console's and Hoje's, from the client build's chunk graph
// (scripts/build/astro/chunk-graph.mjs). Fails the build when a chunk cannot be found, rather than ship a
// script that preloads nothing.
import { statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHUNK_GRAPH } from './astro/chunk-graph.mjs';
import { EARLY_START_ATTRIBUTE } from '../../src/islands/painel/early-start.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Every chunk `files` import at any depth (`follow`: which edges; static imports by default), with themselves,
 * as site URLs, largest first: on HTTP/1.1 what is asked first is served first, and react-dom's ~60 KB then
 * arrives beside the small ones, not after them.
 */
export function closure(graph, files, follow = (file) => graph.imports[file]) {
  const found = new Set();
  const walk = (file) => {
    if (found.has(file)) return;
    if (!(file in graph.imports)) throw new Error(`painel-early-start: ${file} is not in the client build's chunk graph`);
    found.add(file);
    for (const dep of follow(file) ?? []) walk(dep);
  };
  for (const file of files) walk(file);
  const size = new Map([...found].map((file) => [file, statSync(join(root, 'dist', file)).size]));
  return [...found].sort((a, b) => size.get(b) - size.get(a)).map((f) => `/${f}`);
}

/** The island's component and renderer chunks on /painel (dist-relative file names). */
export function islandFiles(html) {
  const island = html.match(/<astro-island\b[^>]*\bcomponent-url="\/([^"]+)"[^>]*\brenderer-url="\/([^"]+)"/);
  if (!island) throw new Error('painel-early-start: no island on /painel');
  return [island[1], island[2]];
}

export function chunkOf(graph, source) {
  const file = graph.sources[source];
  if (!file) throw new Error(`painel-early-start: no chunk for ${source}`);
  return file;
}

/** The page with the script's chunk lists filled in. */
export function withEarlyChunks(html, graph) {
  const islandChunks = closure(graph, islandFiles(html));
  const seen = new Set(islandChunks);
  const only = (list) => list.filter((url) => !seen.has(url) && seen.add(url));
  const consoleChunks = only(closure(graph, [chunkOf(graph, '/src/islands/painel/ConsoleShell.tsx')]));
  const todayChunks = only(closure(graph, [chunkOf(graph, '/src/islands/painel/today/TodayScreen.tsx')]));
  const marker = ` ${EARLY_START_ATTRIBUTE}`;
  const at = html.indexOf(marker);
  if (at < 0 || html.indexOf(marker, at + 1) >= 0) throw new Error('painel-early-start: expected one early-start script on /painel');
  const lists = ` data-island="${islandChunks.join(' ')}" data-console="${consoleChunks.join(' ')}" data-today-chunks="${todayChunks.join(' ')}"`;
  return html.slice(0, at) + lists + html.slice(at);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const page = join(root, 'dist/painel.html');
  const graph = JSON.parse(await readFile(join(root, CHUNK_GRAPH), 'utf8'));
  const html = await readFile(page, 'utf8');
  const out = withEarlyChunks(html, graph);
  await writeFile(page, out);
  const count = (name) => out.match(new RegExp(`${name}="([^"]*)"`))[1].split(' ').filter(Boolean).length;
  console.log(`[painel-early-start] /painel preloads ${count('data-island')} island, ${count('data-console')} console and ${count('data-today-chunks')} Hoje chunks when signed in`);
}
