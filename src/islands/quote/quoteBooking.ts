// The /orcamento use of the scheduling dialog: book the saved lead on the chosen slot.
import { trackSchedulingCompleted } from '../../lib/analytics';
import type { ToastCopy } from '../../schemas/orcamento';
import { $confirmation, $quote, notify, resetQuote, showUpcomingMeeting } from '../store';
import type { SlotSubmit } from './dialog/useBooking';
import { fill } from './format';

/** The diagnostic score sent with every booking is 75: the form has no diagnostic step yet. */
const DIAGNOSTIC_SCORE = 75;

export function quoteBooking(toasts: ToastCopy): SlotSubmit {
  return {
    async send(day, dateLabel, slot, idempotencyKey) {
      const { leadId, service } = $quote.get();
      if (!leadId || !service) return { kind: 'unknown', status: 0 };
      // The request code arrives with the dialog that calls this, never with the page (its JS budget).
      const { bookMeeting } = await import('./dialog/schedulingApi');
      const result = await bookMeeting({
        leadId,
        scheduledDate: day,
        scheduledTime: slot.time,
        presellerId: slot.presellerId,
        service,
        diagnosticScore: DIAGNOSTIC_SCORE,
        idempotencyKey,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      if (result.kind === 'done') {
        const consultant = result.value.preseller.name;
        notify('success', toasts.success.title, fill(toasts.success.description, { consultant, date: dateLabel, time: slot.time }));
        trackSchedulingCompleted(service, consultant);
        resetQuote();
        $confirmation.set(result.value);
      }
      return result;
    },
    upcoming() {
      showUpcomingMeeting();
    },
  };
}
