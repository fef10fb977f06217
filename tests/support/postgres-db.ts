// A fresh database per test file on the globalSetup's cluster, migrated as `npm run db:migrate` does.
import postgres from 'postgres';
import { applyMigrations, applySeed } from '../../functions/lib/store/migrate';
import { loadMigrations } from '../../functions/lib/store/migrations';
import { postgresClient } from '../../functions/lib/store/postgres';

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

/** Creates `t_<random>`, applies migrations (all, or the first `upTo`) and the seed. */
export async function createTestDatabase(serverUrl: string, opts: { upTo?: number; seed?: boolean } = {}): Promise<TestDatabase> {
  const name = `t_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = serverUrl.replace(/\/[^/]*$/, `/${name}`);
  const client = postgresClient(postgres(url, { max: 1, prepare: false, onnotice: () => {} }));
  try {
    const { migrations } = await loadMigrations();
    await applyMigrations(client, migrations.slice(0, opts.upTo ?? migrations.length));
    if (opts.seed !== false && opts.upTo === undefined) await applySeed(client);
  } finally {
    await client.close();
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
