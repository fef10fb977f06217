import { useEffect, useRef, useState } from 'react';
import { fetchMonthDays } from './schedulingApi';

/**
 * Bookable days of the visible month. `null` while loading; on failure the calendar falls back to
 * the weekday rule and the day's own availability call decides (and reports errors).
 */
export function useMonthDays(month: string) {
  const cache = useRef(new Map<string, Set<string> | 'failed'>());
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (cache.current.has(month)) return;
    let live = true;
    fetchMonthDays(month)
      .then((days) => cache.current.set(month, new Set(days)))
      .catch(() => cache.current.set(month, 'failed'))
      .finally(() => live && setVersion((v) => v + 1));
    return () => {
      live = false;
    };
  }, [month, version]);

  const entry = cache.current.get(month);
  return {
    days: entry === 'failed' ? undefined : (entry ?? null),
    /** After a 409 the month may have lost its last slot on that day. */
    refresh: () => {
      cache.current.delete(month);
      setVersion((v) => v + 1);
    },
  };
}
