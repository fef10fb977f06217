// The local server behind `npm start` and the browser tests: the production build (dist/) plus functions/.
// Static files, netlify.toml headers and redirects go through Netlify's local emulation (@netlify/dev);
// functions run in this process (see functions-host.mjs for why).
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NetlifyDev } from '@netlify/dev';
import { createFunctionRouter, readWebRequest, sendWebResponse } from './functions-host.mjs';
import { createRateLimiter, rateLimitsEnabled } from './rate-limit.mjs';
import { createStaticCache } from './static-cache.mjs';
import { compressedCopies } from './compressed-copies.mjs';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * How long a client may take to send a whole request, and its headers. Node's defaults (300 s, 60 s) let a
 * few hundred connections that stall their body hold the server's sockets for minutes; every request of this
 * site is a few KB (the functions cap bodies at 16 KB), so 30 s is generous even on a slow phone.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
export const HEADERS_TIMEOUT_MS = 10_000;

/**
 * Starts the server. `functionModules` are the loaded functions/*.ts modules
 * (bundled by serve.mjs, or imported through Vite by tests that also query the database);
 * `root` is the project whose netlify.toml and dist/ are served (tests may build a variant elsewhere).
 * `rateLimits`: enforce each function's config.rateLimit (default: unless RATE_LIMITS=off).
 * `requestTimeoutMs`: REQUEST_TIMEOUT_MS unless a test plays a shorter one.
 * @param {{ port?: number; host?: string; root?: string; rateLimits?: boolean; requestTimeoutMs?: number; functionModules?: Array<{ default: Function; config?: { path?: string | string[]; method?: string | string[] } }> }} [options]
 */
export async function startServer({ port = 8888, host = '127.0.0.1', functionModules = [], root = projectRoot, rateLimits = rateLimitsEnabled(), requestTimeoutMs = REQUEST_TIMEOUT_MS } = {}) {
  const distDir = join(root, 'dist');
  // The browser tests' many visitors all come from 127.0.0.1; with LOCAL_CLIENT_IP_HEADER set (only the
  // test harness sets it) each test browser says its own address in that header, as Netlify's edge does in
  // production (x-nf-client-connection-ip), so per-IP limits meet one visitor each. Never set in npm start:
  // a client could then pick its address.
  const ipHeader = process.env.LOCAL_CLIENT_IP_HEADER?.toLowerCase() || null;
  const routeFunction = createFunctionRouter(functionModules, { limiter: rateLimits ? createRateLimiter() : null });
  const netlify = new NetlifyDev({
    projectRoot: root,
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    functions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    staticFiles: { enabled: true, directories: [distDir] },
  });
  await netlify.start();
  const staticFiles = createStaticCache({ root, distDir });
  const copies = compressedCopies(join(root, '.netlify', 'compressed'));
  const notFoundPage = await readFile(`${distDir}/404.html`).catch(() => Buffer.from('Oops! Page not found'));

  // Like Netlify: an unknown path gets dist/404.html with status 404 and the headers of the 404 page.
  async function notFound(origin) {
    const page = await netlify.handle(new Request(new URL('/404', origin)));
    const headers = new Headers(page?.headers);
    headers.set('content-type', 'text/html; charset=utf-8');
    return new Response(notFoundPage, { status: 404, headers });
  }

  // Static files answer GET and HEAD; TRACE and the like get 405, never 500 (functions answer their own).
  function staticMethodNotAllowed(request) {
    if (['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(request.method)) return null;
    return new Response('Method Not Allowed', {
      status: 405,
      headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
    });
  }

  // A path with a malformed escape (`/api/agenda/%ZZ`) names no page nor function: 404, never a URIError's 500.
  function decodable(request) {
    try {
      decodeURIComponent(new URL(request.url).pathname);
      return true;
    } catch {
      return false;
    }
  }

  const timeouts = {
    requestTimeout: requestTimeoutMs,
    headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
    // How often Node checks those deadlines (default 30 s: a stalled body could live a minute).
    connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
  };
  const server = http.createServer(timeouts, async (req, res) => {
    try {
      const origin = `http://${req.headers.host ?? `localhost:${port}`}`;
      const { request, complete } = await readWebRequest(req, origin);
      // A body left unread ends the connection with this answer: the rest of it is never read.
      if (!complete) res.shouldKeepAlive = false;
      if (!decodable(request)) return void (await sendWebResponse(res, await notFound(origin), req.headers['accept-encoding']));
      const claimed = ipHeader ? req.headers[ipHeader] : undefined;
      const fromFunction = await routeFunction(request, typeof claimed === 'string' && claimed ? claimed : req.socket.remoteAddress);
      const response =
        fromFunction ??
        staticMethodNotAllowed(request) ??
        (await staticFiles.answer(request, () => netlify.handleAndIntrospectNodeRequest(req))) ??
        (await notFound(origin));
      await sendWebResponse(res, response, req.headers['accept-encoding'], fromFunction ? null : copies);
    } catch (error) {
      console.error('server: request failed:', error instanceof Error ? error.message : 'unknown error');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Erro interno');
    }
  });
  // Node hands CONNECT to a 'connect' listener instead of the request handler (a proxy tunnel): refuse it.
  server.on('connect', (_req, socket) => {
    socket.end('HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, HEAD\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  // A port in use (EADDRINUSE) rejects here, so the caller can say so and exit: before, the error went to the
  // process's last-resort handler, which logged it and kept a process alive that served nothing.
  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve(undefined);
      });
    });
  } catch (error) {
    await netlify.stop();
    throw error;
  }
  const address = server.address();
  const url = `http://localhost:${typeof address === 'object' && address ? address.port : port}`;
  return {
    url,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await netlify.stop();
    },
  };
}
