// The local server keeps its static answers (scripts/server/static-cache.mjs) instead of asking @netlify/dev
// for each one (6.2 ms of its CPU a small file): every answer is still what @netlify/dev says for the files as
// they are now. The cache alone with a counting handler (how often @netlify/dev would have been asked), then
// the real server on a project of its own, whose files change under it as a rebuild or a new deploy does.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateFiles, createStaticCache } from '../../scripts/server/static-cache.mjs';
import { startServer } from '../../scripts/server/server.mjs';

let root = '';
const dist = () => join(root, 'dist');

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'static-cache-'));
  await mkdir(join(dist(), '_astro'), { recursive: true });
  await writeFile(join(root, 'netlify.toml'), '[build]\n  publish = "dist"\n');
  await writeFile(join(dist(), '404.html'), '<!doctype html><title>404</title>');
  await writeFile(join(dist(), 'index.html'), '<!doctype html><title>home</title>');
  await writeFile(join(dist(), 'pagina.html'), '<!doctype html><title>v1</title>');
  await writeFile(join(dist(), '_astro/a.js'), 'export const v = 1;\n');
  await writeFile(join(dist(), '_headers'), '/_astro/*\n  X-Rule: one\n');
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A cache over `root` and a handler that answers like @netlify/dev's static match, counting its calls. */
function counted(type = 'static', status = 200) {
  const calls: string[] = [];
  const cache = createStaticCache({ root, distDir: dist() });
  const handle = (url: string) => async () => {
    calls.push(url);
    return { type, response: new Response(`body of ${url} #${calls.length}`, { status, headers: { 'content-type': 'text/javascript', 'x-rule': 'one' } }) };
  };
  const get = async (path: string, method = 'GET') => {
    const url = `http://localhost${path}`;
    const response = await cache.answer(new Request(url, { method }), handle(path));
    return { status: response?.status, body: await response?.text(), rule: response?.headers.get('x-rule') };
  };
  return { calls, get };
}

describe('the static answers kept', () => {
  it('asks @netlify/dev once per URL while its files stay as they were', async () => {
    const { calls, get } = counted();
    const first = await get('/_astro/a.js');
    expect(await get('/_astro/a.js')).toEqual(first);
    expect(await get('/_astro/a.js')).toEqual({ status: 200, body: 'body of /_astro/a.js #1', rule: 'one' });
    expect(calls).toEqual(['/_astro/a.js']);
    // Another query is another answer (a redirect rule may read it).
    await get('/_astro/a.js?v=2');
    expect(calls).toEqual(['/_astro/a.js', '/_astro/a.js?v=2']);
  });

  it('asks again once the file, or the _headers file, has changed', async () => {
    const { calls, get } = counted();
    await get('/_astro/a.js');
    await writeFile(join(dist(), '_astro/a.js'), 'export const v = 2;\n');
    expect((await get('/_astro/a.js')).body).toBe('body of /_astro/a.js #2');
    await writeFile(join(dist(), '_headers'), '/_astro/*\n  X-Rule: one\n');
    expect((await get('/_astro/a.js')).body).toBe('body of /_astro/a.js #3');
    // A page is looked for as /pagina, /pagina.html, /pagina/index.html…: a change to the .html counts.
    await get('/pagina');
    await writeFile(join(dist(), 'pagina.html'), '<!doctype html><title>v2</title>');
    await get('/pagina');
    expect(calls.filter((c) => c === '/pagina')).toHaveLength(2);
  });

  it('keeps nothing but a static file answered 200 to a GET', async () => {
    for (const [type, status] of [['redirect', 301], ['static', 404], ['function', 200]] as const) {
      const { calls, get } = counted(type, status);
      await get('/_astro/a.js');
      await get('/_astro/a.js');
      expect(calls, `${type} ${status}`).toHaveLength(2);
    }
    const { calls, get } = counted();
    await get('/_astro/a.js', 'HEAD');
    await get('/_astro/a.js', 'HEAD');
    expect(calls).toHaveLength(2);
    // A path that names no file (only @netlify/dev's rules could answer it) is never kept.
    await get('/nada-aqui');
    await get('/nada-aqui');
    expect(calls.filter((c) => c === '/nada-aqui')).toHaveLength(2);
  });

  it('looks at every file @netlify/static may serve a path from', () => {
    expect(candidateFiles('/pagina', '/d')).toEqual(['/d/pagina', '/d/pagina.html', '/d/pagina.htm', '/d/pagina/index.html', '/d/pagina/index.htm']);
    expect(candidateFiles('/pagina/', '/d')).toEqual(['/d/pagina', '/d/pagina.html', '/d/pagina.htm', '/d/pagina/index.html', '/d/pagina/index.htm']);
    expect(candidateFiles('/', '/d')).toEqual(['/d', '/d/.html', '/d/.htm', '/d/index.html', '/d/index.htm']);
  });

  it('through the real server: files change under it and are served changed at once', async () => {
    const server = await startServer({ port: 0, root, functionModules: [], rateLimits: false });
    try {
      const read = async (path: string) => {
        const res = await fetch(new URL(path, server.url));
        return { status: res.status, body: await res.text(), rule: res.headers.get('x-rule') };
      };
      await writeFile(join(dist(), '_astro/a.js'), 'export const v = 3;\n');
      expect(await read('/_astro/a.js')).toEqual({ status: 200, body: 'export const v = 3;\n', rule: 'one' });
      expect(await read('/_astro/a.js')).toEqual({ status: 200, body: 'export const v = 3;\n', rule: 'one' });
      await writeFile(join(dist(), '_astro/a.js'), 'export const v = 4;\n');
      expect(await read('/_astro/a.js')).toEqual({ status: 200, body: 'export const v = 4;\n', rule: 'one' });
      await writeFile(join(dist(), '_astro/b.js'), 'export {};\n');
      expect((await read('/_astro/b.js')).status).toBe(200);
      await rm(join(dist(), '_astro/b.js'));
      expect((await read('/_astro/b.js')).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
