// The one thing every SQL adapter needs from a driver: run a statement with positional parameters.
// PGlite (embedded) and postgres.js (DATABASE_URL) both implement it; sql.ts holds every query once.

export type SqlClient = {
  /** One statement, `$1…$n` parameters; rows as objects with the column names. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (a migration file, the seed). */
  exec(sql: string): Promise<void>;
  /** Runs `fn` in one transaction on one connection: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
};
