// Runs a command with every process's clock moved to the next given Brasília time (default 23:55), e.g.
//   node tests/tools/at-time.mjs 23:55 npm test
// to show that nothing depends on the hour the suite runs at (a day that ends mid-run, a "today" read by the
// page and by the test on either side of midnight). libfaketime (Debian's `faketime` package) moves the clock
// by a fixed offset, the same in every process — Node, Chromium, the PostgreSQL servers the tests start
// (tests/support/postgres-server.ts passes it through `su`, which drops LD_PRELOAD) — so they
// agree with each other; the monotonic clock is left alone (timers keep their real lengths).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const LIB = ['/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1', '/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1'].find(existsSync);
const [when = '23:55', ...command] = process.argv.slice(2);
const match = /^(\d{1,2}):(\d{2})$/.exec(when);
if (!LIB || !match || !command.length) {
  console.error(LIB ? 'usage: node tests/tools/at-time.mjs HH:MM command [args…]' : 'libfaketime is missing: apt-get install -y faketime');
  process.exit(2);
}
// Brasília has kept UTC−3 all year since 2019 (no daylight saving time).
const BRASILIA_OFFSET_MS = -3 * 3600_000;
const now = Date.now();
const target = new Date(now + BRASILIA_OFFSET_MS);
target.setUTCHours(Number(match[1]), Number(match[2]), 0, 0);
let at = target.getTime() - BRASILIA_OFFSET_MS;
if (at <= now) at += 24 * 3600_000;
const offsetSeconds = Math.round((at - now) / 1000);
console.error(`[at-time] clocks moved +${offsetSeconds} s: it is now ${new Date(at).toISOString()} (${when} in Brasília)`);
const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, LD_PRELOAD: [LIB, process.env.LD_PRELOAD].filter(Boolean).join(':'), FAKETIME: `+${offsetSeconds}`, FAKETIME_DONT_FAKE_MONOTONIC: '1' },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
