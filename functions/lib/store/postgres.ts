// PostgreSQL through postgres.js (DATABASE_URL): production on Supabase's database, and the test server.
// Set up for Supabase's transaction pooler (Supavisor, port 6543): a server connection is ours only for one
// transaction, so nothing may be prepared by name (prepare: false), nothing may rely on session state, and
// no query may be sent before the previous one's reply has arrived (max_pipeline: 0, below).
import postgres from 'postgres';
import type { SqlClient } from './client';
import { StoreUnavailableError } from './errors';
import { pendingMigrations } from './migrate';
import { QUERY_TIMEOUT_MS, type PostgresOptions } from './postgres-options';
import { databaseTls, explainTlsFailure } from './postgres-tls';
import { sqlStore } from './sql';
import type { Store } from './port';

export { QUERY_TIMEOUT_MS, type PostgresOptions };

type Sql = postgres.Sql | postgres.TransactionSql;

/**
 * A client over a fixed postgres.js instance: migrations, the CLI, the tests' admin connections. No time
 * limit (a migration may run long) and transactions allowed.
 */
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

/**
 * The functions' client: every statement is one autocommit call (the SQL functions are the transactions),
 * so it needs no begin() — which postgres.js 3.4.9 cannot run with max_pipeline: 0 (it pipelines BEGIN
 * with the first query). Each statement has a deadline: on expiry the server is asked to cancel it and the
 * pool is replaced, and the request gets StoreUnavailableError → 503.
 */
export function functionsClient(options: PostgresOptions): SqlClient {
  const timeoutMs = options.queryTimeoutMs ?? QUERY_TIMEOUT_MS;
  let sql = connect(options);
  async function timed<T>(run: (sql: postgres.Sql) => Promise<unknown> & { cancel(): unknown }): Promise<T> {
    const pool = sql;
    const query = run(pool);
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        query.cancel();
        // Later statements get a fresh pool: a reply the pooler lost would keep a connection of this one
        // waiting for ever. The old pool closes once its statements are done, never by force: destroying
        // a busy connection hits a postgres.js 3.4.9 bug (a TypeError from a timer, uncaught: it would end
        // the process; seen in tests/integration/postgres/production.test.ts).
        if (sql === pool) {
          sql = connect(options);
          void pool.end().catch(() => {});
        }
        reject(new StoreUnavailableError('postgres_timeout', `a statement took over ${timeoutMs} ms: check the pooler's limits and the database's load (docs/operations.md: connection budget)`));
      }, timeoutMs);
    });
    try {
      return (await (timeoutMs > 0 ? Promise.race([query, expired]) : query)) as T;
    } catch (error) {
      throw storeError(error);
    } finally {
      clearTimeout(timer);
    }
  }
  return {
    async query<T>(text: string, params: unknown[] = []) {
      return [...(await timed<T[]>((s) => s.unsafe(text, params as postgres.ParameterOrJSON<never>[])))];
    },
    async exec(text) {
      await timed((s) => s.unsafe(text).simple());
    },
    transaction() {
      throw new Error('the functions run no client-side transactions (each SQL function is one)');
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

/**
 * pipelining: off for the functions (a transaction-mode pooler hands the server connection to another
 * client at ReadyForQuery, and a query pipelined behind it is lost: the request would wait for ever);
 * on for migrations, which run on the server directly and need begin() (see functionsClient).
 */
export function connect({ url, poolMax, caCert }: PostgresOptions, { pipelining = false } = {}): postgres.Sql {
  const tls = databaseTls(url, caCert);
  // max_pipeline is a documented option that postgres.js's typings leave out.
  const options: postgres.Options<Record<string, never>> & { max_pipeline: number } = {
    ssl: tls.ssl,
    prepare: false,
    max: poolMax,
    max_pipeline: pipelining ? 100 : 0,
    // A function instance may sleep for minutes; idle connections are closed rather than left to the pooler.
    idle_timeout: 20,
    // Connections are recycled, so a pooler's or server's restart is never met by a connection months old.
    max_lifetime: 30 * 60,
    connect_timeout: 5,
    onnotice: () => {},
    connection: { application_name: 'mentor-solar-functions' },
  };
  return postgres(tls.url, options);
}

/**
 * Opens the store and checks, once, that every migration this code expects is applied: a deploy whose
 * database lags behind answers 503 with one log line naming the fix, instead of failing query by query.
 */
export async function openPostgresStore(options: PostgresOptions): Promise<Store & { sql: SqlClient }> {
  const client = functionsClient(options);
  try {
    const missing = await pendingMigrations(client);
    if (missing.length > 0) throw new StoreUnavailableError(`postgres_migration_missing:${missing[0]}`, 'run `npm run db:migrate`');
  } catch (error) {
    await client.close().catch(() => {});
    throw await explainTlsFailure(error, options.url, options.caCert);
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
  // A client limit: the server's (53300, 53400) or the pooler's. Supavisor answers its own limits
  // ("Max client connections reached", "max clients reached in session mode") as XX000, PgBouncer its
  // max_client_conn and query_wait_timeout as 08P01 (below, with the other 08 codes).
  '53300': 'too_many_connections',
  '53400': 'too_many_connections',
  XX000: 'too_many_connections',
  '57P01': 'server_shutdown',
  '57P02': 'server_shutdown',
  '57P03': 'server_starting',
  // Cancelled by our own deadline (functionsClient), or by the server's statement_timeout.
  '57014': 'timeout',
  // PgBouncer answers all of its own refusals (max_client_conn, query_wait_timeout…) as 08P01.
  '08P01': 'pooler_refused',
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
  too_many_connections: 'the database or its pooler is at its connection limit: lower DATABASE_POOL_MAX or raise the limit (docs/operations.md: connection budget)',
  server_shutdown: 'the database restarted or is restarting; requests succeed again once it is up',
  server_starting: 'the database restarted or is restarting; requests succeed again once it is up',
  pooler_refused: "the pooler refused: its client limit or its wait for a server connection; lower DATABASE_POOL_MAX or raise the pooler's limits (docs/operations.md: connection budget)",
  timeout: 'a statement ran past its deadline: check the pooler and the database load (docs/operations.md: connection budget)',
};

/** Node's TLS failures: a certificate that does not verify, or a server that does not speak TLS. */
const TLS_FAILURE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/;

function storeError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const code = String((error as { code?: unknown })?.code ?? '');
  if (TLS_FAILURE.test(code)) {
    return new StoreUnavailableError(`postgres_tls_failed:${code}`, "the database's certificate did not verify: check sslmode and DATABASE_CA_CERT (Supabase's certificate, PEM)");
  }
  const reason = unavailable[code] ?? (code.startsWith('08') ? 'unreachable' : code.startsWith('53') ? 'too_many_connections' : undefined);
  if (reason) return new StoreUnavailableError(`postgres_${reason}:${code}`, hints[reason]);
  return error;
}
