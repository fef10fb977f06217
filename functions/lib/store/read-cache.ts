// Short-lived cache for availability reads. The embedded database serves one query at a time, so under
// load availability queues behind itself; caching consultants and busy intervals for a couple of
// seconds (and sharing in-flight reads) keeps it fast. Booking never reads from here: the database
// constraint and a fresh read decide, and each booking made here clears the cache. A booking made by
// another instance can show as free for at most ttlMs; booking it then assigns someone else or 409s.
import { LRUCache } from 'lru-cache';
import type { Weekly } from '../../../src/domain/scheduling/hours';
import type { ScheduledStore, Team } from '../schedules';
import type { Busy } from '../../../src/domain/scheduling/slots';
import type { Preseller, Store } from './port';

export type ReadCache = {
  /** The active consultants with their hours (every other read here is made from it). */
  team(): Promise<Team>;
  presellers(): Promise<Preseller[]>;
  /** The union of the active consultants' weekly hours. */
  weekly(): Promise<Weekly>;
  busy(from: Date, to: Date): Promise<Busy[]>;
  /** A computed answer (e.g. a month's open days), kept under the same TTL and invalidation. */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  invalidate(): void;
  /**
   * The same reads for one request: each made at most once in it, even with the cache off (a ?month
   * request asked for the team four times: 13 queries, 9 with this). Dropped with the request.
   */
  forRequest(): ReadCache;
};

/** Distinct ranges and answers kept at once; the least recently used go first. */
const MAX_ENTRIES = 1000;

type Load = () => Promise<unknown>;

export function createReadCache(store: ScheduledStore<Store>, ttlMs: number, clock: () => number = Date.now): ReadCache {
  // fetch() shares a pending load between callers and deletes it when it rejects: a failure is never
  // cached. An entry counts as fresh until ttlMs have passed since its load settled.
  const cache =
    ttlMs > 0
      ? new LRUCache<string, NonNullable<unknown>, Load>({
          max: MAX_ENTRIES,
          ttl: ttlMs,
          // Read the clock at every check (no 1 ms memo), so an injected clock is obeyed at once.
          ttlResolution: 0,
          perf: { now: clock },
          fetchMethod: (_key, _stale, { context }) => context() as Promise<NonNullable<unknown>>,
          // invalidate() drops entries, but callers already waiting on a load still get its answer.
          ignoreFetchAbort: true,
        })
      : null;

  function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (!cache) return load();
    return cache.fetch(key, { context: load }) as Promise<T>;
  }

  function reads(get: typeof cached): ReadCache {
    const team = () => get('team', () => store.team());
    return {
      team,
      presellers: async () => (await team()).presellers,
      weekly: () => get('weekly', async () => store.weeklyHours(await team())),
      busy: (from, to) => get(`busy:${from.getTime()}-${to.getTime()}`, async () => store.listBusy(from, to, await team())),
      memo: (key, compute) => get(`memo:${key}`, compute),
      invalidate: () => cache?.clear(),
      forRequest() {
        const once = new Map<string, Promise<unknown>>();
        return reads(<T>(key: string, load: () => Promise<T>) => {
          if (!once.has(key)) once.set(key, cached(key, load));
          return once.get(key) as Promise<T>;
        });
      },
    };
  }
  return reads(cached);
}
