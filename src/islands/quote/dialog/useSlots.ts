import { useEffect, useMemo } from 'react';
import { atom } from 'nanostores';
import { useStore } from '@nanostores/react';
import type { FetcherValue } from '@nanostores/query';
import type { AvailabilityHint, AvailabilitySlot } from '../../../domain/api';
import type { ToastCopy } from '../../../schemas/orcamento';
import { notify } from '../../store';
import { createFetcherStore } from './availabilityQuery';
import { fetchSlots } from './schedulingApi';

export type SlotsState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; slots: AvailabilitySlot[] } | { status: 'error' };

const noDay = atom<FetcherValue<AvailabilitySlot[]>>({ loading: false });
let choices = 0;

/**
 * Free slots of the chosen day. Each choice of a day has a key (and store) of its own: choosing it
 * again fetches afresh, and a slower answer to an earlier choice lands in a store nothing shows.
 */
export function useSlots(day: string | null, toasts: ToastCopy, hint: AvailabilityHint) {
  const $slots = useMemo(() => (day ? createFetcherStore<AvailabilitySlot[]>(`slots:${++choices}:${day}`, { fetcher: () => fetchSlots(day, hint) }) : null), [day]);
  const value = useStore($slots ?? noDay);

  // One toast per answer: each settled load is a new value.
  useEffect(() => {
    if (!$slots || value.loading) return;
    if (value.error) notify('error', toasts.availabilityError.title, toasts.availabilityError.description);
    else if (value.data?.length === 0) notify('error', toasts.noSlots.title, toasts.noSlots.description);
  }, [$slots, value, toasts]);

  const state = useMemo<SlotsState>(() => {
    if (!$slots) return { status: 'idle' };
    if (value.error) return { status: 'error' };
    return value.loading || !value.data ? { status: 'loading' } : { status: 'ready', slots: value.data };
  }, [$slots, value]);

  return { state, reload: () => $slots?.invalidate() };
}
