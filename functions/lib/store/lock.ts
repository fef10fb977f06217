// One process at a time opens an embedded database directory, as Postgres refuses a second postmaster
// on one data directory: PGlite has no such guard, and two processes writing the same files corrupt
// them for good. The owner writes its pid into `${DATA_DIR}/db.lock` (exclusive create); another process
// finds it alive (`process.kill(pid, 0)`) and is refused. A lock whose pid no longer runs (a crash, a
// kill -9) is stale and taken over. Re-entrant within one process: `npm start` takes it at start-up,
// then the store's open takes it again.
//
// Both steps are atomic, so two processes finding one stale lock never both win: the lock is written
// whole to a private file and hard-linked into place (link fails if the lock exists; nobody ever reads a
// half-written one), and a stale lock is renamed aside before anyone creates a new one; a process that
// renamed aside a lock other than the stale one it read (another process took over in between) links
// it back. Three processes racing within the same instant could still both keep one; this guards a
// developer's machine, not a cluster (production runs on PostgreSQL).
import { randomUUID } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The lock file of a database directory: beside it (`.data/db.lock`), not inside PGlite's own files. */
export function lockFileOf(dbDir: string): string {
  return `${dbDir.replace(/[\\/]+$/, '')}.lock`;
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
  for (let attempt = 0; attempt < 5; attempt++) {
    if (createWithPid(file)) return;
    const owner = readOwner(file);
    if (owner === process.pid) return; // left by this process (e.g. released elsewhere without the map)
    if (owner !== null && isAlive(owner)) throw new DataDirLockedError(file, owner);
    if (existsSync(file)) moveAsideIfStill(file, owner);
  }
  throw new DataDirLockedError(file, readOwner(file) ?? 0);
}

/** Creates the lock holding this pid, or false when one exists. */
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

/** Renames the lock aside; when it is no longer the stale one read (owner `stale`), links it back. */
function moveAsideIfStill(file: string, stale: number | null): void {
  const aside = `${file}.stale.${process.pid}.${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readOwner(aside) !== stale) {
    try {
      linkSync(aside, file);
    } catch {
      // A third process created one meanwhile: its lock stands.
    }
  }
  rmSync(aside, { force: true });
}

/**
 * For long-lived commands (`npm start`): takes the embedded database's lock at start-up when the
 * environment selects it (no DATABASE_URL, no Supabase), so a second one stops at once with a clear
 * message instead of answering 503 later. Null when a database server is configured.
 */
export function lockEmbeddedDatabase(env: Record<string, string | undefined> = process.env): (() => void) | null {
  const selected = readEnv(env);
  if (selected.database || selected.supabase) return null;
  return lockDataDir(join(selected.dataDir, 'db'));
}
