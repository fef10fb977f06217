// Vitest globalSetup: the embedded database migrated and seeded once per run, for the tests to clone.
// Opening a fresh PGlite and applying every migration took 3–4 s on an idle 2-core machine (14 s under
// load); copying this directory and opening it takes under a second (3 s under load), and the tests open
// about a hundred. Copies only: the migrations themselves stay tested from scratch
// (tests/integration/migrations.test.ts, the functions' own cold starts, `npm start`).
// Two forms: the directory (for what must open a database on disk: the CLIs, the lock) and its dump, which
// openTestApp loads into memory: 3 opens took 4.7-4.8 CPU-s from the dump against 6.9-7.7 as a copied
// directory (2026-11-29, a test run sharing the machine).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { oncePerRun } from './once-per-run';
import { openPgliteStore, pgliteExtensions } from '../../functions/lib/store/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded, closed PGlite data directory to copy (never to open in place). */
    pgliteTemplate: string;
    /** The same database as a PGlite dump file (`dumpDataDir`), to load into memory. */
    pgliteTemplateDump: string;
  }
}

export default oncePerRun('pglite-template', async (provide) => {
  const dir = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  const store = await openPgliteStore(dir);
  await store.close();
  provide('pgliteTemplate', join(dir, 'db'));
  const db = await PGlite.create(join(dir, 'db'), { extensions: await pgliteExtensions() });
  const dump = join(dir, 'template.tar');
  await writeFile(dump, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  provide('pgliteTemplateDump', dump);
  return () => rm(dir, { recursive: true, force: true });
});
