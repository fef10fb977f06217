// `npm run db:migrate` and `npm run db:seed` as the mentor runs them, on an empty PostgreSQL database.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadMigrations } from '../../../functions/lib/store/migrations';
import { createTestDatabase, type TestDatabase } from '../../support/postgres-db';

const serverUrl = inject('postgresUrl');
const run = promisify(execFile);

async function db(command: string, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/ops/db.mjs', command], { env: { ...process.env, ...env }, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe.skipIf(!serverUrl)('npm run db:migrate / db:seed on PostgreSQL', () => {
  let empty: TestDatabase;
  beforeAll(async () => {
    empty = await createTestDatabase(serverUrl!, { upTo: 0 });
  });
  afterAll(() => empty?.drop());

  it('migrates an empty database, then applies nothing; seeds twice without duplicates', async () => {
    const env = { DATABASE_URL: empty.url };
    expect((await db('seed', env)).code).toBe(1);
    const first = await db('migrate', env);
    expect(first.code).toBe(0);
    const versions = (await loadMigrations()).migrations.map((m) => m.name.split('_')[0]);
    expect(first.stdout).toContain(versions.join(', '));
    const again = await db('migrate', env);
    expect(again).toMatchObject({ code: 0, stdout: expect.stringContaining('Nada a aplicar') });
    expect((await db('seed', env)).code).toBe(0);
    expect((await db('seed', env)).code).toBe(0);
    const sql = postgres(empty.url, { max: 1, onnotice: () => {} });
    try {
      const [{ n }] = await sql`select count(*)::int as n from presellers`;
      expect(n).toBe(3);
      const ledger = await sql`select version from supabase_migrations.schema_migrations order by version`;
      expect(ledger.map((r) => r.version)).toEqual(versions);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it('an unreachable DATABASE_URL exits 1 with one line naming the fix and no password', async () => {
    const url = new URL(serverUrl!);
    url.port = '1';
    const result = await db('migrate', { DATABASE_URL: url.href });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('db migrate: falhou (postgres_unreachable:ECONNREFUSED: check the host and port in DATABASE_URL)');
  });
});
