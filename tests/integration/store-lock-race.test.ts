// The stale-lock takeover under a slow filesystem: three processes whose steps interleave in the worst
// order. Timing alone rarely hits the window (store-lock.test.ts races six processes at one instant), so
// one contender is slowed at chosen steps through an fs shim bundled in for this test only.
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { lockDataDir, lockFileOf } from '../../functions/lib/store/lock';

// Re-exports node:fs; readFileSync and renameSync pause after their first call when LOCK_TEST_PAUSE says so.
const shim = `
import * as fs from 'node:fs';
export * from 'node:fs';
const pauses = JSON.parse(process.env.LOCK_TEST_PAUSE ?? '{}');
const pause = (step) => {
  const ms = pauses[step] ?? 0;
  delete pauses[step];
  if (ms > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
};
export function readFileSync(...args) { try { return fs.readFileSync(...args); } finally { pause('readFileSync'); } }
export function renameSync(...args) { try { return fs.renameSync(...args); } finally { pause('renameSync'); } }
`;

// Waits for its instant, tries once; a winner holds the lock long enough for the others to see it alive.
const contender = (bundle: string) => [
  `const { lockDataDir } = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
  'await new Promise((r) => setTimeout(r, Number(process.argv[1]) - Date.now()));',
  "try { lockDataDir(process.argv[2]); console.log('won'); await new Promise((r) => setTimeout(r, 1500)); }",
  "catch (error) { console.log(error.code ?? 'error'); }",
].join('\n');

it('a slow taker of a stale lock never lets two processes hold it (worst interleaving, 3 rounds)', { timeout: 60_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mentor-lockslow-'));
  try {
    const shimFile = join(dir, 'fs-shim.mjs');
    await writeFile(shimFile, shim);
    const bundle = join(dir, 'lock.mjs');
    await build({
      entryPoints: ['functions/lib/store/lock.ts'], bundle: true, platform: 'node', format: 'esm', outfile: bundle, logLevel: 'silent',
      plugins: [{
        name: 'fs-shim',
        setup(b) {
          b.onResolve({ filter: /^(node:)?fs$/ }, (args) => (args.importer === shimFile ? { path: 'node:fs', external: true } : { path: shimFile }));
        },
      }],
    });
    const db = join(dir, 'db');
    for (let round = 0; round < 3; round++) {
      const gone = spawn(process.execPath, ['-e', '']);
      await new Promise((r) => gone.once('exit', r));
      await writeFile(lockFileOf(db), `${gone.pid}\n`);
      const t0 = Date.now() + 1500;
      // B reads the stale lock and stalls; A takes it over meanwhile; B wakes and acts on what it read,
      // stalling again after any rename; C arrives while B stalls the second time.
      const run = (at: number, pause: Record<string, number>) =>
        promisify(execFile)(process.execPath, ['--input-type=module', '-e', contender(bundle), String(at), db], {
          env: { ...process.env, LOCK_TEST_PAUSE: JSON.stringify(pause) },
        }).then((r) => r.stdout.trim());
      const answers = await Promise.all([
        run(t0 + 150, {}),
        run(t0, { readFileSync: 400, renameSync: 400 }),
        run(t0 + 600, {}),
      ]);
      expect(answers.filter((a) => a === 'won'), `round ${round}: A B C = ${answers.join(' ')}`).toHaveLength(1);
      expect(answers.filter((a) => a !== 'won').every((a) => a === 'pglite_locked'), answers.join(' ')).toBe(true);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it('a takeover marker left by a dead process does not block the next start', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mentor-lockmarker-'));
  try {
    const db = join(dir, 'db');
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.once('exit', r));
    await writeFile(lockFileOf(db), `${gone.pid}\n`);
    await writeFile(`${lockFileOf(db)}.takeover`, `${gone.pid}\n`);
    const release = lockDataDir(db);
    expect((await readFile(lockFileOf(db), 'utf8')).trim()).toBe(String(process.pid));
    await expect(readFile(`${lockFileOf(db)}.takeover`, 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    release();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
