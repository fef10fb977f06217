// PgBouncer in transaction mode in front of the test cluster: what Supabase gives serverless functions on
// port 6543 (Supavisor). A server connection is a client's only for one transaction, and a query sent
// before the previous reply arrived (postgres.js pipelining) is lost when the connection is handed away.
// Debian's pgbouncer (1.18: no prepared-statement support in transaction mode, as Supavisor) run as the
// `postgres` user when we are root, on a free loopback port, config and pid in a temp dir.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recordServerCpu } from './cpu';
import { startOnFreePort } from './site-process.mjs';

export type PgBouncer = {
  /** postgres:// URL of `database` through the pooler (same user and password as the server). */
  url(database: string): string;
  port: number;
  stop(): void;
};

export type PgBouncerOptions = {
  /** The server's URL (user, password, host, port). */
  serverUrl: string;
  /** Server connections per database/user pair: a small Supabase project has 15. */
  poolSize?: number;
  /** Client connections the pooler accepts in all: 200 on a small Supabase project. */
  maxClientConn?: number;
  /** startOnFreePort's (site-process.mjs): the test of the port race holds the first port. */
  pickPort?: () => Promise<number>;
};

export function pgbouncerBinary(): string | null {
  for (const candidate of [process.env.PGBOUNCER_BIN, '/usr/sbin/pgbouncer', '/usr/bin/pgbouncer']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  return null;
}

function asPostgresUser(command: string): void {
  if (process.getuid?.() === 0) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
  else execFileSync('sh', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Starts a pooler (daemonised) and waits until it accepts connections; null without the binary. */
export async function startPgBouncer({ serverUrl, poolSize = 15, maxClientConn = 200, pickPort }: PgBouncerOptions): Promise<PgBouncer | null> {
  const bin = pgbouncerBinary();
  if (!bin) return null;
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username);
  const password = decodeURIComponent(server.password);
  const dir = mkdtempSync(join(tmpdir(), 'pgbouncer-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const ini = join(dir, 'pgbouncer.ini');
  const pidfile = join(dir, 'pgbouncer.pid');
  const logFile = join(dir, 'pgbouncer.log');
  writeFileSync(join(dir, 'userlist.txt'), `"${user}" "${password}"\n`);
  execFileSync('chmod', ['644', join(dir, 'userlist.txt')]);
  const port = await startOnFreePort(async (candidate) => {
    rmSync(logFile, { force: true });
    writeFileSync(ini, [
      '[databases]',
      // Any database name the client asks for, on the test cluster: each test file has its own database.
      `* = host=${server.hostname} port=${server.port}`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${candidate}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = scram-sha-256',
      `auth_file = ${join(dir, 'userlist.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${poolSize}`,
      `max_client_conn = ${maxClientConn}`,
      `max_db_connections = ${poolSize}`,
      `logfile = ${logFile}`,
      `pidfile = ${pidfile}`,
      'log_connections = 0',
      'log_disconnections = 0',
      // What Supavisor does with a client's parameters it does not track: accept them.
      'ignore_startup_parameters = extra_float_digits',
      '',
    ].join('\n'));
    execFileSync('chmod', ['644', ini]);
    asPostgresUser(`'${bin}' -d '${ini}'`);
    const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
    const deadline = Date.now() + 30_000;
    let text = log(); // one read a poll
    while (!/process up/.test(text)) {
      if (Date.now() > deadline || /FATAL/.test(text)) throw new Error(`pgbouncer did not start: ${text || 'no log'}`);
      await new Promise((r) => setTimeout(r, 50));
      text = log();
    }
    // Its TCP port taken, pgbouncer still comes up on its Unix socket alone ("cannot listen on …" is only a
    // warning), and the tests' connections to 127.0.0.1:port would reach whoever took it.
    const refused = text.match(/cannot listen on 127\.0\.0\.1:.*/)?.[0];
    if (refused) {
      stopPid(pidfile);
      // It deletes its pidfile on the way out; the next attempt's would otherwise find it.
      while (existsSync(pidfile) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      throw new Error(`pgbouncer: ${refused}`);
    }
    return candidate;
  }, { label: 'pgbouncer', pickPort });
  return {
    port,
    url: (database) => `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop() {
      stopPid(pidfile, true);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function stopPid(pidfile: string, record = false): void {
  try {
    const pid = Number(readFileSync(pidfile, 'utf8').trim());
    if (pid) {
      if (record) recordServerCpu(pid);
      process.kill(pid, 'SIGTERM');
    }
  } catch {
    // already gone
  }
}
