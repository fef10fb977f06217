// `npm start`: serves the production build and functions/ on http://localhost:8888 (PORT overrides).
// Static files, netlify.toml headers and redirects go through Netlify's local emulation (@netlify/dev);
// functions run in this process (see functions-host.mjs for why).
import http from 'node:http';
import { readFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { NetlifyDev } from '@netlify/dev';
import { createFunctionRouter, listFunctionFiles, sendWebResponse, toWebRequest } from './functions-host.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST ?? '127.0.0.1';
const origin = `http://localhost:${port}`;

// Bundle like Netlify does (esbuild), as one build with shared chunks so every function shares one store.
const files = await listFunctionFiles(`${root}functions`);
const outdir = `${root}.netlify/local-functions`;
await build({
  entryPoints: files.map((f) => `${root}functions/${f}`),
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  packages: 'external',
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
const modules = await Promise.all(files.map((f) => import(pathToFileURL(`${outdir}/${f.replace(/\.m?[jt]s$/, '.mjs')}`).href)));
const routeFunction = createFunctionRouter(modules);

const netlify = new NetlifyDev({
  projectRoot: root,
  aiGateway: { enabled: false },
  blobs: { enabled: false },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  functions: { enabled: false },
  geolocation: { enabled: false },
  images: { enabled: false },
  staticFiles: { enabled: true, directories: [`${root}dist`] },
});
await netlify.start();

const notFoundPage = await readFile(`${root}dist/404.html`).catch(() => Buffer.from('Oops! Page not found'));

const server = http.createServer(async (req, res) => {
  try {
    const fromFunction = await routeFunction(toWebRequest(req, origin), req.socket.remoteAddress);
    const response =
      fromFunction ??
      (await netlify.handleAndIntrospectNodeRequest(req))?.response ??
      new Response(notFoundPage, { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } });
    await sendWebResponse(res, response);
  } catch (error) {
    console.error('serve: request failed:', error instanceof Error ? error.message : 'unknown error');
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Erro interno');
  }
});
server.listen(port, host, () => console.log(`Site e funções em ${origin}`));

const stop = async () => {
  server.close();
  await netlify.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
