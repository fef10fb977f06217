// When a delivery that failed is tried again. Jitter spreads a burst of retries (a receiver back up after
// an outage gets them over a while, not at one instant); a Retry-After from the receiver wins.
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * The wait after the n-th failed attempt (n = 1, 2, …), per target. Webhooks: Standard Webhooks' example
 * schedule, about three days in all (first attempt at once, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h,
 * 20 h, 24 h). RD: 1 min, 5 min, 30 min, 2 h, 6 h, then daily. Both end at OUTBOX_MAX_ATTEMPTS attempts.
 */
export const RETRY_SCHEDULE = {
  webhook: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR],
  rd: [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR, 24 * HOUR],
} as const;

/** Longest Retry-After honoured: a receiver cannot park a delivery beyond its schedule's longest wait. */
const MAX_RETRY_AFTER_MS = 24 * HOUR;

/** ±10 % of the wait, from `random` in [0, 1). */
export function retryDelayMs(target: keyof typeof RETRY_SCHEDULE, attempts: number, random: () => number): number {
  const schedule = RETRY_SCHEDULE[target];
  const base = schedule[Math.min(Math.max(attempts, 1), schedule.length) - 1];
  return Math.round(base * (0.9 + 0.2 * random()));
}

/** Retry-After in seconds or as an HTTP date, in ms from `now`; null when absent or unreadable. */
export function retryAfterMs(value: string | string[] | undefined, now: Date): number | null {
  const header = Array.isArray(value) ? value[0] : value;
  if (!header) return null;
  const trimmed = header.trim();
  const ms = /^\d{1,9}$/.test(trimmed) ? Number(trimmed) * SECOND : Date.parse(trimmed) - now.getTime();
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), MAX_RETRY_AFTER_MS);
}
