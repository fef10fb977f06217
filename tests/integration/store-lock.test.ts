// One process at a time on an embedded database: the LGPD tool or a second `npm start` run while the
// server runs is refused (exit code 2, clear message, nothing touched); after the server stops, even
// by kill -9 (stale lock), it starts again on the same data and answers.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir, lockFileOf } from '../../functions/lib/store/lock';
import { cliDataDir } from './consultants-process';
import { key, validRequest } from './helpers';

const started: ChildProcess[] = [];
let dataDir: string;
afterAll(async () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function env() {
  return { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', DATABASE_URL: '', SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '' };
}

/** `node scripts/server/serve.mjs` (what `npm start` runs after the build); resolves with its URL once listening. */
function serve(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['scripts/server/serve.mjs'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'] });
  started.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d;
      const url = /(http:\/\/localhost:\d+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(Object.assign(new Error(`serve exited ${code}: ${out}`), { exitCode: code, output: out })));
  });
}

const postLead = (url: string, email: string) =>
  fetch(`${url}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...validRequest, email, idempotencyKey: key() }) });

describe('embedded database lock', () => {
  it('refuses the LGPD tool and a second server while one runs, then the server restarts on intact data', { timeout: 180_000 }, async () => {
    // A copy of the run's migrated database: the lock is the subject, not a first start (serve-lifecycle.test.ts's).
    dataDir = await cliDataDir('mentor-lock-');
    const first = await serve();
    expect((await postLead(first.url, 'trava@example.com')).status).toBe(201);

    const tool = await promisify(execFile)(process.execPath, ['scripts/ops/data-subject.mjs', 'delete', 'trava@example.com', '--yes'], { env: env() })
      .then(() => ({ code: 0, stderr: '' }), (error: { code: number; stderr: string }) => error);
    expect(tool.code).toBe(2);
    expect(tool.stderr).toMatch(new RegExp(`aberto por outro processo \\(pid ${first.child.pid}\\)`));

    const migrate = await promisify(execFile)(process.execPath, ['scripts/ops/db.mjs', 'migrate'], { env: env() })
      .then(() => ({ code: 0, stderr: '' }), (error: { code: number; stderr: string }) => error);
    expect(migrate.code).toBe(2);
    expect(migrate.stderr).toMatch(/aberto por outro processo/);

    const second = await serve().then(() => ({ exitCode: 0, output: '' }), (error: { exitCode: number; output: string }) => error);
    expect(second.exitCode).toBe(2);
    expect(second.output).toMatch(/já está aberto pelo processo \d+/);
    // The first server never noticed.
    expect((await postLead(first.url, 'trava2@example.com')).status).toBe(201);

    // kill -9 leaves the lock file behind with a dead pid: stale, taken over by the next start.
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    const again = await serve();
    const health = await fetch(`${again.url}/api/health`);
    expect(health.status).toBe(200);
    expect((await postLead(again.url, 'trava3@example.com')).status).toBe(201);
    again.child.kill('SIGTERM');
    await new Promise((r) => again.child.once('exit', r));

    // With the server stopped the tool runs, and finds what the first server stored (nothing was lost).
    const exported = JSON.parse((await promisify(execFile)(process.execPath, ['scripts/ops/data-subject.mjs', 'export', 'trava@example.com'], { env: env() })).stdout);
    expect(exported.leads).toHaveLength(1);
  });

  it('is re-entrant in one process and takes over a lock whose pid is gone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mentor-lockunit-'));
    try {
      const db = join(dir, 'db');
      const gone = spawn(process.execPath, ['-e', '']);
      await new Promise((r) => gone.once('exit', r));
      await writeFile(lockFileOf(db), `${gone.pid}\n`);
      const release = lockDataDir(db);
      const again = lockDataDir(db);
      again();
      const { readFile } = await import('node:fs/promises');
      expect((await readFile(lockFileOf(db), 'utf8')).trim()).toBe(String(process.pid));
      release();
      await expect(readFile(lockFileOf(db), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('of six processes finding one stale lock at the same instant, exactly one wins (10 rounds)', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mentor-lockrace-'));
    const contenders: ChildProcess[] = [];
    try {
      const bundle = join(dir, 'lock.mjs');
      await build({ entryPoints: ['functions/lib/store/lock.ts'], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'silent' });
      // The same six processes race every round (a Node start per contender and round was most of this
      // test's CPU). Each round, each says it is ready, then spins until the parent creates `go-N`: all six
      // are waiting before any tries (a shared instant on the clock misses when a loaded machine starts one
      // late), and leave the spin within one file check of each other. A winner holds the lock until every
      // contender has answered (the parent then writes `done-N`), so a slow one still finds it held, then
      // releases it: the next round starts from a stale lock again, not from one a live winner still holds.
      const contender = [
        `const { lockDataDir } = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
        "const { existsSync } = await import('node:fs');",
        'const [dir, db, rounds] = process.argv.slice(1);',
        'for (let round = 0; round < Number(rounds); round++) {',
        "  console.log('ready'); while (!existsSync(`${dir}/go-${round}`));",
        "  let release = null;",
        "  try { release = lockDataDir(db); console.log('won'); } catch (error) { console.log(error.code ?? 'error'); }",
        '  while (!existsSync(`${dir}/done-${round}`)) await new Promise((r) => setTimeout(r, 20));',
        '  release?.();',
        '}',
      ].join('\n');
      const db = join(dir, 'db');
      const rounds = 10;
      // A pid that no longer runs, for every round's stale lock.
      const gone = spawn(process.execPath, ['-e', '']);
      await new Promise((r) => gone.once('exit', r));
      for (let i = 0; i < 6; i++) contenders.push(spawn(process.execPath, ['--input-type=module', '-e', contender, dir, db, String(rounds)]));
      const lines = contenders.map((child) => createInterface({ input: child.stdout! })[Symbol.asyncIterator]());
      const next = (i: number) => lines[i].next().then((r) => String(r.value ?? ''));
      for (let round = 0; round < rounds; round++) {
        // Every contender is ready, so last round's winner has released its lock: this stale one is the only one.
        expect(await Promise.all(contenders.map((_, i) => next(i)))).toEqual(Array(6).fill('ready'));
        await writeFile(lockFileOf(db), `${gone.pid}\n`);
        await writeFile(join(dir, `go-${round}`), '');
        const answers = await Promise.all(contenders.map((_, i) => next(i)));
        await writeFile(join(dir, `done-${round}`), '');
        expect(answers.filter((a) => a === 'won'), `round ${round}: ${answers.join(' ')}`).toHaveLength(1);
        expect(answers.filter((a) => a !== 'won').every((a) => a === 'pglite_locked')).toBe(true);
      }
      await Promise.all(contenders.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)));
      expect(contenders.map((child) => child.exitCode)).toEqual(Array(6).fill(0));
    } finally {
      for (const child of contenders) if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    }
  });
});
