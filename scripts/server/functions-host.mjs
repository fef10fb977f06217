// Runs functions/*.ts inside one long-lived Node process, routed by each module's `config.path`.
// Why not @netlify/dev's function emulation: it starts a fresh worker per request (~160 ms here),
// so an embedded database would be reopened on every call. On Netlify a warm function keeps its
// module state between calls; this host does the same, and one PGlite instance serves every function.
import { mkdir, readdir, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { rateLimitKey, readRateLimit, tooManyRequestsResponse } from './rate-limit.mjs';

/** esbuild options that bundle functions' TypeScript for this Node, as Netlify does; dependencies stay in node_modules. */
export const NODE_BUNDLE = { bundle: true, format: 'esm', platform: 'node', target: 'node22', packages: 'external', logLevel: 'warning' };

/**
 * Imports TypeScript modules of the project from a Node command (ops scripts): `exports` lines are bundled
 * by esbuild with NODE_BUNDLE into .netlify/<name>/ (inside the project, so bare imports resolve from
 * node_modules), imported, and the file removed. One file per process.
 */
export async function importTs(name, exportLines) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const outdir = `${root}.netlify/${name}`;
  const outfile = `${outdir}/${name}-${process.pid}.mjs`;
  await mkdir(outdir, { recursive: true });
  await build({ stdin: { contents: exportLines.join('\n'), resolveDir: root, loader: 'ts' }, outfile, ...NODE_BUNDLE });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    await rm(outfile, { force: true });
  }
}

/** Compiles a path like `/api/items/:id` into a matcher. */
function compilePath(path) {
  const names = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\?:(\w+)/g, (_, name) => {
    names.push(name);
    return '([^/]+)';
  });
  const regex = new RegExp(`^${source}/?$`);
  return (pathname) => {
    const found = regex.exec(pathname);
    if (!found) return null;
    // A malformed escape (`/api/agenda/%ZZ`) names no resource: no route matches, so the answer is 404, never a URIError's 500.
    try {
      return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found[i + 1])]));
    } catch {
      return null;
    }
  };
}

/** Lists the function entry files Netlify would deploy from a folder. */
export async function listFunctionFiles(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(m?[jt]s)$/.test(e.name) && !/\.(test|spec|d)\.[mc]?[jt]s$/.test(e.name))
    .map((e) => e.name)
    .sort();
}

/**
 * Builds a router from loaded function modules: `(request) => Response | undefined`. With a `limiter`
 * (scripts/server/rate-limit.mjs), each module's config.rateLimit is enforced before its handler runs.
 */
export function createFunctionRouter(modules, { limiter = null } = {}) {
  const routes = modules.flatMap((mod, index) => {
    const paths = [mod.config?.path ?? []].flat();
    const methods = mod.config?.method ? [mod.config.method].flat().map((m) => m.toUpperCase()) : null;
    const rule = readRateLimit(mod.config);
    return paths.map((path) => ({ match: compilePath(path), methods, handler: mod.default, mod, rule, id: `fn${index}` }));
  });
  return async (request, ip = '127.0.0.1') => {
    const { pathname } = new URL(request.url);
    for (const route of routes) {
      const params = route.match(pathname);
      if (!params) continue;
      // Netlify answers a method outside config.method as not found; the handlers answer 405 themselves.
      if (route.methods && !route.methods.includes(request.method)) continue;
      if (limiter && route.rule) {
        const verdict = limiter.hit(rateLimitKey(route.id, route.rule, { ip }), route.rule);
        if (!verdict.ok) return tooManyRequestsResponse(route.mod, verdict.retryAfterSeconds);
      }
      return route.handler(request, { ip, params, site: { url: new URL(request.url).origin } });
    }
    return undefined;
  };
}

/** Methods a web Request cannot carry (the fetch standard forbids them): `new Request` throws on them. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
/** A method token no handler allows: what a function is asked instead of a forbidden method, so it answers its own 405 and Allow. */
const UNSUPPORTED_METHOD = 'X-UNSUPPORTED';

/**
 * The most of a request body this host reads: Netlify's own limit for a buffered request (6 MB), above every
 * function's cap (16 KB of JSON, functions/lib/http.ts; a 5 MiB ad-spend file, handlers/spend.ts).
 * A longer body reaches the function cut at HOST_BODY_LIMIT + 1 bytes, so the function still answers its
 * own 413 in its own words, and nothing larger is ever held in memory.
 */
export const HOST_BODY_LIMIT = 6 * 1024 * 1024;

/**
 * Reads a Node request's body into memory: `{ body, complete }`, the body cut at limit + 1 bytes when
 * longer (complete: false; reading then stops). A declared Content-Length over the limit is not read at
 * all: the function's own check of that header refuses it.
 * Why buffered and not `Readable.toWeb(req)`: a handler that cancels that web stream at its cap leaves the
 * Node stream emitting into a closed controller, and the ERR_INVALID_STATE it throws from an event
 * handler ended the whole process (site, API, mail drain): one anonymous POST over 16 KB was enough.
 */
export function readNodeBody(req, limit = HOST_BODY_LIMIT) {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) return resolve({ body: Buffer.alloc(0), complete: false });
    const chunks = [];
    let size = 0;
    const onData = (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) {
        req.off('data', onData);
        req.pause();
        resolve({ body: Buffer.concat(chunks).subarray(0, limit + 1), complete: false });
      }
    };
    req.on('data', onData);
    req.once('end', () => resolve({ body: Buffer.concat(chunks), complete: true }));
    req.once('error', reject);
  });
}

/**
 * Converts a Node request into a web Request (a forbidden method arrives as UNSUPPORTED_METHOD, bodiless).
 * `body`: the request's bytes, already read (readNodeBody), never the live Node stream (see readNodeBody).
 */
function toWebRequest(req, origin, body) {
  if (FORBIDDEN_METHODS.has(String(req.method).toUpperCase())) return new Request(new URL(req.url ?? '/', origin), { method: UNSUPPORTED_METHOD });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? (body ?? Buffer.alloc(0)) : undefined,
  });
}

/**
 * A Node request as a web Request, its body read first (readNodeBody). `complete: false`: the body was cut
 * (the function refuses it); the connection should then close with the answer, the rest never read.
 */
export async function readWebRequest(req, origin) {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const read = hasBody ? await readNodeBody(req) : { body: undefined, complete: true };
  return { request: toWebRequest(req, origin, read.body), complete: read.complete };
}

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml|ld\+json)|image\/svg\+xml)/;

/** @typedef {ReturnType<typeof import('./compressed-copies.mjs').compressedCopies>} CompressedCopies */

/**
 * Compresses text bodies like Netlify's CDN does (brotli, else gzip), so local measurements match production.
 * `copies` (compressed-copies.mjs), for a static answer: compressed copies other server processes made.
 * @param {Response} response
 * @param {string} [acceptEncoding]
 * @param {CompressedCopies | null} [copies]
 */
async function compress(response, acceptEncoding = '', copies = null) {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return null;
  // A download (the console's CSV) streams as it is written: compressing would hold all of it in memory first.
  if (/^attachment/i.test(response.headers.get('content-disposition') ?? '')) return null;
  const raw = Buffer.from(await response.arrayBuffer());
  // Tiny bodies gain nothing from compression.
  if (raw.length < 200) return { body: raw };
  const encoding = /\bbr\b/.test(acceptEncoding) ? 'br' : /\bgzip\b/.test(acceptEncoding) ? 'gzip' : null;
  if (!encoding) return { body: raw };
  // The same bytes compress to the same bytes: each body is compressed once, as Netlify's CDN caches what it
  // compressed. Compressing on every request cost the home page ~33 ms of brotli 9 a request here, which
  // Lighthouse counts as server time in every page's simulated first paint.
  const hash = createHash('sha256').update(raw).digest('base64url');
  const key = `${encoding} ${hash}`;
  let body = compressedBodies.get(key);
  if (!body) {
    body = copies?.read(encoding, hash);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(raw, { level: 9 });
      copies?.write(encoding, hash, body);
    }
    compressedBodies.set(key, body);
  }
  return { body, encoding };
}

/** Compressed bodies by encoding and content hash; bounded in bytes (the site's pages and assets fit many times over). */
const compressedBodies = new LRUCache({ maxSize: 32 * 1024 * 1024, sizeCalculation: (body) => body.length || 1 });

/**
 * Writes a web Response to a Node response; `copies` as for compress(), for a static answer only.
 * @param {import('node:http').ServerResponse} res
 * @param {Response} response
 * @param {string | undefined} acceptEncoding
 * @param {CompressedCopies | null} [copies]
 */
export async function sendWebResponse(res, response, acceptEncoding, copies = null) {
  const headers = {};
  response.headers.forEach((value, key) => {
    headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
  });
  const compressed = await compress(response, acceptEncoding, copies);
  if (compressed) {
    delete headers['content-length'];
    headers['content-length'] = String(compressed.body.length);
    if (compressed.encoding) {
      headers['content-encoding'] = compressed.encoding;
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    }
    res.writeHead(response.status, headers);
    res.end(compressed.body);
    return;
  }
  res.writeHead(response.status, headers);
  if (response.body) for await (const chunk of response.body) res.write(chunk);
  res.end();
}
