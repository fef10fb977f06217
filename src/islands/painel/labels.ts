// pt-BR words of the console that are not shared with the endpoints (those are in domain/painel/copy.ts).
import type { MeetingRow, Outcome } from '../../domain/painel/api';
import { attendanceLabels, meetingStatusLabels, tabLabels } from '../../domain/painel/copy';
import { labelOf, serviceOptions } from '../../domain/options';

export const serviceLabel = (service: string) => labelOf(serviceOptions, service);

export function outcomeLabel(outcome: Outcome) {
  const qualified = outcome.qualified === true ? ' · qualificado' : outcome.qualified === false ? ' · não qualificado' : '';
  return attendanceLabels[outcome.attendance] + qualified;
}

type MeetingState = 'scheduled' | 'cancelled' | 'pending' | 'done';

/** Cancelled; with its latest outcome; started without one ('Sem desfecho'); or still ahead. */
export function meetingState(meeting: Pick<MeetingRow, 'status' | 'startsAt' | 'outcome'>, now = Date.now()): MeetingState {
  if (meeting.status === 'cancelled') return 'cancelled';
  if (meeting.outcome) return 'done';
  return new Date(meeting.startsAt).getTime() <= now ? 'pending' : 'scheduled';
}

export function meetingStateLabel(meeting: Pick<MeetingRow, 'status' | 'startsAt' | 'outcome'>) {
  const state = meetingState(meeting);
  if (state === 'done' && meeting.outcome) return outcomeLabel(meeting.outcome);
  return { ...meetingStatusLabels, pending: tabLabels['sem-desfecho'], done: '' }[state];
}

/** Badge colours, AA on their background. */
export const stateBadge: Record<MeetingState, string> = {
  scheduled: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-red-100 text-red-900',
  pending: 'bg-amber-100 text-amber-900',
  done: 'bg-slate-200 text-slate-800',
};

export const badge = 'inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold';

export const cancelledByLabels = { lead: 'pelo lead', consultant: 'pelo consultor' } as const;

export const mailRecipientLabels: Record<string, string> = { lead: 'para o lead', consultant: 'para o consultor', other: 'para a equipe' };
