// `npm start` (after the build): site and functions on http://localhost:8888 (PORT overrides).
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { listFunctionFiles, NODE_BUNDLE } from './functions-host.mjs';
import { projectRoot, startServer } from './server.mjs';

// Bundle like Netlify does (esbuild), as one build with shared chunks so every function shares one store.
const files = await listFunctionFiles(`${projectRoot}functions`);
const outdir = `${projectRoot}.netlify/local-functions`;
await build({
  entryPoints: files.map((f) => `${projectRoot}functions/${f}`),
  outdir,
  ...NODE_BUNDLE,
  splitting: true,
  outExtension: { '.js': '.mjs' },
});
const functionModules = await Promise.all(
  files.map((f) => import(pathToFileURL(`${outdir}/${f.replace(/\.m?[jt]s$/, '.mjs')}`).href)),
);

const server = await startServer({ port: Number(process.env.PORT ?? 8888), host: process.env.HOST, functionModules });
console.log(`Site e funções em ${server.url}`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
