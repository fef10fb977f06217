// Setup file of the `warm` project (vitest.config.ts): files there share their worker's modules and process,
// so a file must leave the process as it found it. Fails the file that leaves fake timers installed, an
// environment variable added, changed or removed, or the working directory moved, and puts them back so the
// next file in the worker starts clean.
import { afterAll, expect, vi } from 'vitest';

const env = { ...process.env };
const cwd = process.cwd();

afterAll(() => {
  const problems: string[] = [];
  if (vi.isFakeTimers()) {
    problems.push('fake timers still installed');
    vi.useRealTimers();
  }
  for (const name of new Set([...Object.keys(env), ...Object.keys(process.env)])) {
    if (process.env[name] === env[name]) continue;
    problems.push(`process.env.${name} changed`);
    if (env[name] === undefined) delete process.env[name];
    else process.env[name] = env[name];
  }
  if (process.cwd() !== cwd) {
    problems.push(`working directory moved to ${process.cwd()}`);
    process.chdir(cwd);
  }
  expect(problems, 'a warm file must leave its worker as it found it (vitest.config.ts: ISOLATED)').toEqual([]);
});
