// Fingerprints of idempotent requests (Stripe's idempotency keys, the IETF Idempotency-Key draft): the
// store keeps one with each key, and the same key sent with another fingerprint is refused with 422
// (apiMessages.idempotencyMismatch) instead of silently answering with the first request's result.
import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so the same values always give the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** SHA-256 (hex) of the canonical JSON of a request's validated, normalised values. */
export function requestFingerprint(values: unknown): string {
  return createHash('sha256').update(canonical(values)).digest('hex');
}
