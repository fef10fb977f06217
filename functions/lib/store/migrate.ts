// Applies supabase/migrations in file order and records each in supabase_migrations.schema_migrations,
// the table the Supabase CLI keeps (version = the file's timestamp prefix), so `npm run db:migrate` and
// `supabase db push` agree on what is applied and neither re-runs the other's work.
import type { SqlClient } from './client';
import { loadMigrations, type SqlFile } from './migrations';

const LEDGER = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
alter table supabase_migrations.schema_migrations add column if not exists statements text[];
alter table supabase_migrations.schema_migrations add column if not exists name text;`;

/** `20260601000100_schema.sql` → version `20260601000100`, name `schema`. */
export function versionOf(file: string): { version: string; name: string } {
  const match = /^(\d+)_(.+)\.sql$/.exec(file);
  if (!match) throw new Error(`migration file name must be <timestamp>_<name>.sql: ${file}`);
  return { version: match[1], name: match[2] };
}

async function appliedVersions(client: SqlClient): Promise<Set<string> | null> {
  const [ledger] = await client.query<{ t: string | null }>(`select to_regclass('supabase_migrations.schema_migrations')::text as t`);
  if (!ledger?.t) return null;
  const rows = await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations');
  return new Set(rows.map((r) => r.version));
}

/** Versions in supabase/migrations that the database has not recorded (all of them when it has no ledger). */
export async function pendingMigrations(client: SqlClient, files?: SqlFile[]): Promise<string[]> {
  const list = files ?? (await loadMigrations()).migrations;
  const applied = (await appliedVersions(client)) ?? new Set();
  return list.map((m) => versionOf(m.name).version).filter((v) => !applied.has(v));
}

/**
 * Applies what is missing, each file in its own transaction, serialised by an advisory lock so two
 * processes starting together do not both run a file. Returns the versions applied (empty: up to date).
 */
export async function applyMigrations(client: SqlClient, files?: SqlFile[]): Promise<string[]> {
  const list = files ?? (await loadMigrations()).migrations;
  await client.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('supabase_migrations'))`);
    await tx.exec(LEDGER);
    // Embedded databases made before this ledger recorded their files in local_migrations.
    const [legacy] = await tx.query<{ t: string | null }>(`select to_regclass('public.local_migrations')::text as t`);
    if (legacy?.t) {
      const names = await tx.query<{ name: string }>('select name from public.local_migrations');
      for (const { name } of names) {
        const { version, name: label } = versionOf(name);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2) on conflict do nothing', [version, label]);
      }
      await tx.exec('drop table public.local_migrations');
    }
  });
  // Only the files the ledger does not list yet take the locked transaction below (which checks again, so a
  // process that applied one meanwhile is still seen). One locked transaction per file for all 39 took
  // 750 ms on every open of an up-to-date embedded database (the CLI, each function's cold start, each test
  // store); one read of the ledger takes a few.
  const recorded = (await appliedVersions(client)) ?? new Set<string>();
  const applied: string[] = [];
  for (const file of list) {
    const { version, name } = versionOf(file.name);
    if (recorded.has(version)) continue;
    const done = await client.transaction(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(hashtext('supabase_migrations'))`);
      const [seen] = await tx.query('select 1 from supabase_migrations.schema_migrations where version = $1', [version]);
      if (seen) return false;
      await tx.exec(file.sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, array[$3::text])', [version, name, file.sql]);
      return true;
    });
    if (done) applied.push(version);
  }
  return applied;
}

/** supabase/seed.sql: written to be re-run (on conflict do nothing). */
export async function applySeed(client: SqlClient): Promise<boolean> {
  const { seed } = await loadMigrations();
  if (!seed.trim()) return false;
  await client.exec(seed);
  return true;
}
