// The site as `npm start` serves it (scripts/server/serve.mjs: the built dist/ plus the functions bundled
// with esbuild, as Netlify bundles them), in a process of its own on a free loopback port. One way to start
// it for every piece of test tooling: the browser tests' globalSetup, the Lighthouse gate and the bench.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
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

/** What a server says when its port was taken between freePort() and its own bind. */
export const PORT_TAKEN = /EADDRINUSE|could not bind|Address already in use|could not create any TCP\/IP sockets|cannot listen on/i;

/**
 * freePort()'s answer holds only when asked: another process can bind the port before the server does. In one
 * fresh clone (2026-12-02) the unit and browser stages' PostgreSQL clusters were both handed port 36433, and
 * one stage's postmaster stopped at once. Every server the tests start on a free port goes through here:
 * `start(port)` starts it and throws when it could not; a throw whose message says the port was taken
 * (PORT_TAKEN) is tried again on another port, up to `attempts` in all; any other is thrown as it came.
 * `pickPort` is freePort, or in the test of this a port it holds first.
 * @template T
 * @param {(port: number) => Promise<T>} start
 * @param {{ label: string, attempts?: number, pickPort?: () => Promise<number> }} options
 * @returns {Promise<T>}
 */
export async function startOnFreePort(start, { label, attempts = 3, pickPort = freePort }) {
  for (let attempt = 1; ; attempt += 1) {
    const port = await pickPort();
    try {
      return await start(port);
    } catch (error) {
      if (attempt >= attempts || !PORT_TAKEN.test(String(error?.message))) throw error;
      console.info(`[${label}] port ${port} was taken before the server bound it; starting again on another (attempt ${attempt + 1} of ${attempts})`);
    }
  }
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
 * `attempts`, `pickPort`: startOnFreePort's.
 * @param {{ root?: string, env?: Record<string, string>, label?: string, output?: NodeJS.WritableStream | null, timeoutMs?: number, attempts?: number, pickPort?: () => Promise<number> }} options
 * @returns {Promise<{ url: string, port: number, pid: number, dataDir: string, stop: () => Promise<void> }>}
 */
export function startSite({ root = projectRoot, env = {}, label = 'site', output = process.stderr, timeoutMs = 120_000, attempts, pickPort } = {}) {
  return startOnFreePort((port) => startSiteOn(port, { root, env, label, output, timeoutMs }), { label, attempts, pickPort });
}

async function startSiteOn(port, { root, env, label, output, timeoutMs }) {
  const ownDataDir = env.DATA_DIR ? null : await mkdtemp(join(tmpdir(), 'site-'));
  const dataDir = env.DATA_DIR ?? ownDataDir;
  const childEnv = { ...process.env };
  for (const name of OUTSIDE) delete childEnv[name];
  Object.assign(childEnv, { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir }, env);
  const child = spawn(process.execPath, [join(root, 'scripts/server/serve.mjs')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stop() also ends anything it started
  });
  // Read even when `output` is null: health is asked only once this child says it listens (serve.mjs's
  // "Site e funções em" line), or a server that took the port first would answer for it; and the last lines
  // say why a child that exited did (EADDRINUSE is started again on another port).
  let listening = false;
  const lastLines = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
      if (!line.trim()) return;
      if (line.startsWith('Site e funções em ')) listening = true;
      lastLines.push(line);
      if (lastLines.length > 5) lastLines.shift();
      output?.write(`[${label}] ${line}\n`);
    });
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
      throw new Error(`${label}: serve.mjs exited (${exited}) before answering: ${lastLines.join(' | ')}`);
    }
    const ok =
      listening &&
      (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
        async (r) => (await r.arrayBuffer(), r.ok),
        () => false,
      ));
    if (ok) return { url, port, pid: child.pid, dataDir, stop };
    await new Promise((r) => setTimeout(r, listening ? 200 : 50));
  }
  await stop();
  throw new Error(`${label}: serve.mjs did not answer within ${timeoutMs / 1000} s`);
}
