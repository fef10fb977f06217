// Reminders to the lead before a meeting, queued through the outbox by functions/reminders.ts.
// Rule: one 24 h and one 1 h before the start, each only if the time was chosen before that moment;
// never twice (a marker per meeting, kind and start time, written with the mail in one transaction),
// never for a cancelled meeting, and again for the new time when the meeting moves.
import type { App } from './app';
import { scheduledBudget, workLeft, type Budget } from './budget';
import { reminderMail, timeLeftInWords } from './mail/lifecycle-messages';
import { mailSettings } from './mail/messages';
import { manageUrl, mintToken } from './manage/tokens';
import { mailMeetingOf } from './manage/view';
import type { ReminderKind } from './store/port';
import { whatsappMessage, whatsappRecipient } from './whatsapp/messages';

/**
 * Each reminder is due from `minutes` before the start until `untilMinutes` before it. A 24 h reminder
 * whose run comes later than 3 h before the start is skipped: the 1 h one follows, and two reminders
 * minutes apart say nothing new.
 */
export const REMINDERS: ReminderKind[] = [
  { kind: '24h', minutes: 24 * 60, untilMinutes: 3 * 60 },
  { kind: '1h', minutes: 60, untilMinutes: 0 },
];

const BATCH = 50;

/**
 * Queues the reminders due now while the budget lasts (the rest next run: each is due for hours); returns
 * how many were queued, and sends them within the same budget.
 */
export async function queueDueReminders(app: App, budget: Budget = scheduledBudget()): Promise<number> {
  const { store, env } = app;
  let queued = 0;
  while (workLeft(budget) > 0) {
    const now = app.now();
    const due = await store.dueReminders(now, REMINDERS, BATCH);
    for (const reminder of due) {
      if (workLeft(budget) <= 0) break;
      const meeting = await store.meetingDetails(reminder.meetingId);
      const kind = REMINDERS.find((k) => k.kind === reminder.kind);
      if (!meeting || !kind) continue;
      // A lead in the WhatsApp group gets it there instead (its e-mail only if WhatsApp fails:
      // whatsapp/fallback.ts); the held-out and the rest by e-mail.
      const whatsappTo = await whatsappRecipient(app, meeting.lead.id);
      const whatsapp = whatsappTo
        ? await whatsappMessage(app, { kind: kind.kind === '24h' ? 'lembrete_24h' : 'lembrete_1h', meeting: mailMeetingOf(meeting), to: whatsappTo })
        : null;
      // Only hashes are stored, so each reminder carries a freshly minted lead link.
      const { token, row } = whatsapp ? { token: '', row: whatsapp.token } : mintToken('lead');
      const message = whatsapp?.message ?? reminderMail({
        meeting: mailMeetingOf(meeting), kind: kind.kind, inWords: timeLeftInWords(reminder.startsAt.getTime() - now.getTime()), link: manageUrl(env.siteUrl, token),
        ...mailSettings(env),
      });
      // The database re-checks under the meeting's row lock that it is still scheduled at this time.
      if (await store.queueReminder({ meetingId: meeting.id, kind: kind.kind, startsAt: reminder.startsAt, now, tokens: [row] }, [message])) queued++;
    }
    if (due.length < BATCH) break;
  }
  if (queued > 0) await app.outbox.kick(budget);
  return queued;
}
