// Every morning at 08:00 in Brasília the mentor (the contact address) gets one mail listing the meetings
// that ended without an outcome; none when there are none, and never two on one day (painel_daily_mail).
import { labelOf, serviceOptions } from '../../../src/domain/options';
import { pendingOutcomesMail } from '../../../src/domain/painel/copy';
import { wallClock } from '../../../src/lib/meeting-time';
import type { App } from '../app';
import { composeMail } from '../mail/layout';
import { sealMessage } from '../mail/secrets';
import { painelStore } from './store';

/** 08:00 in Brasília is 11:00 UTC (no daylight saving time since 2019); Netlify schedules are in UTC. */
export const DAILY_MAIL_SCHEDULE = '0 11 * * *';
/** The mail lists at most this many (the oldest); the console lists them all under "Sem desfecho". */
const LISTED = 100;

/** Queues today's mail when there is something to say; true when a mail was queued. */
export async function queuePendingOutcomesMail(app: App): Promise<boolean> {
  const now = app.now();
  const painel = painelStore(app.store);
  const pending = await painel.pendingOutcomes(now, LISTED);
  if (pending.length === 0) return false;
  const rows = pending.map((m) => {
    const at = wallClock(new Date(m.startsAt));
    return [`${at.date} ${at.time}`, `${m.lead.name} (${m.lead.company}) · ${labelOf(serviceOptions, m.service)} · ${m.consultant.name}`] as const;
  });
  const message = composeMail({ to: app.env.contactEmail, subject: pendingOutcomesMail.subject(pending.length) }, {
    greeting: 'Bom dia!',
    blocks: [
      { type: 'text', text: pendingOutcomesMail.intro },
      { type: 'rows', rows },
      // The console opens on its "Sem desfecho" tab (MeetingsScreen reads the fragment).
      { type: 'buttons', links: [{ label: pendingOutcomesMail.action, url: `${app.env.siteUrl}/painel#sem-desfecho` }] },
    ],
    footer: { siteUrl: app.env.siteUrl, note: 'Você recebe este resumo porque é o mentor do site.' },
  });
  // meetingIds: never sent (the sender takes only the mail's fields); an erasure (LGPD) finds the mail by them.
  const queued = await painel.queueDailyMail(wallClock(now).day, { ...sealMessage(message), meetingIds: pending.map((m) => m.id) }, now);
  if (queued) void app.outbox.kick();
  return queued;
}
