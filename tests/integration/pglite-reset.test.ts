// The worker's reused database (tests/support/pglite-pool.ts) is, after a reset, the same database as a fresh
// load of the template: same catalog, same rows in every table, same sequences. A table the reset forgot, a
// sequence left advanced or a seed row lost shows up as a difference here.
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { loadPglite, migrate, pgliteExtensions } from '../../functions/lib/store/pglite';
import { currentSnapshot, databaseImage, resetDatabase } from '../support/pglite-pool';
import { futureWorkday, openTestApp, PRESELLERS, type TestApp } from './helpers';
import { lifecycle } from './lifecycle-helpers';

async function freshLoad(): Promise<PGlite> {
  const PGlite = await loadPglite();
  const db = await PGlite.create({ loadDataDir: new Blob([await readFile(inject('pgliteTemplateDump'))]), extensions: await pgliteExtensions() });
  await migrate(db);
  return db;
}

let template: string;
let app: TestApp;
const t = lifecycle(() => app);

beforeAll(async () => {
  const db = await freshLoad();
  template = await databaseImage(db);
  await db.close();
  app = await openTestApp();
});
afterAll(() => app.close());

describe('a reset of the worker database', () => {
  it('gives back the template: catalog, every row and every sequence', async () => {
    const db = app.store.db;
    // Real writes through the app: a lead, a booking, its tokens, its mail.
    await t.bookWithTokens('reset@example.com', futureWorkday(4), '10:00', PRESELLERS.ana);
    // Every table the template fills loses its rows, and every sequence moves on.
    await db.transaction(async (tx) => {
      await tx.exec('set local session_replication_role = replica');
      const snapshot = (await currentSnapshot())!;
      for (const { name, rows } of snapshot.tables) if (rows) await tx.exec(`delete from ${name}`);
      for (const { name } of snapshot.sequences) await tx.query(`select nextval($1::regclass)`, [name]);
    });
    await db.exec(`set timezone = 'Asia/Tokyo'`);
    const used = await databaseImage(db);
    expect(used).not.toBe(template);
    const dirty = (await currentSnapshot())!.tables.filter(({ name }) => used.includes(`${name} `) && !template.includes(used.split('\n').find((l) => l.startsWith(`${name} `))!));
    // Enough tables changed for the comparison to mean something (seeded ones emptied, the booking's filled).
    expect(dirty.length).toBeGreaterThan(8);

    await resetDatabase(db, (await currentSnapshot())!);
    expect(await databaseImage(db)).toBe(template);
    expect((await db.query<{ tz: string }>('show timezone')).rows[0].tz).not.toBe('Asia/Tokyo');
  });

  it('refuses a database whose schema changed, so it is loaded again instead', async () => {
    const db = app.store.db;
    await db.exec('alter table meetings add column stray int');
    await expect(resetDatabase(db, (await currentSnapshot())!)).rejects.toThrow('the schema changed');
    await db.exec('alter table meetings drop column stray');
    await resetDatabase(db, (await currentSnapshot())!);
    expect(await databaseImage(db)).toBe(template);
  });
});
