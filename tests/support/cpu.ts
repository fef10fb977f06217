// CPU time, for budgets that a loaded machine cannot break: wall time stretches with every other process
// on the cores, the CPU a piece of work spends does not (much). Read from /proc (Linux, as CI and `npm test`
// run), in milliseconds.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU fields (USER_HZ: 100 on every Linux build Node runs on). */
const TICK_MS = 1000 / 100;

/** utime + stime of a /proc stat file; the fields after the command name, which may hold spaces. */
function statCpuMs(file: string): number {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of stat(5); the slice starts at field 3.
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * CPU spent so far by the calling JavaScript thread alone (a read file is read on the thread that asks):
 * what holds its event loop, without the worker threads or the collector's helpers beside it.
 */
export const threadCpuMs = (): number => statCpuMs('/proc/thread-self/stat');

/** CPU spent so far by a whole process (every thread), e.g. a server or CLI the test started. */
export const processCpuMs = (pid: number): number => statCpuMs(`/proc/${pid}/stat`);
