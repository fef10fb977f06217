// `npm start` (scripts/server/serve.mjs) when whoever read its output is gone: it stops. Before, each write's
// EPIPE became an uncaught exception whose log line failed again; a test server left behind by a crashed
// runner looped so at 82 % of a core for 48 minutes and slowed every test after it.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { freePort, projectRoot } from '../support/site-process.mjs';

it('exits when its stdout and stderr are closed and it has something to log', async () => {
  const [port, closedPort] = [await freePort(), await freePort()];
  const dataDir = await mkdtemp(join(tmpdir(), 'serve-output-'));
  const child = spawn(process.execPath, [join(projectRoot, 'scripts/server/serve.mjs')], {
    cwd: projectRoot,
    // A database nobody answers on: every request that needs the store logs "store unavailable".
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: `postgres://nobody:nothing@127.0.0.1:${closedPort}/none`, SUPABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk) => {
        out += chunk;
        if (out.includes('Funções agendadas')) resolve();
      });
      void exited.then((code) => reject(new Error(`serve.mjs exited (${code}) before it was ready`)));
    });
    child.stdout.destroy();
    child.stderr.destroy();
    // Requests until it is gone: each one that reaches the store writes a line nobody can read.
    const outcome = await Promise.race([
      exited.then((code) => ({ exited: code })),
      (async () => {
        for (let i = 0; i < 60; i++) {
          await fetch(`http://127.0.0.1:${port}/api/availability?date=2026-12-01`).catch(() => null);
          await new Promise((resolve) => setTimeout(resolve, 500));
        }
        return { exited: 'still running after 30 s of requests' };
      })(),
    ]);
    expect(outcome).toEqual({ exited: 0 });
  } finally {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}, 120_000);
