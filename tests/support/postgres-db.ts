// A fresh database per test file on the globalSetup's cluster, migrated as `npm run db:migrate` does.
// The globalSetup migrates and seeds one template database (TEMPLATE_DATABASE) once; a fully migrated,
// seeded database is then a copy of it (`create database … template`), which takes a fraction of the
// time of applying every migration again (measured in the closing note of #37). Partial migrations
// (`upTo`) and unseeded databases are still built from scratch; the migrations themselves stay tested
// from scratch (tests/integration/migrations.test.ts, postgres/schema.test.ts's "behind" database).
import postgres from 'postgres';
import { applyMigrations, applySeed } from '../../functions/lib/store/migrate';
import { loadMigrations } from '../../functions/lib/store/migrations';
import { postgresClient } from '../../functions/lib/store/postgres';

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

/** The migrated, seeded database the globalSetup leaves on its cluster (never connected to afterwards). */
export const TEMPLATE_DATABASE = 't_template';

/** Applies migrations (all, or the first `upTo`) and, for a full one, the seed to database `name`. */
async function migrate(url: string, opts: { upTo?: number; seed?: boolean }) {
  const client = postgresClient(postgres(url, { max: 1, prepare: false, onnotice: () => {} }));
  try {
    const { migrations } = await loadMigrations();
    await applyMigrations(client, migrations.slice(0, opts.upTo ?? migrations.length));
    if (opts.seed !== false && opts.upTo === undefined) await applySeed(client);
  } finally {
    await client.close();
  }
}

/** Makes TEMPLATE_DATABASE on the cluster (globalSetup, once per run). */
export async function createTemplateDatabase(serverUrl: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${TEMPLATE_DATABASE}`);
    await migrate(serverUrl.replace(/\/[^/]*$/, `/${TEMPLATE_DATABASE}`), {});
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/** Creates `t_<random>`: a copy of the template when there is one and a full database is asked for, else migrated here. */
export async function createTestDatabase(serverUrl: string, opts: { upTo?: number; seed?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const url = serverUrl.replace(/\/[^/]*$/, `/${name}`);
  const full = opts.upTo === undefined && opts.seed !== false;
  // FILE_COPY (PostgreSQL >= 15) copies the template's files as they are; 15's default (WAL_LOG) writes every block
  // of the ~11 MB template through the write-ahead log. 30 copies and drops, server CPU per pair (2026-12-01):
  // 0.21–0.36 CPU-s with WAL_LOG, 0.16–0.25 with FILE_COPY; a run makes ~100 (93 in the unit stage).
  const [template] = full
    ? await admin<{ fileCopy: boolean }[]>`select current_setting('server_version_num')::int >= 150000 as "fileCopy" from pg_database where datname = ${TEMPLATE_DATABASE}`
    : [];
  if (template) {
    await admin.unsafe(`create database ${name} template ${TEMPLATE_DATABASE}${template.fileCopy ? ' strategy = file_copy' : ''}`);
  } else {
    await admin.unsafe(`create database ${name}`);
    await migrate(url, opts);
  }
  return {
    url,
    name,
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/** The pooler's URL (globalSetup's `pooledUrl`) for one test database. */
export function pooledDatabaseUrl(pooledUrl: string, database: string): string {
  return pooledUrl.replace(/\/[^/]*$/, `/${database}`);
}
