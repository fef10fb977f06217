import { describe, expect, it } from 'vitest';
import { cpuSlowdownFor } from '../tools/cpu-calibration.mjs';

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
