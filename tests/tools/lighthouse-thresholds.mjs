// What the Lighthouse gate (lighthouse.mjs) requires of each route, and when one run is enough: a module of
// its own, without Lighthouse, so its rules are unit-tested cheaply (tests/unit/cpu-calibration.test.ts).

export const THRESHOLDS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Runs behind a route's numbers when its first run is near a threshold: the median of these counts. */
export const RUNS = 3;
/** LCP budget in seconds (median of the runs); routes not listed get the content-page budget. */
export const LCP_BUDGET_S = { default: 1.0, '/orcamento': 1.3, '/orcamento?servico=consultoria': 1.3, '/reuniao': 1.3, '/painel': 1.3 };
/** Total transfer budget in KB (median), where one is set. */
export const TOTAL_KB_BUDGET = { '/': 60 };

/**
 * How far inside its thresholds a route's first run must be for that run alone to stand for the median of
 * RUNS. Between two runs of one route in one gate run, the performance score moved by up to 3 points and LCP
 * by up to 0.16 s (9 routes × 3 runs, fresh-clone gate 2026-11-30 01:11 UTC: /reuniao 0.71-0.87 s,
 * /orcamento?servico=consultoria 0.88-1.01 s); a first run this far inside both cannot have a median outside
 * them unless the other two runs both land further out than any spread seen. Closer than that, RUNS - 1 more
 * runs (performance only) are made and the median counts, as for every route before.
 * LCP's margin is that largest spread plus 0.01 s (0.2 until 2026-12-02): the content pages' first runs land at
 * 0.76–0.82 s against their 1.0 s budget, so at 0.2 about half of them paid two more runs (~12 s each) for
 * spreads of 0.04 s (2026-12-02: /trafego-pago 0.80/0.76/0.78, /politica-de-privacidade 0.82/0.78/0.80).
 */
export const SINGLE_RUN_MARGIN = { performance: 3, lcpSeconds: 0.17 };

/**
 * Whether a route's first run (a summary from lighthouse.mjs summarize()) is near enough to a threshold that
 * more runs must decide. Accessibility, best practices, SEO and bytes are properties of the markup: one run
 * says them (they were only ever read from the first run, or are the same in every run).
 */
export function needsMoreRuns(route, firstRun) {
  const performance = firstRun.scores.performance;
  if (performance === null || performance === undefined || performance < THRESHOLDS.performance + SINGLE_RUN_MARGIN.performance) return true;
  const lcpBudget = LCP_BUDGET_S[route] ?? LCP_BUDGET_S.default;
  return !(firstRun.lcpSeconds <= lcpBudget - SINGLE_RUN_MARGIN.lcpSeconds);
}

/**
 * How much more the bare reference page may cost the host right after a route's runs than the reference the
 * route's slowdown was set from, before a timing missed in those runs is put down to the host. Within one gate
 * on a quiet host the reference's median read 95–113 ms (2026-12-02, 15:27 UTC); in a
 * fresh-clone gate whose /reuniao read LCP 1.21/1.31/1.41 s (0.77 s in every other gate that day), it had
 * gone from 102 to 128 ms (+25 %) two routes before.
 */
export const HOST_SLOWED_FACTOR = 1.15;

/** Whether the host was clearly slower after a route's runs (referenceAfterMs) than before (referenceBeforeMs). */
export function hostSlowedDuring(referenceBeforeMs, referenceAfterMs) {
  return referenceAfterMs > referenceBeforeMs * HOST_SLOWED_FACTOR;
}
