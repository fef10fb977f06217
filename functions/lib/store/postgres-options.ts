// The PostgreSQL settings read from the environment (env.ts), apart from the driver so that reading them
// does not load postgres.js.

/**
 * poolMax: connections per process (a function instance serves one request at a time: 1 is enough there,
 * see docs/operations.md "Connection budget"). queryTimeoutMs: how long one statement may take before the request
 * answers 503 (0: no limit). caCert: DATABASE_CA_CERT (PEM) for sslmode=verify-full.
 */
export type PostgresOptions = { url: string; poolMax: number; queryTimeoutMs?: number; caCert?: string };

/** A lost or stuck reply becomes a 503 after this long, never a request that waits forever. */
export const QUERY_TIMEOUT_MS = 8_000;
