// LGPD data-subject requests: export or delete everything stored about one person, by email (any case).
//
//   npm run data-subject -- export <email>          prints the person's leads and meetings as JSON
//   npm run data-subject -- delete <email>          shows what would be deleted, deletes nothing
//   npm run data-subject -- delete <email> --yes    deletes leads, meetings and outbox mail; prints counts
//
// Same store as the functions: Supabase when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set,
// otherwise the embedded database at ${DATA_DIR:-.data}/db (stop `npm start`/`npm run dev` first: one
// process at a time may open it). The work is done by the SQL functions export_person_data and
// delete_person_data (supabase/migrations/*_data_subject.sql), one transaction each.
// Exit codes: 0 done, 1 failed, 2 usage.
import { mkdir, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { NODE_BUNDLE } from './functions-host.mjs';

const usage = 'Uso: node scripts/data-subject.mjs export <email> | delete <email> [--yes]';
const [command, email, ...flags] = process.argv.slice(2);
if (!['export', 'delete'].includes(command) || !email || !email.includes('@') || flags.some((f) => f !== '--yes')) {
  console.error(usage);
  process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const store = await openStore();
let code = 0;
try {
  if (command === 'export') {
    console.log(JSON.stringify(await store.exportPersonData(email), null, 2));
  } else if (flags.includes('--yes')) {
    console.log(JSON.stringify({ deleted: await store.deletePersonData(email) }));
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

/** Bundles functions/lib (TypeScript) with esbuild, as scripts/serve.mjs does, and opens the env's store. */
async function openStore() {
  // Inside the project so the bundle's bare imports resolve from node_modules; one file per process.
  const outdir = `${root}.netlify/data-subject`;
  const outfile = `${outdir}/store-${process.pid}.mjs`;
  await mkdir(outdir, { recursive: true });
  await build({
    stdin: {
      contents: "export { openStore } from './functions/lib/app'; export { readEnv } from './functions/lib/env';",
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
    ...NODE_BUNDLE,
  });
  try {
    const lib = await import(pathToFileURL(outfile).href);
    return await lib.openStore(lib.readEnv());
  } finally {
    await rm(outfile, { force: true });
  }
}
