// The variables through which tests/tools/at-time.mjs moves a process's clock (libfaketime). One list for the
// code that passes them on to a child (tests/support/faked-clock.ts) and the code that keeps them out.

export const FAKED_CLOCK_VARS = ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC'];

/**
 * `env` without the faked clock: for Chromium (the browser tests' and Lighthouse's). Under libfaketime it spent
 * about half its CPU in the kernel: the browser stage at 23:55 ran into its 40-minute cap, and Lighthouse read
 * the home page at performance 56 with the load average at 26 (2026-11-30).
 */
export function withoutFakedClock(env = process.env) {
  return Object.fromEntries(Object.entries(env).filter(([name, value]) => value !== undefined && !FAKED_CLOCK_VARS.includes(name)));
}
