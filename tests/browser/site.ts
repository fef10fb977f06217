// The site this browser test file runs against: its worker's own (tests/support/browser-site.ts), so files
// running at the same time never share a database, an outbox or a rate-limit bucket.
import { inject } from 'vitest';
import type { BrowserSite } from '../support/browser-site';

const sites = inject('browserSites');
const worker = Number(process.env.VITEST_POOL_ID ?? '1');
export const site: BrowserSite = sites[(worker - 1) % sites.length]!;
