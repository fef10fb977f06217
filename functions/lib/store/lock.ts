// One process at a time opens an embedded database directory, as Postgres refuses a second postmaster
// on one data directory: PGlite has no such guard, and two processes writing the same files corrupt
// them for good. The owner writes its pid into `${DATA_DIR}/db.lock` (exclusive create); another process
// finds it alive (`process.kill(pid, 0)`) and is refused. A lock whose pid no longer runs (a crash, a
// kill -9) is stale and taken over. Re-entrant within one process: `npm start` takes it at start-up,
// then the store's open takes it again.
//
// Two processes finding one stale lock never both win. The lock is written whole to a private file and
// hard-linked into place (link fails if the lock exists; nobody ever reads a half-written one). Removing
// a stale lock is the only step that could undo another process's lock, so only the process that holds
// the takeover marker (`db.lock.takeover`, created the same exclusive way) may do it, and it reads the
// lock again under the marker first: a stale lock cannot change meanwhile (its owner is dead and every
// other remover needs the marker), so the lock it removes is the stale one it has just read. A lock
// found absent is never removed, only created by link. Renaming a lock aside and putting it back, as
// before, left a moment with no lock in which a third process could create one while the first kept
// its own. What is left: a process killed in the microseconds it holds the marker leaves it behind;
// the next taker clears it, and a race between two clearers of one such marker could still let two win.
// This guards a developer's machine, not a cluster (production runs on PostgreSQL).
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readEnv } from '../env';
import { StoreUnavailableError } from './errors';

/** Refusal to open a directory another live process holds; `code` is 'pglite_locked'. */
export class DataDirLockedError extends StoreUnavailableError {
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super('pglite_locked', `another process (pid ${ownerPid}) has the embedded database open; stop it first, or use DATABASE_URL`);
  }
}

const held = new Map<string, number>();
let exitHookInstalled = false;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): number | null {
  const owner = readLock(file);
  return owner === 'absent' ? null : owner;
}

/** The lock file of a database directory: beside it (`.data/db.lock`), not inside PGlite's own files. */
export function lockFileOf(dbDir: string): string {
  return `${dbDir.replace(/(?<![\\/])[\\/]+$/, '')}.lock`;
}

/**
 * Takes the lock of `dbDir` for this process or throws DataDirLockedError. Returns the release function
 * (the file is removed when the last holder in this process releases it, or when the process exits).
 */
export function lockDataDir(dbDir: string): () => void {
  const file = lockFileOf(dbDir);
  const count = held.get(file) ?? 0;
  if (count === 0) acquire(file);
  held.set(file, count + 1);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const f of held.keys()) rmSync(f, { force: true });
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(file) ?? 1) - 1;
    if (left > 0) return void held.set(file, left);
    held.delete(file);
    if (readOwner(file) === process.pid) rmSync(file, { force: true });
  };
}

function acquire(file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  // A live taker holds the marker for microseconds; 100 looks 10 ms apart wait it out generously.
  for (let attempt = 0; attempt < 100; attempt++) {
    if (createWithPid(file)) return;
    const owner = readOwner(file);
    if (owner === process.pid) return; // left by this process (e.g. released elsewhere without the map)
    if (owner !== null && isAlive(owner)) throw new DataDirLockedError(file, owner);
    if (takeOver(file)) return;
    sleep(10);
  }
  throw new DataDirLockedError(file, readOwner(file) ?? 0);
}

/** Creates `file` holding this pid, or false when one exists. */
function createWithPid(file: string): boolean {
  const draft = `${file}.${process.pid}.${randomUUID()}`;
  writeFileSync(draft, `${process.pid}\n`);
  try {
    linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * Under the takeover marker: removes the lock if it is still stale, then creates this process's own.
 * False when another process holds the marker, the lock came alive, or another process created it first.
 */
function takeOver(file: string): boolean {
  const marker = `${file}.takeover`;
  if (!createWithPid(marker)) {
    const taker = readOwner(marker);
    // A taker killed while holding the marker would block every start after it.
    if (taker !== null && taker !== process.pid && !isAlive(taker)) rmSync(marker, { force: true });
    return false;
  }
  try {
    // One read decides: a second look could see a lock another process has linked since.
    const owner = readLock(file);
    if (owner === 'absent') return createWithPid(file);
    if (owner === process.pid || (owner !== null && isAlive(owner))) return false;
    rmSync(file, { force: true });
    return createWithPid(file);
  } finally {
    rmSync(marker, { force: true });
  }
}

/** The pid in a lock, null when it holds no pid, 'absent' when there is no lock. */
function readLock(file: string): number | null | 'absent' {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'absent' : null;
  }
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * For long-lived commands (`npm start`): takes the embedded database's lock at start-up when the
 * environment selects it (no DATABASE_URL), so a second one stops at once with a clear
 * message instead of answering 503 later. Null when a database server is configured.
 */
export function lockEmbeddedDatabase(env: Record<string, string | undefined> = process.env): (() => void) | null {
  const selected = readEnv(env);
  if (selected.database || selected.supabaseRestOnly) return null;
  return lockDataDir(join(selected.dataDir, 'db'));
}
