// The site this browser test file runs against: its worker's own (tests/support/browser-site.ts), so files
// running at the same time never share a database, an outbox or a rate-limit bucket.
import { inject } from 'vitest';
import type { BrowserSite } from '../support/browser-site';

const sites = inject('browserSites');
const worker = Number(process.env.VITEST_POOL_ID ?? '1');
export const site: BrowserSite = sites[(worker - 1) % sites.length]!;

/**
 * The environment of a second server on this worker's database: it writes its mail into the same folder.
 * Any server on a database may send that database's mail (each one's minute drain claims whatever is due),
 * so a mail a test waits for can be sent by the worker's site instead of the one that queued it.
 */
export const onWorkerDatabase = (env: Record<string, string> = {}): Record<string, string> =>
  ({ DATABASE_URL: site.databaseUrl, DATA_DIR: site.dataDir, ...env });
