// `npm run db:migrate` / `npm run db:seed`: the schema and the seed on whichever database the environment
// selects, as the functions do — DATABASE_URL (PostgreSQL, e.g. Supabase) or the embedded database at
// ${DATA_DIR:-.data}/db. Migrations are recorded in supabase_migrations.schema_migrations, the table the
// Supabase CLI keeps, so this and `supabase db push` agree; a re-run applies nothing and exits 0.
// `seed --demo N` also loads the painel's demo data (scripts/ops/demo-seed.mjs): never without the flag,
// and skipped when demo data is there already.
// Exit codes: 0 done, 1 failed, 2 usage.
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { importTs } from '../server/functions-host.mjs';
import { DEMO_MAX_LEADS, seedDemo } from './demo-seed.mjs';

const [command, flag, amount, ...extra] = process.argv.slice(2);
const demo = flag === '--demo' ? Number(amount) : null;
const demoUsage = command === 'seed' && flag === '--demo' && Number.isInteger(demo) && demo >= 10 && demo <= DEMO_MAX_LEADS;
if (!['migrate', 'seed'].includes(command) || extra.length || (flag !== undefined && !demoUsage)) {
  console.error(`Uso: node scripts/ops/db.mjs migrate | seed [--demo N]  (N leads de demonstração, 10 a ${DEMO_MAX_LEADS})`);
  process.exit(2);
}

const lib = await bundle();
const env = lib.readEnv();
if (env.supabaseRestOnly) {
  console.error('db: SUPABASE_URL não basta. Defina DATABASE_URL com a connection string direta do projeto (porta 5432) ou use `supabase db push`.');
  process.exit(1);
}

let client;
let code = 0;
try {
  client = env.database ? lib.postgresClient(lib.connect({ ...env.database, poolMax: 1 }, { pipelining: true })) : await openEmbedded(env.dataDir);
  const where = env.database ? 'PostgreSQL (DATABASE_URL)' : `banco embutido em ${join(env.dataDir, 'db')}`;
  if (command === 'migrate') {
    const applied = await lib.applyMigrations(client);
    console.log(applied.length ? `Migrações aplicadas em ${where}: ${applied.join(', ')}` : `Nada a aplicar: ${where} já tem todas as migrações.`);
  } else {
    const pending = await lib.pendingMigrations(client);
    if (pending.length) throw Object.assign(new Error('pending'), { code: `migrações pendentes (${pending.join(', ')}): rode npm run db:migrate` });
    await lib.applySeed(client);
    console.log(`Seed aplicado em ${where} (supabase/seed.sql; linhas existentes ficam como estão).`);
    if (demo !== null) {
      const started = performance.now();
      const result = await seedDemo(client, demo, { policyVersion: policyVersion() });
      console.log(result.status === 'exists'
        ? 'Dados de demonstração já existem neste banco: nada foi carregado.'
        : `Dados de demonstração carregados: ${result.leads} leads e ${result.meetings} reuniões em ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    }
  }
} catch (error) {
  // Code and hint only: driver messages may quote SQL or data.
  console.error(`db ${command}: falhou (${error?.code ?? error?.name ?? 'erro'}${error?.hint ? `: ${error.hint}` : ''})`);
  code = 1;
} finally {
  await client?.close().catch(() => {});
}
process.exit(code);

/** The published privacy-policy version (its frontmatter): demo leads consent to it like real ones. */
function policyVersion() {
  const policy = readFileSync(new URL('../../content/legal/politica-de-privacidade.md', import.meta.url), 'utf8');
  return /^version:\s*"?([^"\n]+)"?/m.exec(policy)[1];
}

async function openEmbedded(dataDir) {
  const dir = join(dataDir, 'db');
  await mkdir(dir, { recursive: true });
  try {
    lib.lockDataDir(dir); // one process per embedded database; released when this process exits
  } catch (error) {
    if (error?.code !== 'pglite_locked') throw error;
    console.error(`db: o banco embutido em ${dir} está aberto por outro processo (pid ${error.ownerPid}). Pare \`npm start\` (ou o outro comando) e repita.`);
    process.exit(2);
  }
  const db = await lib.PGlite.create(dir, { extensions: await lib.pgliteExtensions() });
  return lib.pgliteClient(db);
}

/** The store modules are TypeScript: imported through importTs. */
function bundle() {
  return importTs('db', [
    "export { applyMigrations, applySeed, pendingMigrations } from './functions/lib/store/migrate';",
    "export { connect, postgresClient } from './functions/lib/store/postgres';",
    "export { pgliteClient, pgliteExtensions } from './functions/lib/store/pglite';",
    "export { lockDataDir } from './functions/lib/store/lock';",
    "export { readEnv } from './functions/lib/env';",
    "export { PGlite } from '@electric-sql/pglite';",
  ]);
}
