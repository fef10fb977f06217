// CPU time, for budgets that a loaded machine cannot break: wall time stretches with every other process
// on the cores, the CPU a piece of work spends does not (much). Read from /proc (Linux, as CI and `npm test`
// run), in milliseconds.
import { appendFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Clock ticks per second of /proc's CPU fields (USER_HZ: 100 on every Linux build Node runs on). */
const TICK_MS = 1000 / 100;

/**
 * utime + stime of a /proc stat file (the fields after the command name, which may hold spaces), and with
 * `reaped` also cutime + cstime: the CPU of the children it has waited for.
 */
function statCpuMs(file: string, reaped = false): number {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14-17 of stat(5); the slice starts at field 3.
  return (Number(fields[11]) + Number(fields[12]) + (reaped ? Number(fields[13]) + Number(fields[14]) : 0)) * TICK_MS;
}

/**
 * CPU spent so far by the calling JavaScript thread alone (a read file is read on the thread that asks):
 * what holds its event loop, without the worker threads or the collector's helpers beside it.
 */
export const threadCpuMs = (): number => statCpuMs('/proc/thread-self/stat');

/** CPU spent so far by a whole process (every thread), e.g. a server or CLI the test started. */
export const processCpuMs = (pid: number): number => statCpuMs(`/proc/${pid}/stat`);

/**
 * Before a detached server the tests started is stopped (a PostgreSQL postmaster with the backends it has
 * reaped, a PgBouncer): its CPU, appended to `server-cpu` in the temporary directory, where npm test
 * (tests/tools/test.mjs) adds it to the stage's own. Nothing waits for these processes, so no one else counts them.
 */
export function recordServerCpu(pid: number): void {
  try {
    appendFileSync(join(tmpdir(), 'server-cpu'), `${statCpuMs(`/proc/${pid}/stat`, true)}\n`);
  } catch {
    // No /proc, or the server is already gone: nothing to count.
  }
}
