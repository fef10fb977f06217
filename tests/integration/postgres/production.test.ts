// What production meets that a direct test connection does not: TLS to a remote database, and a pooler at
// its limits. Whatever the database or pooler refuses, a request answers 503 with Retry-After within
// seconds and one log line naming the fix — never a hang, never a 500.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createLeadsHandler } from '../../../functions/lib/handlers/leads';
import { StoreUnavailableError } from '../../../functions/lib/store/errors';
import { openPostgresStore } from '../../../functions/lib/store/postgres';
import { databaseTls } from '../../../functions/lib/store/postgres-tls';
import { startPgBouncer, type PgBouncer } from '../../support/pgbouncer';
import { createTestDatabase, pooledDatabaseUrl, type TestDatabase } from '../../support/postgres-db';
import { key, postJson, validRequest } from '../helpers';
import { openPostgresApp } from './support';

const serverUrl = inject('postgresUrl');
const cert = inject('postgresCert');
const pooledUrl = inject('pooledUrl');

describe('TLS to the database', () => {
  const remote = 'postgres://postgres.abcdefgh:s3cret-pass@aws-0-sa-east-1.pooler.supabase.com:6543/postgres';

  it('is required to any database off this machine, and a URL asking for less is refused naming the fix, not the password', () => {
    expect(databaseTls(remote).ssl).toBe('require');
    expect(databaseTls(`${remote}?sslmode=require`).ssl).toBe('require');
    for (const mode of ['disable', 'allow', 'prefer']) {
      let refused: unknown;
      try {
        databaseTls(`${remote}?sslmode=${mode}`);
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(StoreUnavailableError);
      const { code, hint } = refused as StoreUnavailableError;
      expect(code).toBe('postgres_tls_refused');
      expect(hint).toBe(`DATABASE_URL asks for sslmode=${mode} to aws-0-sa-east-1.pooler.supabase.com, a database off this machine: the functions only connect to it over TLS. Remove sslmode (TLS is the default) or use sslmode=verify-full with DATABASE_CA_CERT`);
      expect(hint).not.toContain('s3cret');
    }
    // sslmode never reaches the server as a startup parameter (a pooler refuses unknown ones).
    expect(databaseTls(`${remote}?sslmode=verify-full`).url).not.toContain('sslmode');
    // On this machine clear text stays allowed (the test cluster, a laptop's server).
    expect(databaseTls('postgres://u:p@127.0.0.1:5432/db').ssl).toBe(false);
    expect(databaseTls('postgres://u:p@localhost:5432/db?sslmode=disable').ssl).toBe(false);
  });

  it.skipIf(!pooledUrl)('a remote host whose server has no TLS is a 503 whose log line names TLS, not the host and port', async () => {
    // PgBouncer here has no client TLS (its default): it answers the SSLRequest with 'N', as a PostgreSQL
    // with ssl = off does. 127.1 reaches this machine but is not one of its loopback names, so TLS is required.
    const noTls = pooledDatabaseUrl(pooledUrl!, 'postgres').replace('@127.0.0.1:', '@127.1:');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const leads = createLeadsHandler(() => openPostgresApp(noTls));
      const res = await leads(postJson('/api/leads', { ...validRequest, email: `notls-${crypto.randomUUID()}@example.com`, idempotencyKey: key() }));
      expect(res.status).toBe(503);
      const line = errors.mock.calls.map((c) => String(c[0])).join('\n');
      expect(line).toMatch(/store unavailable: postgres_tls_unsupported \(the server at 127\.1:\d+ answered that it does not accept TLS/);
      expect(line).not.toContain('check the host and port');
    } finally {
      errors.mockRestore();
    }
  });

  describe.skipIf(!serverUrl || !cert)('on a real server with a certificate', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase(serverUrl!);
    });
    afterAll(() => db?.drop());
    const viaLocalhost = () => db.url.replace('@127.0.0.1:', '@localhost:');

    it('sslmode=verify-full with DATABASE_CA_CERT connects encrypted and verified', async () => {
      const store = await openPostgresStore({ url: `${viaLocalhost()}?sslmode=verify-full`, poolMax: 1, caCert: cert! });
      try {
        const [row] = await store.sql.query<{ ssl: boolean }>('select ssl from pg_stat_ssl where pid = pg_backend_pid()');
        expect(row.ssl).toBe(true);
      } finally {
        await store.close();
      }
    });

    it('a certificate that does not verify is a 503 naming DATABASE_CA_CERT, not a 500', async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const leads = createLeadsHandler(() => openPostgresApp(`${viaLocalhost()}?sslmode=verify-full`));
        const res = await leads(postJson('/api/leads', { ...validRequest, email: `tls-${crypto.randomUUID()}@example.com`, idempotencyKey: key() }));
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('30');
        expect(errors.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/store unavailable: postgres_tls_failed:\w+ \(.*DATABASE_CA_CERT/);
      } finally {
        errors.mockRestore();
      }
    });
  });
});

describe.skipIf(!serverUrl || !pooledUrl)('a transaction pooler at its limits', () => {
  let db: TestDatabase;
  let pooler: PgBouncer;
  beforeAll(async () => {
    db = await createTestDatabase(serverUrl!);
    // A pooler the size of a tiny project: 3 clients, 1 server connection.
    pooler = (await startPgBouncer({ serverUrl: serverUrl!, poolSize: 1, maxClientConn: 3 }))!;
  });
  afterAll(async () => {
    pooler?.stop();
    await db?.drop();
  });
  /** How many of the test database's server sessions (other than this one) match `where`, read directly on the server. */
  async function sessionsOnServer(where: string): Promise<number> {
    const admin = postgres(db.url, { max: 1, onnotice: () => {} });
    try {
      const [{ n }] = await admin.unsafe<{ n: number }[]>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and ${where}`);
      return n;
    } finally {
      await admin.end({ timeout: 5 });
    }
  }

  it('one instance too many gets 503 with Retry-After at once, and the others keep working', async () => {
    const url = pooler.url(db.name);
    // Three warm instances, one connection each (DATABASE_POOL_MAX=1), open and idle as between requests.
    const instances = await Promise.all([1, 2, 3].map(() => openPostgresApp(url, { poolMax: 1 })));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const leads = createLeadsHandler(() => openPostgresApp(url, { poolMax: 1 }));
      const res = await leads(postJson('/api/leads', { ...validRequest, email: `full-${crypto.randomUUID()}@example.com`, idempotencyKey: key() }));
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(await res.json()).toEqual({ error: 'Serviço temporariamente indisponível. Tente novamente em instantes.' });
      // Refused by the pooler, not timed out: the logged reason says which (a wall-clock ceiling would
      // also fail on a loaded machine).
      const logged = errors.mock.calls.map((c) => String(c[0])).join('\n');
      expect(logged).toMatch(/store unavailable: postgres_\w+:\w+ \(.*DATABASE_POOL_MAX/);
      expect(logged).not.toContain('postgres_timeout');
      // The instances already connected still answer.
      for (const app of instances) await app.store.ping();
    } finally {
      errors.mockRestore();
      await Promise.all(instances.map((app) => app.store.close()));
    }
  });

  it('a pooler whose server connections are all busy makes a request wait at most its deadline, then 503', async () => {
    const url = pooler.url(db.name);
    // Another client holds the pool's one server connection in a transaction.
    const holder = postgres(url, { max: 1, prepare: false, onnotice: () => {} });
    const held = holder.begin(async (tx) => {
      await tx`select 1`;
      await tx`select pg_sleep(60)`;
    }).catch(() => {});
    try {
      await vi.waitFor(async () => expect(await sessionsOnServer(`query like 'select pg_sleep%' and state = 'active'`)).toBe(1), { timeout: 20_000, interval: 100 });
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const started = performance.now();
        const leads = createLeadsHandler(() => openPostgresApp(url, { poolMax: 1, env: { DATABASE_QUERY_TIMEOUT_MS: '1500' } }));
        const res = await leads(postJson('/api/leads', { ...validRequest, email: `wait-${crypto.randomUUID()}@example.com`, idempotencyKey: key() }));
        const tookMs = performance.now() - started;
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('30');
        // It waited for its deadline: a lower bound, which a loaded machine can only lengthen.
        expect(tookMs).toBeGreaterThanOrEqual(1_400);
        // The deadline ended the wait, not the other client: the reason is a timeout and the holder is still
        // in its 60 s sleep (read on the server, where a wall-clock ceiling would fail on a loaded machine).
        expect(errors.mock.calls.map((c) => String(c[0])).join('\n')).toContain('store unavailable: postgres_timeout');
        expect(await sessionsOnServer(`query like 'select pg_sleep%' and state = 'active'`)).toBe(1);
      } finally {
        errors.mockRestore();
      }
    } finally {
      const admin = postgres(db.url, { max: 1, onnotice: () => {} });
      await admin`select pg_cancel_backend(pid) from pg_stat_activity where query like 'select pg_sleep%'`;
      await admin.end({ timeout: 5 });
      await held;
      await holder.end({ timeout: 5 });
      // The timed-out request's first connection asked for postgres.js's array types (fetch_types) and waited
      // behind the holder; it runs now. The pooler stops only once the server has answered it: stopped before,
      // postgres.js reconnects for it, is refused, and that query's rejection has no handler in postgres.js
      // 3.4.9 (porsager/postgres#1192): an unhandled rejection that failed a fresh-clone run.
      await vi.waitFor(async () => expect(await sessionsOnServer(`query like '%typarray%' and state = 'idle'`)).toBeGreaterThan(0), { timeout: 20_000, interval: 100 });
    }
  });
});
