import { useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { createFetcherStore } from './availabilityQuery';
import { fetchMonthDays } from './schedulingApi';
import type { AvailabilityHint } from '../../../domain/api';

let openings = 0;

/**
 * Bookable days of the visible month. `null` while loading; on failure the calendar falls back to
 * the weekday rule and the day's own availability call decides (and reports errors). A month is
 * fetched once per opening of the dialog (its keys carry the opening), unless refreshed.
 */
export function useMonthDays(month: string, hint: AvailabilityHint) {
  const [opening] = useState(() => ++openings);
  const $days = useMemo(
    () => createFetcherStore<Set<string>>(`month:${opening}:${month}`, { fetcher: async () => new Set(await fetchMonthDays(month, hint)) }),
    [opening, month],
  );
  const { data, error } = useStore($days);
  return {
    days: error ? undefined : (data ?? null),
    /** After a 409 the month may have lost its last slot on that day. */
    refresh: () => $days.invalidate(),
  };
}
