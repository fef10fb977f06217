// "Confirmar Agendamento": POST /api/meetings once per chosen slot, then the outcome's toast.
import { useCallback, useRef, useState } from 'react';
import type { AvailabilitySlot } from '../../../domain/api';
import { trackSchedulingCompleted } from '../../../lib/analytics';
import type { ToastCopy } from '../../../schemas/orcamento';
import { $quote, newKey, notify, resetQuote } from '../../store';
import { fill } from '../format';
import { bookMeeting } from './schedulingApi';

/** Spec §9: the diagnostic score sent is always 75. */
const DIAGNOSTIC_SCORE = 75;

interface Options {
  toasts: ToastCopy;
  /** Slot gone: refresh the list (same date) and the month's bookable days. */
  onTaken: () => void;
}

export function useBooking({ toasts, onTaken }: Options) {
  const [booking, setBooking] = useState(false);
  // A retry of the same slot (e.g. after a network error) reuses its key: never two meetings.
  const keys = useRef(new Map<string, string>());

  const confirm = useCallback(
    async (day: string, dateLabel: string, slot: AvailabilitySlot) => {
      const { leadId, service } = $quote.get();
      if (!leadId || !service) return;
      const slotKey = `${day}|${slot.time}|${slot.presellerId}`;
      const idempotencyKey = keys.current.get(slotKey) ?? newKey();
      keys.current.set(slotKey, idempotencyKey);

      setBooking(true);
      const result = await bookMeeting({
        leadId,
        scheduledDate: day,
        scheduledTime: slot.time,
        presellerId: slot.presellerId,
        service,
        diagnosticScore: DIAGNOSTIC_SCORE,
        idempotencyKey,
      });
      setBooking(false);

      switch (result.kind) {
        case 'booked':
          notify('success', toasts.success.title, fill(toasts.success.description, { consultant: result.presellerName, date: dateLabel, time: slot.time }));
          trackSchedulingCompleted(service, result.presellerName);
          resetQuote();
          return;
        case 'taken':
          // The server's message is already specific ('Este horário não está mais disponível…').
          notify('error', toasts.slotTaken.title, result.message ?? toasts.slotTaken.description);
          onTaken();
          return;
        case 'failed':
          notify('error', toasts.schedulingError.title, result.message ?? toasts.schedulingError.description);
          return;
        case 'unknown':
          notify('error', toasts.schedulingUnknown.title, toasts.schedulingUnknown.description);
      }
    },
    [toasts, onTaken],
  );

  return { booking, confirm };
}
