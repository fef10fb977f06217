// `npm start`'s process (scripts/server/serve.mjs) as an operator meets it: a port already in use ends it
// with a message and a non-zero exit (before: it logged EADDRINUSE and lived on, serving nothing); killing
// npm ends it (npm → sh → node: before, the server outlived npm); and clients that stall their request
// cannot hold sockets for Node's default 300 s.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { startServer } from '../../scripts/server/server.mjs';
import { projectRoot } from '../support/project';
import { freePort } from '../support/site-process.mjs';

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

/** The environment of a local server on `port` with its own embedded database, none of the developer's settings. */
async function siteEnv(port: number): Promise<NodeJS.ProcessEnv> {
  const dataDir = await mkdtemp(join(tmpdir(), 'serve-life-'));
  dirs.push(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  for (const name of ['DATABASE_URL', 'SUPABASE_URL', 'SMTP_URL', 'CONTEXT', 'WEBHOOK_URL', 'RD_STATION_API_KEY']) delete env[name];
  return env;
}

const refuses = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });

describe('npm start, as an operator meets it', () => {
  it('a port in use: exits non-zero and says so, in Portuguese and English', async () => {
    const port = await freePort();
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const child = spawn(process.execPath, [join(projectRoot, 'scripts/server/serve.mjs')], { cwd: projectRoot, env: await siteEnv(port), stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.stdout.resume();
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`A porta ${port} já está em uso (EADDRINUSE)`);
      expect(stderr).toContain(`Port ${port} is already in use`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 120_000);

  it('stops when npm, its grandparent, is killed', async () => {
    const port = await freePort();
    // npm's shape: a parent process that runs `sh -c "node serve.mjs"` and is then killed with SIGKILL.
    const npm = spawn(process.execPath, ['-e', `require('node:child_process').spawn('sh', ['-c', process.argv[1] + '; true'], { stdio: 'inherit' }); setInterval(() => {}, 1e6);`,
      `"${process.execPath}" "${join(projectRoot, 'scripts/server/serve.mjs')}"`], { cwd: projectRoot, env: await siteEnv(port), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    for (const stream of [npm.stdout, npm.stderr]) stream.on('data', (c: Buffer) => (output += c.toString()));
    try {
      await vi.waitFor(() => expect(output).toContain('Site e funções em'), { timeout: 90_000, interval: 100 });
      expect(await refuses(port)).toBe(false);
      npm.kill('SIGKILL');
      await vi.waitFor(async () => expect(await refuses(port)).toBe(true), { timeout: 20_000, interval: 100 });
    } finally {
      npm.kill('SIGKILL');
    }
  }, 120_000);

  it('closes connections that stall their body or their headers', async () => {
    const port = await freePort();
    // The mechanism at a short deadline; serve.mjs uses REQUEST_TIMEOUT_MS (30 s).
    const server = await startServer({ port, functionModules: [], rateLimits: false, requestTimeoutMs: 1_500 });
    const sockets: Socket[] = [];
    try {
      const open = (text: string) =>
        new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write(text);
            resolve();
          });
          socket.on('error', () => {});
          socket.resume();
          sockets.push(socket);
        });
      for (let i = 0; i < 20; i++) await open('POST /api/leads HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"nome":');
      for (let i = 0; i < 10; i++) await open('GET / HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
      await vi.waitFor(() => expect(sockets.filter((s) => !s.closed)).toHaveLength(0), { timeout: 30_000, interval: 100 });
    } finally {
      for (const socket of sockets) socket.destroy();
      await server.close();
    }
  }, 60_000);
});
