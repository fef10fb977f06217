// PostgreSQL through postgres.js (DATABASE_URL): production on Supabase's database, and the test server.
// Set up for Supabase's transaction pooler (Supavisor, port 6543): a connection is ours only for one
// transaction, so nothing may be prepared by name (prepare: false) and nothing may rely on session state.
import postgres from 'postgres';
import type { SqlClient } from './client';
import { StoreUnavailableError } from './errors';
import { pendingMigrations } from './migrate';
import { sqlStore } from './sql';
import type { Store } from './port';

export type PostgresOptions = { url: string; poolMax: number };

type Sql = postgres.Sql | postgres.TransactionSql;

export function postgresClient(sql: Sql): SqlClient {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      try {
        return [...(await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]))] as T[];
      } catch (error) {
        throw storeError(error);
      }
    },
    async exec(text) {
      try {
        await sql.unsafe(text).simple();
      } catch (error) {
        throw storeError(error);
      }
    },
    async transaction(fn) {
      if (!('begin' in sql)) throw new Error('nested transactions are not used');
      try {
        return (await sql.begin((tx) => fn(postgresClient(tx)))) as Awaited<ReturnType<typeof fn>>;
      } catch (error) {
        throw storeError(error);
      }
    },
    async close() {
      if ('end' in sql) await sql.end({ timeout: 5 });
    },
  };
}

export function connect({ url, poolMax }: PostgresOptions): postgres.Sql {
  return postgres(url, {
    prepare: false,
    max: poolMax,
    // A function instance may sleep for minutes; idle connections are closed rather than left to the pooler.
    idle_timeout: 20,
    connect_timeout: 5,
    onnotice: () => {},
    connection: { application_name: 'mentor-solar-functions' },
  });
}

/**
 * Opens the store and checks, once, that every migration this code expects is applied: a deploy whose
 * database lags behind answers 503 with one log line naming the fix, instead of failing query by query.
 */
export async function openPostgresStore(options: PostgresOptions): Promise<Store & { sql: SqlClient }> {
  const client = postgresClient(connect(options));
  try {
    const missing = await pendingMigrations(client);
    if (missing.length > 0) throw new StoreUnavailableError(`postgres_migration_missing:${missing[0]}`, 'run `npm run db:migrate`');
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
  return sqlStore('postgres', client);
}

// What each failure means for an operator. Only codes are logged: driver messages may quote SQL or data.
const unavailable: Record<string, string> = {
  '28P01': 'auth_failed',
  '28000': 'auth_failed',
  '3D000': 'database_missing',
  '3F000': 'schema_missing',
  '42P01': 'schema_missing',
  '42883': 'schema_missing',
  '53300': 'too_many_connections',
  '57P01': 'server_shutdown',
  '57P03': 'server_starting',
  ECONNREFUSED: 'unreachable',
  ECONNRESET: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  ETIMEDOUT: 'unreachable',
  CONNECT_TIMEOUT: 'unreachable',
  CONNECTION_CLOSED: 'unreachable',
  CONNECTION_ENDED: 'unreachable',
  CONNECTION_DESTROYED: 'unreachable',
};
const hints: Record<string, string> = {
  auth_failed: 'check the user and password in DATABASE_URL',
  database_missing: 'check the database name in DATABASE_URL',
  schema_missing: 'run `npm run db:migrate`',
  unreachable: 'check the host and port in DATABASE_URL',
};

function storeError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const code = String((error as { code?: unknown })?.code ?? '');
  const reason = unavailable[code] ?? (code.startsWith('08') ? 'unreachable' : undefined);
  if (reason) return new StoreUnavailableError(`postgres_${reason}:${code}`, hints[reason]);
  return error;
}
