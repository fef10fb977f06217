// Vitest globalSetup: the embedded database migrated and seeded once per run, for openTestApp to copy.
// Opening a fresh PGlite and applying every migration took 3–4 s on an idle 2-core machine (14 s under
// load); copying this directory and opening it takes under a second (3 s under load), and the tests open
// about a hundred. Copies only: the migrations themselves stay tested from scratch
// (tests/integration/migrations.test.ts, the functions' own cold starts, `npm start`).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openPgliteStore } from '../../functions/lib/store/pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded, closed PGlite data directory to copy (never to open in place). */
    pgliteTemplate: string;
  }
}

export default async function setup({ provide }: TestProject) {
  const dir = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  const store = await openPgliteStore(dir);
  await store.close();
  provide('pgliteTemplate', join(dir, 'db'));
  return () => rm(dir, { recursive: true, force: true });
}
