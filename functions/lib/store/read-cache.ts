// Short-lived cache for availability reads. The embedded database serves one query at a time, so under
// load availability queues behind itself; caching consultants and busy intervals for a couple of
// seconds (and sharing in-flight reads) keeps it fast. Booking never reads from here: the database
// constraint and a fresh read decide, and each booking made here clears the cache. A booking made by
// another instance can show as free for at most ttlMs; booking it then assigns someone else or 409s.
import type { Weekly } from '../../../src/domain/scheduling/hours';
import type { ScheduledStore } from '../schedules';
import type { Busy } from '../../../src/domain/scheduling/slots';
import type { Preseller, Store } from './port';

export type ReadCache = {
  presellers(): Promise<Preseller[]>;
  /** The union of the active consultants' weekly hours. */
  weekly(): Promise<Weekly>;
  busy(from: Date, to: Date): Promise<Busy[]>;
  /** A computed answer (e.g. a month's open days), kept under the same TTL and invalidation. */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
  invalidate(): void;
};

type Entry<T> = { at: number; value: Promise<T> };

export function createReadCache(store: ScheduledStore<Store>, ttlMs: number, clock: () => number = Date.now): ReadCache {
  let presellers: Entry<Preseller[]> | null = null;
  let weekly: Entry<Weekly> | null = null;
  const busy = new Map<string, Entry<Busy[]>>();
  const answers = new Map<string, Entry<unknown>>();

  function cached<T>(entry: Entry<T> | null | undefined, load: () => Promise<T>, save: (e: Entry<T> | null) => void): Promise<T> {
    if (ttlMs <= 0) return load();
    if (entry && clock() - entry.at < ttlMs) return entry.value;
    const fresh: Entry<T> = { at: clock(), value: load() };
    fresh.value.catch(() => save(null)); // never cache a failure
    save(fresh);
    return fresh.value;
  }

  return {
    presellers: () => cached(presellers, () => store.listActivePresellers(), (e) => (presellers = e)),
    weekly: () => cached(weekly, () => store.weeklyHours(), (e) => (weekly = e)),
    busy(from, to) {
      const key = `${from.getTime()}-${to.getTime()}`;
      if (busy.size > 500) busy.clear();
      return cached(busy.get(key), () => store.listBusy(from, to), (e) => (e ? busy.set(key, e) : busy.delete(key)));
    },
    memo<T>(key: string, compute: () => Promise<T>) {
      if (answers.size > 500) answers.clear();
      return cached(answers.get(key) as Entry<T> | undefined, compute, (e) => (e ? answers.set(key, e) : answers.delete(key)));
    },
    invalidate() {
      presellers = null;
      weekly = null;
      busy.clear();
      answers.clear();
    },
  };
}
