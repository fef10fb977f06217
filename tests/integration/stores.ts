// The same test on both stores the site runs on: the embedded PGlite and a real PostgreSQL server (the
// globalSetup's cluster, a fresh database per opening). Each opening gives the app and a raw SQL reader.
import postgres from 'postgres';
import type { App, Clock } from '../../functions/lib/app';
import type { MailSender } from '../../functions/lib/mail/transport';
import { createTestDatabase } from '../support/postgres-db';
import { openTestApp } from './helpers';
import { openPostgresApp } from './postgres/support';

export type Opened = { app: App; query<T>(sql: string, params?: unknown[]): Promise<T[]>; close(): Promise<void> };
export type OpenOptions = { now?: Clock; send?: MailSender; env?: Record<string, string> };
export type StoreCase = { name: string; open(opts?: OpenOptions): Promise<Opened> };

const pglite: StoreCase = {
  name: 'PGlite',
  async open(opts = {}) {
    const app = await openTestApp(opts);
    return {
      app,
      query: async <T>(sql: string, params: unknown[] = []) => (await app.store.db.query<T>(sql, params)).rows,
      close: () => app.close(),
    };
  },
};

function onServer(serverUrl: string): StoreCase {
  return {
    name: 'PostgreSQL',
    async open(opts = {}) {
      const db = await createTestDatabase(serverUrl);
      const app = await openPostgresApp(db.url, opts);
      const sql = postgres(db.url, { max: 1, onnotice: () => {} });
      return {
        app,
        query: async <T>(text: string, params: unknown[] = []) => (await sql.unsafe(text, params as never[])) as unknown as T[],
        async close() {
          await app.outbox.idle();
          await app.store.close();
          await sql.end({ timeout: 5 });
          await db.drop();
        },
      };
    },
  };
}

/** PGlite always; PostgreSQL when the globalSetup started a cluster. */
export function storeCases(serverUrl: string | null | undefined): StoreCase[] {
  return serverUrl ? [pglite, onServer(serverUrl)] : [pglite];
}
