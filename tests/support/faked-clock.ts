// A faked clock (tests/tools/at-time.mjs: libfaketime through LD_PRELOAD) reaches only the processes that
// inherit these variables. A child started with an environment of its own (a bundled function, the
// PostgreSQL server through `su`, which drops LD_PRELOAD) gets them from here, or it runs on the real
// clock while the test and the database run on the faked one (at 23:55 a drain sent 0 mails: its
// "due" was a day behind the rows it read).
import { FAKED_CLOCK_VARS as NAMES, withoutFakedClock } from '../tools/faked-clock-vars.mjs';

export { withoutFakedClock };

/** The faked clock's variables when one is in force, else none. */
export function fakedClockEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (!env.FAKETIME) return {};
  return Object.fromEntries(NAMES.filter((name) => env[name]).map((name) => [name, env[name]!]));
}

/**
 * The faked clock's offset in ms, as at-time.mjs sets it (FAKETIME="+<seconds>"), else 0. Chromium runs
 * without libfaketime (withoutFakedClock) and its pages get this offset on `Date` instead.
 */
export function fakedClockOffsetMs(env: NodeJS.ProcessEnv = process.env): number {
  const match = /^\+(\d+)$/.exec(env.FAKETIME ?? '');
  return match ? Number(match[1]) * 1000 : 0;
}

/**
 * A page's `Date` moved by `offsetMs` (an init script: it runs before the page's own scripts). Only the
 * wall clock moves, as libfaketime moves it with its monotonic clock left alone: timers, animation
 * frames and `performance` keep their real lengths. A Date built from given parts or a timestamp is as is.
 */
export function shiftedDateScript(offsetMs: number) {
  const Native = Date;
  const now = () => Native.now() + offsetMs;
  function ShiftedDate(this: unknown, ...args: unknown[]) {
    if (!new.target) return new Native(now()).toString();
    return args.length === 0 ? new Native(now()) : new (Native as unknown as new (...a: unknown[]) => Date)(...args);
  }
  // Not enumerable, as on the native Date: Playwright's page.clock copies a Date's enumerable properties onto its
  // own, and an enumerable `now` replaced its fake one (a test's clock.fastForward no longer moved Date.now).
  for (const [name, value] of Object.entries({ now, parse: Native.parse, UTC: Native.UTC })) {
    Object.defineProperty(ShiftedDate, name, { value, writable: true, configurable: true, enumerable: false });
  }
  ShiftedDate.prototype = Native.prototype;
  (globalThis as { Date: unknown }).Date = ShiftedDate;
}
