// `npm start` runs npm → sh → node: killing npm (a closed terminal tab, a test runner's SIGKILL) left this
// server running with the embedded database locked and the port taken, serving nobody. Nothing tells a
// process that its grandparent died (sh stays, waiting for it), so the ancestors are watched: when the parent
// changes or one of the first two ancestors is gone, `onGone` runs. Linux /proc; elsewhere only the parent.
import { readFileSync } from 'node:fs';

/** The parent pid of `pid` from /proc (field 4 of stat, after the command name in parentheses), or null. */
function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return Number.isInteger(ppid) && ppid > 1 ? ppid : null;
  } catch {
    return null;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return error?.code === 'EPERM';
  }
}

/** Calls `onGone` once, within `intervalMs`, after the process that started this one (or its parent) ended. */
export function watchAncestors(onGone, { intervalMs = 1_000, levels = 2 } = {}) {
  const parent = process.ppid;
  const chain = [];
  for (let pid = parent; pid > 1 && chain.length < levels; pid = parentOf(pid) ?? 0) chain.push(pid);
  const timer = setInterval(() => {
    if (process.ppid === parent && chain.every(alive)) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
