// The stale-lock takeover under a slow filesystem: three processes whose steps interleave in the worst
// order. Timing alone rarely hits the window (store-lock.test.ts races six processes at one instant), so
// one contender is slowed at chosen steps through an fs shim bundled in for this test only.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
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

// Started first and idle until told its instant (a line on stdin: a loaded machine's slow Node start cannot
// shift the interleaving), tries once; a winner holds the lock until stdin closes, which the test does
// only once every contender has answered, so a late contender can never find it released.
const contender = (bundle: string) => [
  "import { createInterface } from 'node:readline';",
  `const { lockDataDir } = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
  'const lines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();',
  "console.log('ready');",
  'const at = Number((await lines.next()).value);',
  'await new Promise((r) => setTimeout(r, at - Date.now()));',
  "try { lockDataDir(process.argv[1]); console.log('won'); while (!(await lines.next()).done); }",
  "catch (error) { console.log(error.code ?? 'error'); }",
  'process.exit(0);',
].join('\n');

/** A contender process: its stdout lines in order, its stdin, and its exit. */
function startContender(bundle: string, db: string, pause: Record<string, number>) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', contender(bundle), db], {
    env: { ...process.env, LOCK_TEST_PAUSE: JSON.stringify(pause) }, stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const exited = new Promise((r) => child.once('exit', r));
  return { next: async () => String((await lines.next()).value), stdin: child.stdin!, exited };
}

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
      // B reads the stale lock and stalls; A takes it over meanwhile; B wakes and acts on what it read,
      // stalling again after any rename; C arrives while B stalls the second time.
      const plan = [[150, {}], [0, { readFileSync: 400, renameSync: 400 }], [600, {}]] as const;
      const contenders = plan.map(([, pause]) => startContender(bundle, db, pause));
      for (const c of contenders) expect(await c.next()).toBe('ready');
      const t0 = Date.now() + 100;
      contenders.forEach((c, i) => c.stdin.write(`${t0 + plan[i][0]}\n`));
      const answers = await Promise.all(contenders.map((c) => c.next()));
      for (const c of contenders) c.stdin.end();
      await Promise.all(contenders.map((c) => c.exited));
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
