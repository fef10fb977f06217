// How long background work may run. Netlify stops a scheduled function at 30 s and a synchronous one at
// 60 s (waitUntil work included; Netlify's knowledge base, 2026-09). A run stopped in the middle of a send
// cannot record it: the mail was delivered, its row still says due, and the next run sends it again. So work
// is bounded by time, not by a count of rows: new work is taken while `workUntil` has not passed, and a send
// or delivery starts only if its worst case (its own timeouts: mail/smtp-timeouts.ts, a webhook's 15 s) ends
// before `endBy`, a few seconds under the platform's limit. What is left waits for the next run (every
// minute for mail and deliveries). The guarantee: a run stopped at its limit has nothing in flight, so each
// message is sent exactly once; only a crash at an unpredictable moment (a process killed mid-send) can
// repeat one, with the same Message-ID (at least once).

/** Instants on performance.now()'s clock (monotonic: a clock change cannot stretch a run). */
export type Budget = { workUntil: number; endBy: number };

/** A scheduled run: new work for 15 s, everything ended by 27 s (3 s under Netlify's 30 s). */
export const SCHEDULED_WORK_MS = 15_000;
export const SCHEDULED_END_MS = 27_000;
/**
 * After an answer (waitUntil): 4 s of new work, everything ended 40 s after the answer. The request before it
 * took at most ~16 s (two statement deadlines), so the whole invocation ends by ~56 s, inside Netlify's 60 s.
 */
export const REQUEST_WORK_MS = 4_000;
export const REQUEST_END_MS = 40_000;

export function scheduledBudget(from = performance.now()): Budget {
  return { workUntil: from + SCHEDULED_WORK_MS, endBy: from + SCHEDULED_END_MS };
}

export function requestBudget(from = performance.now()): Budget {
  return { workUntil: from + REQUEST_WORK_MS, endBy: from + REQUEST_END_MS };
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
