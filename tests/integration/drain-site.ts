// The deployed entry points on a fresh embedded database in a temp DATA_DIR, sending mail to a server on
// loopback `port`: what the scheduled-drain tests run against.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';

/** Points the functions' environment at a temp DATA_DIR and smtp://127.0.0.1:`port`. Returns the undo (closes the app first). */
export async function stubDrainEnv(prefix: string, port: number): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  vi.stubEnv('DATA_DIR', dir);
  vi.stubEnv('DATABASE_URL', '');
  vi.stubEnv('SUPABASE_URL', '');
  vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`);
  return async () => {
    const { getApp } = await import('../../functions/lib/app');
    await (await getApp()).store.close();
    vi.unstubAllEnvs();
    await rm(dir, { recursive: true, force: true });
  };
}
