// `npm run consultants` from its arguments to its exit code: parse, open the store, run, close. The script
// (scripts/ops/consultants.mjs) only passes argv and the console; tests run this same function in-process.
// Exit codes: 0 done, 1 bad input or unknown consultant (nothing changed), 2 the store could not be opened.
import { openStore } from '../app';
import type { ServerEnv } from '../env';
import type { Store } from '../store/port';
import { InputError, parseCommand, runCommand } from './consultants';
import type { CliIo } from './consultants-io';

type StoreOpenError = { code?: string; name?: string; hint?: string; ownerPid?: number };

/** `opened`: a store the caller keeps open and closes itself (tests running many commands on one database). */
export async function runConsultantsCli(argv: string[], env: ServerEnv, io: CliIo, opened?: Store): Promise<number> {
  let parsed;
  try {
    parsed = parseCommand(argv, env.scheduling, { localUse: env.integrations.local });
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.err(error.message);
    return 1;
  }

  let store = opened;
  try {
    store ??= await openStore(env);
  } catch (caught) {
    const error = caught as StoreOpenError | undefined;
    // The single-opener lock (functions/lib/store/lock.ts): `npm start` or another command holds the embedded database.
    if (error?.code === 'pglite_locked') {
      io.err(`consultants: o banco de dados embutido está aberto por outro processo (pid ${error.ownerPid}). Pare \`npm start\` (ou o outro comando) e repita; nada foi alterado.`);
    } else {
      // Codes and the store's hint only: never a URL or password.
      io.err(`consultants: não foi possível abrir o banco de dados (${error?.code ?? error?.name ?? 'erro'})${error?.hint ? ` — ${error.hint}` : ''}`);
    }
    return 2;
  }

  try {
    return await runCommand(store, parsed, { config: env.scheduling, siteUrl: env.siteUrl, localUse: env.integrations.local }, io);
  } catch (caught) {
    const error = caught as { code?: string; name?: string } | undefined;
    // Code only: messages may quote SQL, personal data or a feed URL.
    io.err(`consultants: falhou (${error?.code ?? error?.name ?? 'erro'})`);
    return 1;
  } finally {
    if (!opened) await store.close();
  }
}
