// Finds and reads supabase/migrations/*.sql and supabase/seed.sql for the embedded database.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StoreUnavailableError } from './errors';

/** Walks up from this module (source or esbuild output under .netlify/) and from the cwd. */
export function findSupabaseDir(): string {
  const starts = [dirname(fileURLToPath(import.meta.url)), process.cwd()];
  for (const start of starts) {
    for (let dir = resolve(start); ; dir = dirname(dir)) {
      if (existsSync(join(dir, 'supabase', 'migrations'))) return join(dir, 'supabase');
      if (dirname(dir) === dir) break;
    }
  }
  // On Netlify the folder ships only through netlify.toml's included_files.
  throw new StoreUnavailableError('migrations_not_found', 'ship supabase/ with the functions: netlify.toml [functions] included_files');
}

export type SqlFile = { name: string; sql: string };

export async function loadMigrations(supabaseDir = findSupabaseDir()): Promise<{ migrations: SqlFile[]; seed: string }> {
  const dir = join(supabaseDir, 'migrations');
  const names = (await readdir(dir)).filter((n) => n.endsWith('.sql')).sort();
  const migrations = await Promise.all(names.map(async (name) => ({ name, sql: await readFile(join(dir, name), 'utf8') })));
  const seed = await readFile(join(supabaseDir, 'seed.sql'), 'utf8').catch(() => '');
  return { migrations, seed };
}
