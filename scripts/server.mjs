// The local server behind `npm start` and the browser tests: the production build (dist/) plus functions/.
// Static files, netlify.toml headers and redirects go through Netlify's local emulation (@netlify/dev);
// functions run in this process (see functions-host.mjs for why).
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { NetlifyDev } from '@netlify/dev';
import { createFunctionRouter, sendWebResponse, toWebRequest } from './functions-host.mjs';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Starts the server. `functionModules` are the loaded functions/*.ts modules
 * (bundled by serve.mjs, or imported through Vite by tests that also query the database).
 * @param {{ port?: number; host?: string; functionModules?: Array<{ default: Function; config?: { path?: string | string[]; method?: string | string[] } }> }} [options]
 */
export async function startServer({ port = 8888, host = '127.0.0.1', functionModules = [] } = {}) {
  const routeFunction = createFunctionRouter(functionModules);
  const netlify = new NetlifyDev({
    projectRoot,
    aiGateway: { enabled: false },
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    functions: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: false },
    staticFiles: { enabled: true, directories: [`${projectRoot}dist`] },
  });
  await netlify.start();
  const notFoundPage = await readFile(`${projectRoot}dist/404.html`).catch(() => Buffer.from('Oops! Page not found'));

  const server = http.createServer(async (req, res) => {
    try {
      const origin = `http://${req.headers.host ?? `localhost:${port}`}`;
      const fromFunction = await routeFunction(toWebRequest(req, origin), req.socket.remoteAddress);
      const response =
        fromFunction ??
        (await netlify.handleAndIntrospectNodeRequest(req))?.response ??
        new Response(notFoundPage, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
      await sendWebResponse(res, response, req.headers['accept-encoding']);
    } catch (error) {
      console.error('server: request failed:', error instanceof Error ? error.message : 'unknown error');
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Erro interno');
    }
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
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
