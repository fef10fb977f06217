// Vitest globalSetup of the browser project: one site for every browser test file.
// The site runs as `npm start` runs it (tests/support/site-process.mjs), on a throwaway PostgreSQL cluster
// rather than the embedded database, because the embedded one lives inside the server's process and the
// tests also read what the functions stored; a real server lets both connect. (The Lighthouse gate runs
// the same server on the embedded database.) Rate limits are off: every test comes from one address,
// far above a visitor's pace; the file that tests the limits starts a second server on the same database.
import type { TestProject } from 'vitest/node';
import { createTestDatabase } from './postgres-db';
import { startPostgresCluster } from './postgres-server';
import { startSite } from './site-process.mjs';
import { VISITOR_IP_HEADER } from './visitor';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared site, e.g. http://localhost:43123. */
    siteUrl: string;
    /** The shared site's DATA_DIR: its mail is written under `${siteDataDir}/outbox` as .eml files. */
    siteDataDir: string;
    /** The database the shared site's functions write to. */
    siteDatabaseUrl: string;
    /** The shared site's server process (pages and functions in one), e.g. for its memory. */
    sitePid: number;
  }
}

export default async function setup({ provide }: TestProject) {
  const cluster = await startPostgresCluster();
  if (!cluster) throw new Error('the browser tests need PostgreSQL server binaries (apt-get install -y postgresql)');
  const cleanups: Array<() => unknown> = [() => cluster.stop()];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const database = await createTestDatabase(cluster.url);
    cleanups.push(() => database.drop());
    // LOCAL_CLIENT_IP_HEADER: each test browser is its own visitor (painel.fixtures.ts visitorHeaders).
    const site = await startSite({ env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', LOCAL_CLIENT_IP_HEADER: VISITOR_IP_HEADER } });
    cleanups.push(() => site.stop());
    provide('siteUrl', site.url);
    provide('siteDataDir', site.dataDir);
    provide('siteDatabaseUrl', database.url);
    provide('sitePid', site.pid);
    console.info(`[browser] site on ${site.url} over PostgreSQL, DATA_DIR=${site.dataDir}`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
