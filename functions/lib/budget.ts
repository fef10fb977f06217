// How long background work may run. Netlify stops a scheduled function at 30 s and a synchronous one at
// 10 s by default (waitUntil work included), and a stopped run loses what it had claimed until its lease
// ends. So work is bounded by time, not by a count of rows: new work is taken while `workUntil` has not
// passed, and what is in flight ends by its own timeout (SMTP 10 s, a webhook 15 s) before `endBy`. What
// is left waits for the next run (every minute for mail and deliveries).

/** Instants on performance.now()'s clock (monotonic: a clock change cannot stretch a run). */
export type Budget = { workUntil: number; endBy: number };

/** A scheduled run: new work for 15 s, everything ended by 27 s (3 s under Netlify's 30 s). */
export const SCHEDULED_WORK_MS = 15_000;
export const SCHEDULED_END_MS = 27_000;
/**
 * After an answer (waitUntil): 4 s of new work, inside the function's 10 s. What is in flight is not cut
 * short here: a receiver that hangs past the function's limit is stopped by Netlify, and its row's lease
 * makes it due again (nothing is lost, and the minute's run retries it).
 */
export const REQUEST_WORK_MS = 4_000;

export function scheduledBudget(from = performance.now()): Budget {
  return { workUntil: from + SCHEDULED_WORK_MS, endBy: from + SCHEDULED_END_MS };
}

export function requestBudget(from = performance.now()): Budget {
  return { workUntil: from + REQUEST_WORK_MS, endBy: Number.POSITIVE_INFINITY };
}

/** Milliseconds of new work left (≤ 0: take nothing new). */
export function workLeft(budget: Budget): number {
  return budget.workUntil - performance.now();
}

/** Whether a task that may take up to `worstMs` can start now and still end by `endBy`. */
export function fits(budget: Budget, worstMs: number): boolean {
  const now = performance.now();
  return now < budget.workUntil && now + worstMs <= budget.endBy;
}

/** The later of two budgets: a drain already running for one caller keeps going for the other too. */
export function laterOf(a: Budget, b: Budget): Budget {
  return a.workUntil >= b.workUntil ? a : b;
}
