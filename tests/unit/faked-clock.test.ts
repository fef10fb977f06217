// The faked clock as the browser tests carry it: the offset read from at-time.mjs's FAKETIME, Chromium's
// environment without libfaketime, and the init script that moves a page's Date (run here in a fresh V8 context).
import { runInNewContext } from 'node:vm';
import { expect, it } from 'vitest';
import { fakedClockOffsetMs, shiftedDateScript, withoutFakedClock } from '../support/faked-clock';

it('reads at-time.mjs offset and drops the faked clock from an environment', () => {
  expect(fakedClockOffsetMs({ FAKETIME: '+7200' })).toBe(7_200_000);
  expect(fakedClockOffsetMs({})).toBe(0);
  expect(fakedClockOffsetMs({ FAKETIME: '@2026-01-01 00:00:00' })).toBe(0);
  const env = withoutFakedClock({ PATH: '/bin', LD_PRELOAD: 'libfaketime.so.1', FAKETIME: '+60', FAKETIME_DONT_FAKE_MONOTONIC: '1', HOME: undefined });
  expect(env).toEqual({ PATH: '/bin' });
});

it("moves a page's now by the offset, and only its now", () => {
  const offset = 5 * 3600_000;
  const page = runInNewContext(`(${shiftedDateScript.toString()})(${offset});
    ({ now: Date.now(), created: new Date().getTime(), text: Date(), fixed: new Date(0).getTime(), parts: new Date(2026, 0, 2).getDate(),
       utc: Date.UTC(2026, 0, 1), parsed: Date.parse('2026-01-01T00:00:00Z'), isDate: new Date() instanceof Date, iso: new Date(5).toISOString(),
       enumerable: Object.keys(Date) })`);
  const real = Date.now();
  for (const at of [page.now, page.created]) expect(Math.abs(at - (real + offset))).toBeLessThan(60_000);
  expect(Math.abs(new Date(page.text).getTime() - (real + offset))).toBeLessThan(60_000);
  expect(page).toMatchObject({ fixed: 0, parts: 2, utc: Date.UTC(2026, 0, 1), parsed: Date.UTC(2026, 0, 1), isDate: true, iso: '1970-01-01T00:00:00.005Z' });
  // Nothing enumerable, as on the native Date (Playwright's page.clock copies enumerable properties over its own).
  expect(page.enumerable).toEqual([]);
});
