// The lead's answers matched a qualification rule without a meeting (content/roteamento.yaml): the wizard
// shows the rule's message and link (notices/NoMeetingPanel) instead of the calendar. What the server
// answered is all the wizard knows of the rules: it never reads them, so the route is whatever
// POST /api/leads decided with the file the functions run.
// Kept out of ../store.ts on purpose: that module is in the chunk /reuniao loads too, whose JS budget
// has almost nothing left; this one is only /orcamento's.
import { atom } from 'nanostores';
import type { LeadNoMeeting } from '../../domain/api';
import { $quote } from '../store';

/** The no-meeting answer on screen (a new object per answer, so a repeat moves focus again), or null. */
export const $noMeeting = atom<LeadNoMeeting | null>(null);

export function showNoMeeting(route: LeadNoMeeting): void {
  $noMeeting.set({ ...route });
}

// The notice is about the answers it was given for: another answer, another service or the service choice
// again (as chooseService and setField close the other notices) takes it away.
$quote.listen((quote, before) => {
  if ($noMeeting.get() && (quote.values !== before?.values || quote.service !== before?.service || quote.step === 0)) $noMeeting.set(null);
});
