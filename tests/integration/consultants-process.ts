// `npm run consultants` as a real process on an embedded database in `dataDir`: exit code and output.
import { execFile } from 'node:child_process';
import { cp, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { runConsultantsCli } from '../../functions/lib/admin/consultants-cli';
import { readEnv } from '../../functions/lib/env';
import { openPgliteStore } from '../../functions/lib/store/pglite';
import type { Store } from '../../functions/lib/store/port';

const run = promisify(execFile);

export async function consultantsProcess(dataDir: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return consultantsProcessAt('https://mentor.example.com', dataDir, ...args);
}

/** The same, for a site at `siteUrl` (agenda links are built on it). */
export async function consultantsProcessAt(siteUrl: string, dataDir: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['scripts/ops/consultants.mjs', ...args], {
      env: { ...process.env, DATA_DIR: dataDir, SITE_URL: siteUrl, DATABASE_URL: '', SUPABASE_URL: '' },
      timeout: 60_000,
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}

/**
 * The same command through the CLI's own function (functions/lib/admin/consultants-cli.ts) in this process,
 * with the environment the process would read: what the command does, without the ~3.5 CPU-s of a Node start,
 * its imports and a WASM compile. The process adds argv, exit code and streams: a few tests per CLI keep it.
 */
export async function consultantsInProcess(siteUrl: string, dataDir: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return consultantsOnStore(undefined, siteUrl, dataDir, ...args);
}

/**
 * The same on `store`, a database the caller keeps open for many commands: each command's own open of the
 * embedded database (~1–2 CPU-s) is paid once. For what the commands do; the CLI opening and closing the
 * database itself stays in consultants-cli.test.ts (in this process and as a process). undefined: as above.
 */
export async function consultantsOnStore(store: Store | undefined, siteUrl: string, dataDir: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io = { out: (line: string) => void (out += `${line}\n`), err: (line: string) => void (err += `${line}\n`) };
  const env = readEnv({ ...process.env, DATA_DIR: dataDir, SITE_URL: siteUrl, DATABASE_URL: '', SUPABASE_URL: '' });
  const code = await runConsultantsCli(args, env, io, store);
  return { code, out, err };
}

/**
 * The commands of one file on the embedded database in `dataDir`, opened once for every in-process command
 * (each command's own open costs ~1.5 CPU-s) and closed before every real process, which must find the
 * database free: the lock is the process's. `store()` is that open database, for reading what the commands left.
 */
export function sharedCliStore(dataDir: string, siteUrl: string) {
  let opened: ReturnType<typeof openPgliteStore> | undefined;
  const store = () => (opened ??= openPgliteStore(dataDir)); // one open, also for commands started at once
  const close = async () => {
    const closing = opened;
    opened = undefined;
    await (await closing)?.close();
  };
  return {
    store,
    close,
    /** The CLI's own function in this process, on the open database. */
    inProcess: async (...args: string[]) => consultantsOnStore(await store(), siteUrl, dataDir, ...args),
    /** The real process, after the open database is closed. */
    process: async (...args: string[]) => {
      await close();
      return consultantsProcessAt(siteUrl, dataDir, ...args);
    },
  };
}

/**
 * A temp DATA_DIR holding a copy of the run's migrated embedded database (tests/support/pglite-template.ts,
 * made by the same openPgliteStore the CLI opens): the CLI's first open then applies nothing, where a fresh
 * one costs ~8 s of CPU (initdb and every migration; the migrations stay tested from scratch elsewhere).
 */
export async function cliDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  await cp(inject('pgliteTemplate'), join(dataDir, 'db'), { recursive: true });
  return dataDir;
}
