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
