// The e-mail instead of a WhatsApp message that failed (Meta's 'failed' status, or a send refused for
// good, such as a number without WhatsApp), once per message (whatsapp_fallback decides under a lock).
// Only reminders have one: the confirmation, move and cancel notices always go by e-mail too (they carry
// the calendar invite), so for them the e-mail has already gone.
import type { ServerEnv } from '../env';
import { reminderMail, timeLeftInWords } from '../mail/lifecycle-messages';
import { mailSettings } from '../mail/messages';
import { sealOutbox } from '../mail/secrets';
import { manageUrl, mintToken } from '../manage/tokens';
import { mailMeetingOf } from '../manage/view';
import type { Store } from '../store/port';

export type FailedMessage = { message_id: string; meeting_id: string | null; kind: string };

export async function fallBackToMail(store: Store, env: ServerEnv, now: Date, failed: FailedMessage): Promise<boolean> {
  const reminder = failed.kind === 'lembrete_24h' ? '24h' : failed.kind === 'lembrete_1h' ? '1h' : null;
  if (!reminder || !failed.meeting_id) return false;
  const meeting = await store.meetingDetails(failed.meeting_id);
  // A reminder after the start, or for a cancelled meeting, says nothing useful.
  if (!meeting || meeting.status !== 'scheduled' || meeting.startsAt.getTime() <= now.getTime()) return false;
  const { token, row } = mintToken('lead');
  const mail = reminderMail({
    meeting: mailMeetingOf(meeting), kind: reminder, inWords: timeLeftInWords(meeting.startsAt.getTime() - now.getTime()),
    link: manageUrl(env.siteUrl, token), ...mailSettings(env),
  });
  const [sealed] = sealOutbox([mail], { meetingId: meeting.id, leadId: meeting.lead.id });
  const answer = await store.call<{ queued: boolean }>('whatsapp_fallback', { message_id: failed.message_id, now: now.toISOString(), tokens: [row], mail: sealed });
  return answer.queued;
}
