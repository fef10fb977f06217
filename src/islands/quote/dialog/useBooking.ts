// "Confirmar Agendamento": sends the chosen slot once per slot (a booking or a reschedule, decided by
// the caller's `send`), then the failure toasts every caller shares.
import { useCallback, useRef, useState } from 'react';
import type { AvailabilitySlot } from '../../../domain/api';
import type { ToastCopy } from '../../../schemas/orcamento';
import { manageMessages } from '../../../domain/manage';
import { newKey, notify } from '../../store';
import type { PostResult } from './schedulingApi';

/** What the dialog's confirm button does with the chosen slot. */
export interface SlotSubmit {
  /**
   * Sends the slot with `idempotencyKey` (the same for a retry of the same slot, so never two
   * meetings) and, on success, shows its own confirmation and closes the dialog.
   */
  send: (day: string, dateLabel: string, slot: AvailabilitySlot, idempotencyKey: string) => Promise<PostResult<unknown>>;
  /** After any failure, once its toast is raised (e.g. the manage page re-reads the meeting). */
  failed?: () => void;
  /**
   * The 409 that says this person already holds an upcoming meeting: another slot would be refused the
   * same way, so the caller leaves the calendar (the wizard shows its "already booked" notice).
   */
  upcoming?: () => void;
}

interface Options {
  toasts: ToastCopy;
  submit: SlotSubmit;
  /** Slot gone: refresh the list (same date) and the month's bookable days. */
  onTaken: () => void;
}

export function useBooking({ toasts, submit, onTaken }: Options) {
  const [booking, setBooking] = useState(false);
  const keys = useRef(new Map<string, string>());

  const confirm = useCallback(
    async (day: string, dateLabel: string, slot: AvailabilitySlot) => {
      const slotKey = `${day}|${slot.time}|${slot.presellerId}`;
      const idempotencyKey = keys.current.get(slotKey) ?? newKey();
      keys.current.set(slotKey, idempotencyKey);

      setBooking(true);
      const result = await submit.send(day, dateLabel, slot, idempotencyKey);
      setBooking(false);

      switch (result.kind) {
        case 'done':
          return;
        case 'taken':
          if (submit.upcoming && (result.message === manageMessages.upcoming || result.message === manageMessages.upcomingRecentlySent)) {
            submit.upcoming();
            return;
          }
          // The server's message is already specific ('Este horário não está mais disponível…').
          notify('error', toasts.slotTaken.title, result.message ?? toasts.slotTaken.description);
          onTaken();
          break;
        case 'failed':
          // No answer at all: say the connection dropped and that nothing was reserved.
          if (result.status === 0 || !navigator.onLine) notify('error', toasts.offline.title, toasts.offline.description);
          else notify('error', toasts.schedulingError.title, result.message ?? toasts.schedulingError.description);
          break;
        case 'unconfirmed':
          // Not a failure to retry elsewhere: the slot may be this person's. The same slot keeps its key.
          notify('error', toasts.schedulingUnconfirmed.title, result.message ?? toasts.schedulingUnconfirmed.description);
          break;
        case 'unknown':
          notify('error', toasts.schedulingUnknown.title, toasts.schedulingUnknown.description);
      }
      submit.failed?.();
    },
    [toasts, submit, onTaken],
  );

  return { booking, confirm };
}
