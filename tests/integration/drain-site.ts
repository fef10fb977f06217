// The deployed entry points on an embedded database in a temp DATA_DIR, sending mail to a server on loopback
// `port`: what the scheduled-drain tests run against. The DATA_DIR holds a copy of the run's migrated database
// (cliDataDir), so the first getApp() applies nothing; opening a fresh one is serve-lifecycle.test.ts's.
import { rm } from 'node:fs/promises';
import { vi } from 'vitest';
import type { Budget } from '../../functions/lib/budget';
import { SMTP_TIMEOUTS_MS } from '../../functions/lib/mail/smtp-timeouts';
import { cliDataDir } from './consultants-process';

/**
 * The drain's clock divided by `scale`: a run's budget and the SMTP timeouts (SMTP_URL's own settings, which
 * the sender and the drain's worst case read) both shrink by the same factor, so every comparison the drain
 * makes (does a worst-case send still fit, how many greeting timeouts fit in the window) comes out as it does
 * with the production numbers, in a fifth of the waiting. The tests' mail server's delay is scaled by them.
 */
export const SCALE = 5;

/** `budget`'s windows (the production function's) divided by SCALE, starting now. */
export function scaledBudget(budget: (from: number) => Budget): Budget {
  const { workUntil, endBy } = budget(0);
  const now = performance.now();
  return { workUntil: now + workUntil / SCALE, endBy: now + endBy / SCALE };
}

/** The query that sets every SMTP timeout to its default divided by SCALE. */
export const scaledSmtpTimeouts = Object.entries(SMTP_TIMEOUTS_MS).map(([key, ms]) => `${key}=${ms / SCALE}`).join('&');

/** Points the functions' environment at a temp DATA_DIR and smtp://127.0.0.1:`port`?`query`. Returns the undo (closes the app first). */
export async function stubDrainEnv(prefix: string, port: number, query = scaledSmtpTimeouts): Promise<() => Promise<void>> {
  const dir = await cliDataDir(prefix);
  vi.stubEnv('DATA_DIR', dir);
  vi.stubEnv('DATABASE_URL', '');
  vi.stubEnv('SUPABASE_URL', '');
  vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}?${query}`);
  return async () => {
    const { getApp } = await import('../../functions/lib/app');
    await (await getApp()).store.close();
    vi.unstubAllEnvs();
    await rm(dir, { recursive: true, force: true });
  };
}
