// Embedded Postgres (PGlite) adapter: the default when no database server is configured.
// One instance per process; it applies missing migrations and the idempotent seed when it opens.
//
// PGlite itself is imported only here and only by `import()` (types aside): Netlify's bundler inlines this
// module into each function and would hoist a static import of the package to the bundle's top, so every
// cold start would load it, and the zip could not leave it out. netlify.toml excludes the package from the
// deployed functions, where production opens PostgreSQL (app.ts: a missing package answers 503 naming
// DATABASE_URL); `npm start`, the ops commands and the tests have it from node_modules.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Extensions, PGlite, Transaction } from '@electric-sql/pglite';
import type { SqlClient } from './client';
import { StoreUnavailableError } from './errors';
import { DataDirLockedError, lockDataDir } from './lock';
import { applyMigrations, applySeed } from './migrate';
import type { Store } from './port';
import { sqlStore } from './sql';

/** PGlite's class, loaded on first use (above: why not a static import). */
export async function loadPglite(): Promise<typeof PGlite> {
  return (await import('@electric-sql/pglite')).PGlite;
}

/**
 * The extensions the migrations create, as PGlite ships them: btree_gist (a consultant's meetings never
 * overlap) and pg_trgm (the console's "Buscar"). Every PGlite this project opens is opened with these.
 */
export async function pgliteExtensions(): Promise<Extensions> {
  const [{ btree_gist }, { pg_trgm }] = await Promise.all([import('@electric-sql/pglite/contrib/btree_gist'), import('@electric-sql/pglite/contrib/pg_trgm')]);
  return { btree_gist, pg_trgm };
}

export async function openPgliteStore(dataDir: string): Promise<Store & { db: PGlite; sql: SqlClient }> {
  let db: PGlite;
  const dir = join(dataDir, 'db');
  let unlock = () => {};
  try {
    await mkdir(dir, { recursive: true });
    unlock = lockDataDir(dir); // refused while another live process has this database open
    const PGlite = await loadPglite();
    db = await PGlite.create(dir, { extensions: await pgliteExtensions() });
    await migrate(db);
  } catch (error) {
    unlock();
    if (error instanceof DataDirLockedError) throw error;
    throw new StoreUnavailableError(`pglite_open:${(error as { code?: string })?.code ?? 'failed'}`);
  }
  const store = pgliteStore(db);
  const close = store.close;
  return Object.assign(store, { close: () => close().finally(unlock) });
}

/**
 * An embedded database held in memory, started from a dump of a data directory (PGlite's `dumpDataDir`):
 * the tests' clones of one migrated template. Nothing is written to disk and no lock is taken; the migrations
 * and the seed run as on any open (a migrated dump applies nothing).
 */
export async function openPgliteMemoryStore(dump: Blob): Promise<Store & { db: PGlite; sql: SqlClient }> {
  const PGlite = await loadPglite();
  const db = await PGlite.create({ loadDataDir: dump, extensions: await pgliteExtensions() });
  await migrate(db);
  return pgliteStore(db);
}

/** Migrations, then the seed. Also used by tests on an in-memory PGlite. */
export async function migrate(db: PGlite): Promise<void> {
  const client = pgliteClient(db);
  await applyMigrations(client);
  await applySeed(client);
}

export function pgliteClient(db: PGlite | Transaction): SqlClient {
  return {
    async query<T>(sql: string, params: unknown[] = []) {
      return (await db.query<T>(sql, params)).rows;
    },
    async exec(sql) {
      await db.exec(sql);
    },
    async transaction(fn) {
      if (!('transaction' in db)) throw new Error('nested transactions are not used');
      return db.transaction((tx) => fn(pgliteClient(tx)));
    },
    async close() {
      if ('close' in db) await db.close();
    },
  };
}

export function pgliteStore(db: PGlite): Store & { db: PGlite; sql: SqlClient } {
  return Object.assign(sqlStore('pglite', pgliteClient(db)), { db });
}
