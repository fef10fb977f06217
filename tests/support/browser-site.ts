// Vitest globalSetup of the browser project: one site per vitest worker, each on its own database and
// DATA_DIR; a file runs against its worker's site (tests/browser/site.ts). The files share state inside a
// site (rate-limit buckets, consultants' calendars, the outbox), so two files may run together only when
// each has a site of its own. `npm test` runs two workers on two cores (tests/tools/test.mjs says why).
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

export interface BrowserSite {
  /** e.g. http://localhost:43123 */
  url: string;
  /** Its DATA_DIR: its mail is written under `${dataDir}/outbox` as .eml files. */
  dataDir: string;
  /** The database its functions write to. */
  databaseUrl: string;
  /** Its server process (pages and functions in one), e.g. for its memory. */
  pid: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One site per browser worker: worker N (VITEST_POOL_ID) uses browserSites[N - 1]. */
    browserSites: BrowserSite[];
  }
}

export default async function setup(project: TestProject) {
  const workers = Math.max(1, project.config.maxWorkers);
  const cluster = await startPostgresCluster();
  if (!cluster) throw new Error('the browser tests need PostgreSQL server binaries (apt-get install -y postgresql)');
  const cleanups: Array<() => unknown> = [() => cluster.stop()];
  const teardown = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    // allSettled, not all: when one site fails to start, the teardown below must wait for the others to
    // have started and registered their cleanup, or they outlive the run (one did, 2026-11-27).
    const started = await Promise.allSettled(
      Array.from({ length: workers }, async (_, index): Promise<BrowserSite> => {
        const database = await createTestDatabase(cluster.url);
        cleanups.push(() => database.drop());
        // LOCAL_CLIENT_IP_HEADER: each test browser is its own visitor (painel.fixtures.ts visitorHeaders).
        const site = await startSite({
          env: { DATABASE_URL: database.url, RATE_LIMITS: 'off', LOCAL_CLIENT_IP_HEADER: VISITOR_IP_HEADER },
          label: `site ${index + 1}`,
        });
        cleanups.push(() => site.stop());
        return { url: site.url, dataDir: site.dataDir, databaseUrl: database.url, pid: site.pid };
      }),
    );
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;
    const sites = started.map((result) => (result as PromiseFulfilledResult<BrowserSite>).value);
    project.provide('browserSites', sites);
    for (const site of sites) console.info(`[browser] site on ${site.url} over PostgreSQL, DATA_DIR=${site.dataDir}`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
