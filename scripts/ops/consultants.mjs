// The mentor's consultant tool: `npm run consultants -- <command>` (list, add, deactivate, hours, off,
// feed, sala, sync, agenda-link; see functions/lib/admin/consultants.ts and docs/operations.md). It works on the store
// the environment selects, like the functions: DATABASE_URL, else Supabase, else the embedded database
// at ${DATA_DIR:-.data}/db — which one process at a time may open: stop `npm start` first.
// Exit codes: functions/lib/admin/consultants-cli.ts.
import { importTs } from '../server/functions-host.mjs';

const lib = await bundle();
const io = { out: (line) => console.log(line), err: (line) => console.error(line) };
process.exit(await lib.runConsultantsCli(process.argv.slice(2), lib.readEnv(), io));

/** The TypeScript this command needs (functions/lib), imported through importTs. */
function bundle() {
  return importTs('consultants', [
    "export { readEnv } from './functions/lib/env';",
    "export { runConsultantsCli } from './functions/lib/admin/consultants-cli';",
  ]);
}
