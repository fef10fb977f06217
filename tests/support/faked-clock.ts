// A faked clock (tests/tools/at-time.mjs: libfaketime through LD_PRELOAD) reaches only the processes that
// inherit these variables. A child started with an environment of its own (a bundled function, the
// PostgreSQL server through `su`, which drops LD_PRELOAD) gets them from here, or it runs on the real
// clock while the test and the database run on the faked one (at 23:55 a drain sent 0 mails: its
// "due" was a day behind the rows it read).
const NAMES = ['LD_PRELOAD', 'FAKETIME', 'FAKETIME_DONT_FAKE_MONOTONIC'] as const;

/** The faked clock's variables when one is in force, else none. */
export function fakedClockEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  if (!env.FAKETIME) return {};
  return Object.fromEntries(NAMES.filter((name) => env[name]).map((name) => [name, env[name]!]));
}
