import { describe, expect, it } from 'vitest';
import { REFERENCE_TARGET_MS, cpuSlowdownCap, cpuSlowdownFor } from '../tools/cpu-calibration.mjs';
import { bareDocument, pageText } from '../tools/reference-page.mjs';
import { HOST_SLOWED_FACTOR, LCP_BUDGET_S, SINGLE_RUN_MARGIN, THRESHOLDS, hostSlowedDuring, needsMoreRuns } from '../tools/lighthouse-thresholds.mjs';

describe('Lighthouse CPU calibration', () => {
  it('follows the calculator linked from Lighthouse\'s throttling docs at its anchor points', () => {
    const points: Array<[number, number]> = [[150, 1], [475, 1.5], [800, 2], [1050, 2.5], [1300, 3], [1533, 4]];
    for (const [benchmarkIndex, multiplier] of points) expect(cpuSlowdownFor(benchmarkIndex)).toBeCloseTo(multiplier, 1);
  });

  it('slows a slow host less than Lighthouse\'s default 4x, a fast one never more, and never below 1x', () => {
    expect(cpuSlowdownFor(900)).toBeLessThan(2.5);
    expect(cpuSlowdownFor(1650)).toBe(4);
    expect(cpuSlowdownFor(2000)).toBe(4);
    expect(cpuSlowdownFor(50)).toBe(1);
  });

  it('refuses a missing benchmark instead of guessing', () => {
    expect(() => cpuSlowdownFor(Number.NaN)).toThrow();
    expect(() => cpuSlowdownFor(0)).toThrow();
  });
});

describe('the cap from the reference page', () => {
  it('leaves the slowdown to the BenchmarkIndex while the bare page costs the host its usual time, and lowers it on a host where page loads are slow', () => {
    // Where the reference costs what it did on the host the target was measured on, the cap is at least that host's 2.7x.
    expect(cpuSlowdownCap(REFERENCE_TARGET_MS / 2.7)).toBeCloseTo(2.7, 5);
    expect(cpuSlowdownCap(REFERENCE_TARGET_MS / 10)).toBe(4);
    // Twice as slow at loading a page: half the slowdown, never below 1x.
    expect(cpuSlowdownCap((2 * REFERENCE_TARGET_MS) / 2.7)).toBeCloseTo(1.35, 5);
    expect(cpuSlowdownCap(REFERENCE_TARGET_MS * 5)).toBe(1);
  });

  it('refuses a missing reference time instead of guessing', () => {
    expect(() => cpuSlowdownCap(Number.NaN)).toThrow();
    expect(() => cpuSlowdownCap(0)).toThrow();
  });
});

describe('the reference page', () => {
  it('keeps the page\'s visible text and drops its head, scripts, styles, icons and tags', () => {
    const html = '<html><head><title>T</title><style>p{}</style></head><body><header><a href="/">Início</a></header><svg><path d="M0"/></svg><main><h1>Palestras &amp; consultoria</h1><script>alert(1)</script><p>Texto <strong>forte</strong>.</p></main></body></html>';
    expect(pageText(html)).toBe('Início Palestras &amp; consultoria Texto forte .');
    const doc = bareDocument(pageText(html));
    expect(doc).toContain('<p>Início Palestras &amp; consultoria Texto forte .</p>');
    expect(doc).not.toMatch(/<(script|style|link|svg)\b/);
  });
});

describe('when one Lighthouse run stands for the median', () => {
  const run = (performance: number | null, lcpSeconds: number) => ({ scores: { performance }, lcpSeconds });
  it('one run when it is well inside every threshold; more when performance or LCP is near one', () => {
    expect(needsMoreRuns('/', run(100, 0.75))).toBe(false);
    expect(needsMoreRuns('/', run(THRESHOLDS.performance + SINGLE_RUN_MARGIN.performance, 0.75))).toBe(false);
    expect(needsMoreRuns('/', run(THRESHOLDS.performance + SINGLE_RUN_MARGIN.performance - 1, 0.75))).toBe(true);
    expect(needsMoreRuns('/', run(100, LCP_BUDGET_S.default - SINGLE_RUN_MARGIN.lcpSeconds + 0.01))).toBe(true);
    // A route's own LCP budget counts: 1.0 s is near the content pages' 1.0 s, far from /painel's 1.3 s.
    expect(needsMoreRuns('/trafego-pago', run(100, 1.0))).toBe(true);
    expect(needsMoreRuns('/painel', run(100, 1.0))).toBe(false);
    // An unscored or failing first run is never enough.
    expect(needsMoreRuns('/', run(null, 0.5))).toBe(true);
    expect(needsMoreRuns('/', run(90, 0.5))).toBe(true);
    expect(needsMoreRuns('/', run(100, Number.NaN))).toBe(true);
  });
});

describe('a timing missed while the host slowed', () => {
  it('is put down to the host only when the reference afterwards costs clearly more than before', () => {
    expect(hostSlowedDuring(102, 128)).toBe(true);
    expect(hostSlowedDuring(102, 102 * HOST_SLOWED_FACTOR)).toBe(false);
    expect(hostSlowedDuring(102, 110)).toBe(false);
    // A host that got faster says nothing in the page's favour.
    expect(hostSlowedDuring(128, 102)).toBe(false);
  });
});
