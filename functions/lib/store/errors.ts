// Storage failures the HTTP layer answers with 503 (and a retry hint), whatever the adapter.

/**
 * The store could not be reached or is not ready: embedded database failed to open, server down, bad
 * credentials, schema behind the code. `code` is safe to log; `hint` tells the operator what to fix.
 */
export class StoreUnavailableError extends Error {
  constructor(
    readonly code: string,
    readonly hint?: string,
  ) {
    super(`store unavailable (${code})`);
  }
}

/**
 * A write that named a row another transaction deleted meanwhile (SQLSTATE 23503, foreign_key_violation):
 * e.g. a booking racing the erasure of its lead. Whatever the adapter, the code is on the error.
 */
/** The constraint a foreign-key violation names (postgres.js: constraint_name; PGlite: constraint), safe to log: no data. */
export function violatedConstraint(error: unknown): string {
  const e = typeof error === 'object' && error !== null ? (error as { constraint_name?: unknown; constraint?: unknown }) : {};
  const name = e.constraint_name ?? e.constraint;
  return typeof name === 'string' && /^[\w.]+$/.test(name) ? name : 'unknown';
}

export function isForeignKeyViolation(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : null;
  // PGlite and postgres.js carry the SQLSTATE; the supabase adapter prefixes it (supabase.ts check()).
  return code === '23503' || code === 'supabase_23503';
}

/**
 * The booking's routing no longer holds (SQLSTATE MS001, meetings_equal_check): bookings committed
 * meanwhile put the chosen consultant ahead of the team under equal distribution. The caller routes again.
 */
export function isRoutingMoved(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : null;
  return code === 'MS001' || code === 'supabase_MS001';
}
