// An app (the real handlers' composition root) over the test cluster, as a function instance opens it.
import { createApp, openStore, type App, type Clock } from '../../../functions/lib/app';
import { readEnv } from '../../../functions/lib/env';
import type { MailSender } from '../../../functions/lib/mail/transport';
import { recordDelivered } from '../helpers';

export async function openPostgresApp(url: string, opts: { poolMax?: number; send?: MailSender; now?: Clock; env?: Record<string, string> } = {}): Promise<App> {
  const env = readEnv({ DATABASE_URL: url, DATABASE_POOL_MAX: String(opts.poolMax ?? 3), AVAILABILITY_CACHE_MS: '0', ...opts.env });
  const store = await openStore(env);
  if (store.kind !== 'postgres') throw new Error(`expected the PostgreSQL store, got ${store.kind}`);
  return createApp({ env, store, now: opts.now, send: opts.send ?? recordDelivered });
}
