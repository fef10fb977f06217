// LGPD data-subject requests: export or delete everything stored about one person, by email (any case).
//
//   npm run data-subject -- export <email>          prints the person's leads and meetings as JSON
//   npm run data-subject -- delete <email>          shows what would be deleted, deletes nothing
//   npm run data-subject -- delete <email> --yes    deletes leads, meetings, outbox mail and its .eml copies; prints counts
//
// Same store as the functions: PostgreSQL when DATABASE_URL is set (Supabase's connection string),
// otherwise the embedded database at ${DATA_DIR:-.data}/db (stop `npm start`/`npm run dev` first: one
// process at a time may open it, and a second one is refused with exit code 2). The work is done by the
// SQL functions export_person_data and delete_person_data, one transaction each; then the .eml files
// written for the person's messages (no SMTP_URL) are removed from ${DATA_DIR}/outbox
// (functions/lib/admin/data-subject.ts, shared with the console's "Excluir dados").
// Exit codes: 0 done, 1 failed, 2 usage or the embedded database is in use by another process.
import { importTs } from '../server/functions-host.mjs';

const usage = 'Uso: node scripts/ops/data-subject.mjs export <email> | delete <email> [--yes]';
const [command, email, ...flags] = process.argv.slice(2);
if (!['export', 'delete'].includes(command) || !email || !email.includes('@') || flags.some((f) => f !== '--yes')) {
  console.error(usage);
  process.exit(2);
}

const dataDir = process.env.DATA_DIR?.trim() || '.data';
const lib = await importTs('data-subject', [
  "export { openStore } from './functions/lib/app';",
  "export { readEnv } from './functions/lib/env';",
  "export { erasePerson, erasurePreview, teamAddresses } from './functions/lib/admin/data-subject';",
]);
const env = lib.readEnv();
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
  // The same erasure as the painel's: every lead of the person's identity, upcoming meetings cancelled first.
  const app = { store, env: { ...env, dataDir }, now: () => new Date() };
  if (command === 'export') {
    console.log(JSON.stringify(await store.exportPersonData(email, lib.teamAddresses(env)), null, 2));
  } else if (flags.includes('--yes')) {
    const { files, ...deleted } = await lib.erasePerson(app, email);
    console.log(JSON.stringify({ deleted: { ...deleted, files } }));
  } else {
    const { leads, upcoming, teamAddress } = await lib.erasurePreview(app, email);
    const team = teamAddress ? ' Este e-mail é de alguém da equipe: as mensagens da equipe sobre outros leads ficam.' : '';
    console.error(`Seriam apagados ${leads.length} lead(s) desta pessoa, com suas reuniões (${upcoming.length} futura(s), canceladas antes) e os emails sobre ela.${team} Repita com --yes para apagar.`);
  }
} catch (error) {
  // Code only: messages may quote SQL or personal data.
  console.error(`data-subject: falhou (${error?.code ?? error?.name ?? 'erro'})`);
  code = 1;
} finally {
  await store.close();
}
process.exit(code);

/** Opens the store the environment selects, as the functions do (TypeScript imported through importTs). */
function openStore() {
  return lib.openStore(env);
}
