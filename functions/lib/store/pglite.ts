// Embedded Postgres (PGlite) adapter: the default when no database server is configured.
// One instance per process; it applies missing migrations and the idempotent seed when it opens.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SqlClient } from './client';
import { StoreUnavailableError } from './errors';
import { DataDirLockedError, lockDataDir } from './lock';
import { applyMigrations, applySeed } from './migrate';
import type { Store } from './port';
import { sqlStore } from './sql';

/**
 * The extensions the migrations create, as PGlite ships them: btree_gist (a consultant's meetings never
 * overlap) and pg_trgm (the console's "Buscar"). Every PGlite this project opens is opened with these.
 */
export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm };

export async function openPgliteStore(dataDir: string): Promise<Store & { db: PGlite; sql: SqlClient }> {
  let db: PGlite;
  const dir = join(dataDir, 'db');
  let unlock = () => {};
  try {
    await mkdir(dir, { recursive: true });
    unlock = lockDataDir(dir); // refused while another live process has this database open
    db = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS });
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
  const db = await PGlite.create({ loadDataDir: dump, extensions: PGLITE_EXTENSIONS });
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
