// LGPD data-subject requests: export or delete everything stored about one person, by email (any case).
//
//   npm run data-subject -- export <email>          prints the person's leads and meetings as JSON
//   npm run data-subject -- delete <email>          shows what would be deleted, deletes nothing
//   npm run data-subject -- delete <email> --yes    deletes leads, meetings, outbox mail and its .eml copies; prints counts
//
// Same store as the functions: Supabase when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set,
// otherwise the embedded database at ${DATA_DIR:-.data}/db (stop `npm start`/`npm run dev` first: one
// process at a time may open it, and a second one is refused with exit code 2). The work is done by the
// SQL functions export_person_data and delete_person_data, one transaction each; then the .eml files
// written for the person's messages (no SMTP_URL) are removed from ${DATA_DIR}/outbox.
// Exit codes: 0 done, 1 failed, 2 usage or the embedded database is in use by another process.
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { importTs } from '../server/functions-host.mjs';

const usage = 'Uso: node scripts/ops/data-subject.mjs export <email> | delete <email> [--yes]';
const [command, email, ...flags] = process.argv.slice(2);
if (!['export', 'delete'].includes(command) || !email || !email.includes('@') || flags.some((f) => f !== '--yes')) {
  console.error(usage);
  process.exit(2);
}

const outboxDir = join(process.env.DATA_DIR?.trim() || '.data', 'outbox');
let store;
try {
  store = await openStore();
} catch (error) {
  if (error?.code === 'pglite_locked') {
    console.error(`data-subject: o banco de dados embutido está aberto por outro processo (pid ${error.ownerPid}). Pare \`npm start\` (ou o outro comando) e repita; nada foi alterado.`);
    process.exit(2);
  }
  console.error(`data-subject: não foi possível abrir o banco (${error?.code ?? error?.name ?? 'erro'})`);
  process.exit(1);
}
let code = 0;
try {
  if (command === 'export') {
    console.log(JSON.stringify(await store.exportPersonData(email), null, 2));
  } else if (flags.includes('--yes')) {
    const { messages } = await store.exportPersonData(email);
    const deleted = await store.deletePersonData(email);
    const files = await removeMailFiles(messages.map((m) => m.id), email);
    console.log(JSON.stringify({ deleted: { ...deleted, files } }));
  } else {
    const { leads } = await store.exportPersonData(email);
    const meetings = leads.reduce((n, lead) => n + lead.meetings.length, 0);
    console.error(`Seriam apagados ${leads.length} lead(s), ${meetings} reunião(ões) e os emails sobre essa pessoa. Repita com --yes para apagar.`);
  }
} catch (error) {
  // Code only: messages may quote SQL or personal data.
  console.error(`data-subject: falhou (${error?.code ?? error?.name ?? 'erro'})`);
  code = 1;
} finally {
  await store.close();
}
process.exit(code);

/**
 * Removes the .eml copies of the person's messages (functions/lib/mail/transport.ts names each file
 * `<time>-<message id>.eml`), and any other .eml whose To header holds exactly their address. Never by
 * substring: "ana@x.com" must not take "joana@x.com", "ana@x.com.br" or a message that merely quotes it.
 * Returns the count.
 */
async function removeMailFiles(ids, address) {
  const names = await readdir(outboxDir).catch(() => []);
  const wanted = address.trim().toLowerCase();
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const path = join(outboxDir, name);
    const mine = ids.some((id) => name.endsWith(`-${id}.eml`)) || recipientsOf(await readFile(path, 'utf8').catch(() => '')).includes(wanted);
    if (mine) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

/**
 * The addresses of a message's To header (unfolded), lower case. Quoted display names and (comments)
 * are dropped first: an address written there is text about someone, not where the message goes.
 */
function recipientsOf(raw) {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const to = (/^to:(.*)$/im.exec(head)?.[1] ?? '').replace(/"(?:[^"\\]|\\.)*"/g, ' ').replace(/\([^()]*\)/g, ' ');
  return [...to.matchAll(/[^\s<>,;"()]+@[^\s<>,;"()]+/g)].map((m) => m[0].toLowerCase());
}

/** Opens the store the environment selects, as the functions do (TypeScript imported through importTs). */
async function openStore() {
  const lib = await importTs('data-subject', ["export { openStore } from './functions/lib/app';", "export { readEnv } from './functions/lib/env';"]);
  return lib.openStore(lib.readEnv());
}
