// `npm start` (after the build): site and functions on http://localhost:8888 (PORT overrides).
import { pathToFileURL } from 'node:url';
import { bundleFunctions } from './bundle-functions.mjs';
import { watchAncestors } from './parent-watch.mjs';
import { listFunctionFiles } from './functions-host.mjs';
import { startScheduler } from './scheduler.mjs';
import { projectRoot, startServer } from './server.mjs';

// Watched from the first moment: read later, an npm killed during the start would already be gone from the chain.
let stop = async () => process.exit(0);
watchAncestors(() => {
  console.error('O processo que iniciou o servidor terminou: parando · The process that started the server is gone: stopping.');
  void stop();
});

// One long-lived process answers every request here, where a Netlify instance answers one at a time (its
// default DATABASE_POOL_MAX is 1): with a DATABASE_URL, `npm start` keeps up to 10 connections unless set.
process.env.DATABASE_POOL_MAX ||= '10';

// Bundle like Netlify does (esbuild), as one build with shared chunks so every function shares one store
// (and the embedded database's lock module, loaded below); a directory of its own per build (bundle-functions.mjs says why).
const files = await listFunctionFiles(`${projectRoot}functions`);
const outdir = await bundleFunctions(
  [...files.map((f) => `${projectRoot}functions/${f}`), `${projectRoot}functions/lib/store/lock.ts`],
  `${projectRoot}.netlify/local-functions`,
);
// One process per embedded database: a second `npm start` (or any command) on the same DATA_DIR stops here.
const { lockEmbeddedDatabase, DataDirLockedError } = await import(pathToFileURL(`${outdir}/lib/store/lock.mjs`).href);
try {
  lockEmbeddedDatabase();
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`O banco de dados embutido (${error.lockFile}) já está aberto pelo processo ${error.ownerPid}. Pare esse processo antes (um processo por vez), ou use DATABASE_URL.`);
  process.exit(2);
}
const functionModules = await Promise.all(
  files.map((f) => import(pathToFileURL(`${outdir}/${f.replace(/\.m?[jt]s$/, '.mjs')}`).href)),
);

// Last resort: one failing request or timer must not end the site, the API, the mail drain and the
// reminders for everyone. Logged by class or code only (a message may quote personal data); serving goes on.
const errorCode = (error) => (error && typeof error === 'object' && (error.code || error.name)) || 'unknown';
process.on('uncaughtException', (error) => console.error(`server: uncaught exception: ${errorCode(error)}`));
// Whoever read this server's output is gone (a test runner killed, a closed pipe): each write's EPIPE was an
// uncaught exception whose log line failed again, a loop that held a leaked test server at 82 % of a core
// for 48 minutes (2026-11-27). Nobody can read it any more, so it stops, as a Unix program does on SIGPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error?.code === 'EPIPE') process.exit(0);
  });
}
process.on('unhandledRejection', (error) => console.error(`server: unhandled rejection: ${errorCode(error)}`));

const port = Number(process.env.PORT ?? 8888);
let server;
try {
  server = await startServer({ port, host: process.env.HOST, functionModules });
} catch (error) {
  const code = errorCode(error);
  console.error(
    code === 'EADDRINUSE'
      ? `A porta ${port} já está em uso (EADDRINUSE): pare o outro processo ou escolha outra porta com PORT=… · Port ${port} is already in use: stop the other process or set PORT.`
      : `O servidor não pôde abrir a porta ${port} (${code}) · The server could not listen on port ${port} (${code}).`,
  );
  process.exit(1);
}
// Links in mail (manage links, "Abrir no painel") point at this server, not at the production site,
// unless SITE_URL (or Netlify's URL) says where they go. Set before the first request: the functions read
// their environment once, when the first one arrives (getApp).
if (!process.env.SITE_URL?.trim() && !process.env.URL?.trim()) process.env.SITE_URL = server.url;
console.log(`Site e funções em ${server.url}`);
// SCHEDULED_FUNCTIONS=off: none run in this process. On Netlify each scheduled run is an invocation of its
// own, never inside a request's process; `npm run bench -- routing` times requests without them.
const scheduler = process.env.SCHEDULED_FUNCTIONS === 'off' ? { jobs: [], stop() {} } : startScheduler(functionModules, files);
console.log(`Funções agendadas: ${scheduler.jobs.map((j) => `${j.name} (${j.schedule})`).join(', ') || 'nenhuma (SCHEDULED_FUNCTIONS=off)'}`);

stop = async () => {
  scheduler.stop();
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

