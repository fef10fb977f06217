// The mentor's consultant tool: `npm run consultants -- <command>` (list, add, deactivate, hours, off,
// feed, sala, sync, agenda-link; see functions/lib/admin/consultants.ts and docs/operations.md). It works on the store
// the environment selects, like the functions: DATABASE_URL, else Supabase, else the embedded database
// at ${DATA_DIR:-.data}/db — which one process at a time may open: stop `npm start` first.
// Exit codes: 0 done, 1 bad input or unknown consultant (nothing changed), 2 the store could not be opened.
import { importTs } from '../server/functions-host.mjs';

const lib = await bundle();
const io = { out: (line) => console.log(line), err: (line) => console.error(line) };
const env = lib.readEnv();
const cliEnv = { config: env.scheduling, siteUrl: env.siteUrl, localUse: env.integrations.local };

let parsed;
try {
  parsed = lib.parseCommand(process.argv.slice(2), env.scheduling, { localUse: env.integrations.local });
} catch (error) {
  if (!(error instanceof lib.InputError)) throw error;
  console.error(error.message);
  process.exit(1);
}

let store;
try {
  store = await lib.openStore(env);
} catch (error) {
  // The single-opener lock (functions/lib/store/lock.ts): `npm start` or another command holds the embedded database.
  if (error?.code === 'pglite_locked') {
    console.error(`consultants: o banco de dados embutido está aberto por outro processo (pid ${error.ownerPid}). Pare \`npm start\` (ou o outro comando) e repita; nada foi alterado.`);
  } else {
    // Codes and the store's hint only: never a URL or password.
    console.error(`consultants: não foi possível abrir o banco de dados (${error?.code ?? error?.name ?? 'erro'})${error?.hint ? ` — ${error.hint}` : ''}`);
  }
  process.exit(2);
}

let code = 0;
try {
  code = await lib.runCommand(store, parsed, cliEnv, io);
} catch (error) {
  // Code only: messages may quote SQL, personal data or a feed URL.
  console.error(`consultants: falhou (${error?.code ?? error?.name ?? 'erro'})`);
  code = 1;
} finally {
  await store.close();
}
process.exit(code);

/** The TypeScript this command needs (functions/lib), imported through importTs. */
function bundle() {
  return importTs('consultants', [
    "export { openStore } from './functions/lib/app';",
    "export { readEnv } from './functions/lib/env';",
    "export { parseCommand, runCommand, InputError } from './functions/lib/admin/consultants';",
  ]);
}
