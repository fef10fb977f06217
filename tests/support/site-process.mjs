// The site as `npm start` serves it (scripts/server/serve.mjs: the built dist/ plus the functions bundled
// with esbuild, as Netlify bundles them), in a process of its own on a free loopback port. One way to start
// it for every piece of test tooling: the browser tests' globalSetup, the Lighthouse gate and the bench.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Variables that would point the site at something outside the test: a real database, mail server or Supabase. */
// A developer's own settings never reach a test server: its database, mail and integrations are the test's.
const OUTSIDE = ['DATABASE_URL', 'SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'SMTP_URL', 'RD_STATION_API_KEY', 'RD_STATION_API_URL', 'WEBHOOK_URL', 'WEBHOOK_SECRET', 'CONTEXT'];

/**
 * Starts serve.mjs of `root` (a built project: this one, or a copy built with other settings) with
 * `env` on top of this process's environment minus OUTSIDE, and resolves once GET /api/health answers
 * 200 (pages and functions both up). The server owns its DATA_DIR (embedded database, .eml outbox):
 * `env.DATA_DIR` when given (the caller keeps it), else a fresh temp dir that stop() deletes.
 * `output`: where the server's lines go, prefixed with `[label]`; null drops them.
 * @param {{ root?: string, env?: Record<string, string>, label?: string, output?: NodeJS.WritableStream | null, timeoutMs?: number }} options
 * @returns {Promise<{ url: string, port: number, pid: number, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startSite({ root = projectRoot, env = {}, label = 'site', output = process.stderr, timeoutMs = 120_000 } = {}) {
  const ownDataDir = env.DATA_DIR ? null : await mkdtemp(join(tmpdir(), 'site-'));
  const dataDir = env.DATA_DIR ?? ownDataDir;
  const port = await freePort();
  const childEnv = { ...process.env };
  for (const name of OUTSIDE) delete childEnv[name];
  Object.assign(childEnv, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }, env);
  const child = spawn(process.execPath, [join(root, 'scripts/server/serve.mjs')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', output ? 'pipe' : 'ignore', output ? 'pipe' : 'ignore'],
    detached: true, // its own process group, so stop() also ends anything it started
  });
  if (output) {
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        for (const line of chunk.toString().split('\n')) if (line.trim()) output.write(`[${label}] ${line}\n`);
      });
    }
  }
  let exited = null;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve((exited = code ?? signal))));
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };

  async function stop() {
    if (exited === null) {
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
  }

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited !== null) {
      await stop();
      throw new Error(`${label}: serve.mjs exited (${exited}) before answering`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      async (r) => (await r.arrayBuffer(), r.ok),
      () => false,
    );
    if (ok) return { url, port, pid: child.pid, dataDir, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`${label}: serve.mjs did not answer within ${timeoutMs / 1000} s`);
}
