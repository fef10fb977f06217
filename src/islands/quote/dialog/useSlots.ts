import { useCallback, useEffect, useRef, useState } from 'react';
import type { AvailabilitySlot } from '../../../domain/api';
import type { ToastCopy } from '../../../schemas/orcamento';
import { notify } from '../../store';
import { fetchSlots } from './schedulingApi';

export type SlotsState = { status: 'idle' } | { status: 'loading' } | { status: 'ready'; slots: AvailabilitySlot[] } | { status: 'error' };

/** Free slots of the chosen day; a newer request always wins over a slower older one. */
export function useSlots(day: string | null, toasts: ToastCopy) {
  const [state, setState] = useState<SlotsState>({ status: 'idle' });
  const request = useRef(0);

  const load = useCallback(
    async (target: string) => {
      const id = ++request.current;
      setState({ status: 'loading' });
      try {
        const slots = await fetchSlots(target);
        if (id !== request.current) return;
        setState({ status: 'ready', slots });
        if (slots.length === 0) notify('error', toasts.noSlots.title, toasts.noSlots.description);
      } catch {
        if (id !== request.current) return;
        setState({ status: 'error' });
        notify('error', toasts.availabilityError.title, toasts.availabilityError.description);
      }
    },
    [toasts],
  );

  useEffect(() => {
    if (day) void load(day);
    else {
      request.current++;
      setState({ status: 'idle' });
    }
  }, [day, load]);

  return { state, reload: () => (day ? load(day) : Promise.resolve()) };
}
