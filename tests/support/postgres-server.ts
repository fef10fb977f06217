// Vitest globalSetup: a throwaway PostgreSQL cluster for the tests that need a real server.
// initdb + pg_ctl in a temp dir, a free loopback port, Supabase's API roles created up front (as on a
// Supabase project, where they exist before any migration runs), stopped and deleted at the end.
// Without PostgreSQL binaries the server tests are skipped locally and fail under CI=true.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPgBouncer } from './pgbouncer';
import { oncePerRun } from './once-per-run';
import { createTemplateDatabase } from './postgres-db';
import { recordServerCpu } from './cpu';
import { startOnFreePort } from './site-process.mjs';
import { fakedClockEnv } from './faked-clock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster's `postgres` database; null when no server could be started. */
    postgresUrl: string | null;
    /**
     * The same cluster through PgBouncer in transaction mode (Supabase's port 6543), database `postgres`;
     * swap the path for a test database. null without PostgreSQL or pgbouncer binaries.
     */
    pooledUrl: string | null;
    /** The cluster's self-signed certificate (CN and SAN localhost): TLS tests verify against it. */
    postgresCert: string | null;
  }
}

export const POSTGRES_TEST_PASSWORD = 'test-only-password';

function binDir(): string | null {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'initdb'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(root, versions[0], 'bin') : null;
}

const shellQuote = (a: string) => `'${a.replace(/'/g, `'\\''`)}'`;

/** The faked clock (faked-clock.ts) as an `env` prefix: `su` is setuid, and the loader drops LD_PRELOAD. */
function fakedClock(): string {
  const vars = Object.entries(fakedClockEnv());
  return vars.length ? `env ${vars.map(([name, value]) => shellQuote(`${name}=${value}`)).join(' ')} ` : '';
}

/** PostgreSQL refuses to run as root: run its binaries as the `postgres` system user then. */
function runner(): (bin: string, args: string[]) => string {
  const isRoot = process.getuid?.() === 0;
  return (bin, args) => {
    const quoted = fakedClock() + [bin, ...args].map(shellQuote).join(' ');
    return isRoot
      ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
      : execFileSync(bin, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  };
}

export type PostgresCluster = { url: string; cert: string; stop(): void };

/**
 * Starts a throwaway cluster; null when this machine has no PostgreSQL server binaries (and not CI=true,
 * where that throws). Callers stop it.
 */
export async function startPostgresCluster(): Promise<PostgresCluster | null> {
  const bin = binDir();
  if (!bin) {
    if (process.env.CI) throw new Error('PostgreSQL server binaries not found (apt-get install -y postgresql); .ci/run installs them');
    return null;
  }
  const run = runner();
  const dir = mkdtempSync(join(tmpdir(), 'pg-test-'));
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const pwfile = join(dir, 'pw');
  execFileSync('sh', ['-c', `printf '%s' '${POSTGRES_TEST_PASSWORD}' > '${pwfile}' && chmod 644 '${pwfile}'`]);
  // Password auth over TCP (so a wrong password is really refused), trust on the private socket.
  run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--pwfile', pwfile, '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // TLS on (clear text still accepted, as on Supabase without "Enforce SSL"), with a self-signed
  // certificate for localhost that the TLS tests trust through DATABASE_CA_CERT.
  const cert = join(data, 'server.crt');
  const key = join(data, 'server.key');
  run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost',
    '-keyout', key, '-out', cert]);
  run('chmod', ['600', key]);
  const logFile = join(dir, 'log');
  const port = await startOnFreePort(async (candidate) => {
    const options = `-p ${candidate} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c ssl=on`;
    // pg_ctl -l appends: only what this attempt wrote says why it failed.
    const logBefore = existsSync(logFile) ? statSync(logFile).size : 0;
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
    } catch (error) {
      const gained = existsSync(logFile) ? readFileSync(logFile).subarray(logBefore).toString('utf8').trim() : '';
      throw new Error(`pg_ctl start on port ${candidate} failed: ${gained || String(error)}`, { cause: error });
    }
    return candidate;
  }, { label: 'postgres' });
  const psql = (sql: string) => run(join(bin, 'psql'), ['-h', dir, '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-qAtc', sql]);
  // Supabase's API roles, as a project has them before the first migration.
  psql(`create role anon nologin noinherit; create role authenticated nologin noinherit;
        create role service_role nologin noinherit bypassrls; grant anon, authenticated, service_role to postgres;`);
  console.info(`[postgres] test cluster on 127.0.0.1:${port} (${psql('show server_version').trim()})`);
  return {
    url: `postgres://postgres:${POSTGRES_TEST_PASSWORD}@127.0.0.1:${port}/postgres`,
    cert: readFileSync(cert, 'utf8'),
    stop() {
      try {
        recordServerCpu(Number.parseInt(readFileSync(join(data, 'postmaster.pid'), 'utf8'), 10));
        run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

export default oncePerRun('postgres-server', async (provide) => {
  const cluster = await startPostgresCluster();
  if (!cluster) console.warn('[postgres] no PostgreSQL server binaries: tests on a real server are skipped (CI fails instead)');
  // Every test database is a copy of this one (postgres-db.ts).
  if (cluster) await createTemplateDatabase(cluster.url);
  provide('postgresUrl', cluster?.url ?? null);
  provide('postgresCert', cluster?.cert ?? null);
  // Migrations go to the server directly (as docs/operations.md says); the functions' tier goes through this.
  const pooler = cluster ? await startPgBouncer({ serverUrl: cluster.url }) : null;
  if (cluster && !pooler) {
    if (process.env.CI) throw new Error('pgbouncer not found (apt-get install -y pgbouncer); .ci/run installs it');
    console.warn('[pgbouncer] not installed: tests through the transaction pooler are skipped (CI fails instead)');
  }
  if (pooler) console.info(`[pgbouncer] transaction pooler on 127.0.0.1:${pooler.port}`);
  provide('pooledUrl', pooler?.url('postgres') ?? null);
  return () => {
    pooler?.stop();
    cluster?.stop();
  };
});
