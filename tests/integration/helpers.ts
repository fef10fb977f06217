// Shared setup for integration tests: a real PGlite in a temp DATA_DIR, the real handlers, real dates.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schedulingConfig } from '../../src/domain/scheduling/config';
import { createApp, type App, type Clock } from '../../functions/lib/app';
import { readEnv } from '../../functions/lib/env';
import { holidayChecker } from '../../src/domain/scheduling/holidays';
import { createSender, type MailSender } from '../../functions/lib/mail/transport';
import { pgliteStore } from '../../functions/lib/store/pglite';
import { acquire, release } from '../support/pglite-pool';
import type { ScheduledStore } from '../../functions/lib/schedules';
import type { MailContent, Store } from '../../functions/lib/store/port';
import { unsealMessage, type SealedContent } from '../../functions/lib/mail/secrets';
import { addDays, weekdayOf, zonedParts } from '../../src/domain/scheduling/time';
import { candidateSlots, freePresellers } from '../../src/domain/scheduling/slots';
import { POLICY_VERSION, validLead } from '../support/fixtures';

export { POLICY_VERSION, validLead };

export const PRESELLERS = {
  ana: '0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0001',
  bruno: '0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0002',
  carla: '0b6f3b1e-4d0c-4c61-9a51-0f6b0a1c0003',
} as const;

export type TestApp = App & { store: ScheduledStore<Store & { db: import('@electric-sql/pglite').PGlite }>; dataDir: string; close(): Promise<void> };

/** What the swallowing test sender was handed, by outbox id: the mail as it went out, links included. */
const delivered = new Map<string, MailContent>();
export const recordDelivered: MailSender = async (id, message) => {
  delivered.set(id, message);
};

/**
 * An outbox row as its reader got (or will get) it: stored bodies hold placeholders instead of manage
 * tokens (mail/secrets.ts), so a test that follows a link reads the delivered copy, or the row's secrets
 * while it waits. Select `id, message, secrets`.
 */
export function asDelivered<R extends { id: string; message: SealedContent; secrets?: string[] | null }>(row: R): Omit<R, 'message'> & { message: MailContent } {
  return { ...row, message: delivered.get(row.id) ?? unsealMessage({ ...row.message, secrets: row.secrets ?? undefined }) };
}

/** The template's dump, read once per worker (a Blob is immutable: every clone loads from the same one). */
let dump: Promise<Blob> | undefined;
const templateDump = () => (dump ??= readFile(inject('pgliteTemplateDump')).then((bytes) => new Blob([bytes])));

export async function openTestApp(opts: { env?: Record<string, string>; now?: Clock; send?: MailSender | 'real' } = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'mentor-test-'));
  // Availability cache off by default: tests write time off straight into the database.
  const env = readEnv({ DATA_DIR: dataDir, AVAILABILITY_CACHE_MS: '0', ...opts.env });
  // The run's migrated database in memory (tests/support/pglite-template.ts), as the template left it: the
  // worker's reset one or a new load (tests/support/pglite-pool.ts). DATA_DIR holds only the mail files.
  const lease = leased(await acquire(templateDump));
  const store = pgliteStore(lease.db);
  // Mail is swallowed unless a test asks for the real sender, so .eml files do not pile up.
  const send = opts.send === 'real' ? createSender(env) : (opts.send ?? recordDelivered);
  const app = createApp({ env, store, now: opts.now, send });
  return Object.assign(app, {
    // The app's store: the same PGlite with consultants' hours and calendars applied (lib/schedules.ts).
    store: app.store as ScheduledStore<typeof store>,
    dataDir,
    async close() {
      await app.outbox.idle();
      await lease.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  });
}

/**
 * The database as this app sees it: after `end` every call through it throws as on a closed database, so a
 * late write of an app that was closed never reaches the next user of the same (reset) database.
 */
function leased(db: PGlite): { db: PGlite; end(): Promise<void> } {
  let over = false;
  const proxy = new Proxy(db, {
    get(target, prop) {
      if (prop === 'close') return () => lease.end();
      if (prop === 'closed') return over || target.closed;
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        if (over) throw new Error('PGlite is closed');
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  const lease = {
    db: proxy,
    async end() {
      if (over) return;
      over = true;
      await release(db);
    },
  };
  return lease;
}

/** The n-th bookable weekday at least `minDaysAhead` days from real today in São Paulo. */
export function futureWorkday(minDaysAhead = 3, n = 0): string {
  const isHoliday = holidayChecker(schedulingConfig.holidays);
  let date = addDays(zonedParts(new Date(), schedulingConfig.timeZone).date, minDaysAhead);
  for (let found = -1; ; date = addDays(date, 1)) {
    if ((schedulingConfig.weekdays as readonly number[]).includes(weekdayOf(date)) && !isHoliday(date) && ++found === n) return date;
  }
}


/** A valid POST /api/leads body minus the idempotency key: the form values plus the consented policy version. */
export const validRequest = { ...validLead, privacyPolicyVersion: POLICY_VERSION };

export const key = () => `k-${crypto.randomUUID()}`;

/** A POST as the site's own pages send it from a browser (fetch metadata and language included). */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', 'accept-language': 'pt-BR,pt;q=0.9', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function get(path: string): Request {
  return new Request(`http://localhost${path}`);
}

/**
 * The times of a date when a consultant is free, read through the busy list availability routes on
 * (availability shows each time once, with the router's choice, so it cannot tell who else is free).
 */
export async function freeTimesOf(app: TestApp, date: string, presellerId: string): Promise<string[]> {
  const slots = candidateSlots(date, { config: app.env.scheduling, now: app.now(), isHoliday: app.isHoliday, weekly: await app.store.weeklyHours() });
  if (slots.length === 0) return [];
  const [busy, presellers] = await Promise.all([app.store.listBusy(slots[0].startsAt, slots[slots.length - 1].endsAt), app.store.listActivePresellers()]);
  return slots.filter((s) => freePresellers(s, presellers, busy).some((p) => p.id === presellerId)).map((s) => s.time);
}

export async function count(app: TestApp, table: string): Promise<number> {
  const { rows } = await app.store.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0].n;
}
