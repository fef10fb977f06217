// Composition root: one store, one outbox and one clock per process, shared by every function.
import type { ServerEnv } from './env';
import { previewLogLine } from './deploy-context';
import { holidayChecker } from '../../src/domain/scheduling/holidays';
import { createIntegrations, type Integrations } from './integrations/deliver';
import { createOutbox, type Outbox } from './mail/outbox';
import { createSender, type MailSender } from './mail/transport';
import { withSchedules, type ScheduledStore } from './schedules';
import { StoreUnavailableError } from './store/errors';
import type { Store } from './store/port';
import { createReadCache, type ReadCache } from './store/read-cache';
import { createWhatsAppDrain, type WhatsAppDrain } from './whatsapp/drain';

export type Clock = () => Date;

export type App = {
  env: ServerEnv;
  /** The store with consultants' working hours and calendar feeds applied to busy times (lib/schedules.ts). */
  store: ScheduledStore<Store>;
  /** Availability's cached reads; bookings read the store directly. */
  reads: ReadCache;
  outbox: Outbox;
  /** RD Station conversions and signed webhooks, delivered by the outbox's drain. */
  integrations: Integrations;
  /** WhatsApp messages (Meta's Cloud API), sent by the outbox's third loop; idle without the settings. */
  whatsapp: WhatsAppDrain;
  now: Clock;
  isHoliday: (date: string) => boolean;
};

export function createApp(opts: { env: ServerEnv; store: Store; now?: Clock; send?: MailSender; fetch?: typeof fetch }): App {
  const now = opts.now ?? (() => new Date());
  const send = opts.send ?? createSender(opts.env);
  const store = withSchedules(opts.store, opts.env.scheduling, { now, alerts: { to: opts.env.contactEmail, siteUrl: opts.env.siteUrl } });
  const integrations = createIntegrations(store, opts.env.integrations, { now, contactEmail: opts.env.contactEmail, siteUrl: opts.env.siteUrl });
  const whatsapp = createWhatsAppDrain(store, opts.env, now, opts.fetch);
  return {
    env: opts.env,
    store,
    reads: createReadCache(store, opts.env.availabilityCacheMs, () => now().getTime()),
    outbox: createOutbox(store, send, now, integrations.drainDue, opts.env.whatsapp ? whatsapp.drainDue : undefined),
    integrations,
    whatsapp,
    now,
    isHoliday: holidayChecker(opts.env.scheduling.holidays),
  };
}

/**
 * DATABASE_URL → PostgreSQL through postgres.js (on Supabase: its transaction pooler); else the embedded
 * PGlite. One production path: Supabase's REST API is not used (docs/operations.md: Production).
 * The deployed functions do not carry PGlite (netlify.toml; docs/operations.md "Cold start"): there, no
 * database setting is a 503 naming the setting, never a database that vanishes with the instance.
 */
export async function openStore(env: ServerEnv): Promise<Store> {
  if (env.database) {
    const { openPostgresStore } = await import('./store/postgres');
    return openPostgresStore(env.database);
  }
  if (env.supabaseRestOnly) throw new StoreUnavailableError('supabase_rest_removed', "set DATABASE_URL to the Supabase transaction pooler's connection string (docs/operations.md: Production); SUPABASE_URL alone is no longer used");
  // A preview or branch deploy is always a Netlify deploy, whose functions have no embedded database.
  if (env.deploy.preview) throw new StoreUnavailableError('preview_database_missing', `no database for this preview (${env.deploy.context}): set PREVIEW_DATABASE_URL, scoped to this context (docs/operations.md: Deploy contexts)`);
  const { loadPglite, openPgliteStore } = await import('./store/pglite');
  await loadPglite().catch((error: { code?: string }) => {
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new StoreUnavailableError('database_url_missing', "set DATABASE_URL to the Supabase transaction pooler's connection string (docs/operations.md: Production); the deployed functions carry no embedded database");
  });
  return openPgliteStore(env.dataDir);
}

let shared: Promise<App> | null = null;

/**
 * The process-wide app, opened on first use; a failed open is retried on the next request.
 * env.ts is loaded here, by import(), not at the function's import: it reads content/site.yaml's contact
 * address through content-files.ts, whose check is the build's schema (src/schemas/site.ts, pages.ts: all of
 * classic zod and every page's schema built at load). In the one-file bundle (scripts/build/functions.mjs) an
 * import() is a module initialised when first called, so a cold instance pays for it on its first request,
 * not at import (docs/operations.md "Cold start": painel and meetings measured with and without).
 * A bad setting is a rejected promise, as a failed store open already was.
 */
export function getApp(): Promise<App> {
  if (!shared) {
    shared = import('./env').then(async ({ readEnv }) => {
      const env = readEnv();
      if (env.deploy.preview) console.warn(previewLogLine(env.deploy, env.database !== null));
      // The integrations' targets are set before the first request, so its events are queued or not by this
      // process's settings (a cold start after a new key or URL lifts a pause too).
      const store = await openStore(env);
      const app = createApp({ env, store });
      await app.integrations.configure();
      for (const name of env.whatsappProblems) console.error(`[whatsapp] ${name} is missing or not usable; WhatsApp stays off`);
      return app;
    });
    shared.catch(() => {
      shared = null;
    });
  }
  return shared;
}

/** Sends queued mail after the answer: waitUntil on Netlify, a background promise in a long-lived process. */
export function flushOutboxLater(app: App, context?: { waitUntil?: (p: Promise<unknown>) => void }): void {
  const drained = app.outbox.kick();
  if (typeof context?.waitUntil === 'function') context.waitUntil(drained);
}
