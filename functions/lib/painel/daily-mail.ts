// Every morning at 08:00 in Brasília the mentor (the contact address) gets one mail listing the meetings
// that ended without an outcome and the cancellations and moves leads made themselves in the last 24
// hours; none when there is nothing, and never two on one day (painel_daily_mail).
import { labelOf, serviceOptions } from '../../../src/domain/options';
import { pendingOutcomesMail } from '../../../src/domain/painel/copy';
import { openInPainel, painelUrl } from '../../../src/domain/painel/address';
import { wallClock } from '../../../src/lib/meeting-time';
import type { App } from '../app';
import { composeMail } from '../mail/layout';
import { sealMessage } from '../mail/secrets';
import { painelStore, type LeadChange } from './store';

/** 08:00 in Brasília is 11:00 UTC (no daylight saving time since 2019); Netlify schedules are in UTC. */
export const DAILY_MAIL_SCHEDULE = '0 11 * * *';
/** The mail lists at most this many (the oldest); the console lists them all under "Sem desfecho". */
const LISTED = 100;
const DAY_MS = 24 * 3600_000;

/** One day's changes by leads: a cancellation, or a move from → to, each opening the meeting. */
function changeItems(app: App, changes: LeadChange[]) {
  const when = (iso: string) => {
    const at = wallClock(new Date(iso));
    return `${at.date} ${at.time}`;
  };
  return changes.map((c) => ({
    text: c.kind === 'cancelled'
      ? `Cancelou: ${c.lead.name} (${c.lead.company}) · ${when(c.startsAt)} · ${c.consultant}`
      : `Reagendou: ${c.lead.name} (${c.lead.company}) · de ${when(c.from ?? c.startsAt)} para ${when(c.to ?? c.startsAt)} · ${c.consultant}`,
    link: { label: openInPainel, url: painelUrl(app.env.siteUrl, { kind: 'meeting', id: c.meetingId }) },
  }));
}

/**
 * Queues today's mail when there is something to say (meetings without an outcome, or changes leads made
 * themselves in the last 24 hours); true when a mail was queued.
 */
export async function queuePendingOutcomesMail(app: App): Promise<boolean> {
  const now = app.now();
  const painel = painelStore(app.store);
  const [pending, changes] = await Promise.all([painel.pendingOutcomes(now, LISTED), painel.leadChanges(new Date(now.getTime() - DAY_MS), now)]);
  if (pending.length === 0 && changes.length === 0) return false;
  // One line per meeting, each with its own link into the console (its history and the outcome form).
  const items = pending.map((m) => {
    const at = wallClock(new Date(m.startsAt));
    return {
      text: `${at.date} ${at.time} · ${m.lead.name} (${m.lead.company}) · ${labelOf(serviceOptions, m.service)} · ${m.consultant.name}`,
      link: { label: openInPainel, url: painelUrl(app.env.siteUrl, { kind: 'meeting', id: m.id }) },
    };
  });
  const subject = pending.length > 0 ? pendingOutcomesMail.subject(pending.length) : pendingOutcomesMail.changesSubject(changes.length);
  const message = composeMail({ to: app.env.contactEmail, subject }, {
    greeting: 'Bom dia!',
    blocks: [
      ...(pending.length > 0
        ? [
          { type: 'text' as const, text: pendingOutcomesMail.intro },
          { type: 'items' as const, items },
          // The console opens on its "Sem desfecho" tab.
          { type: 'buttons' as const, links: [{ label: pendingOutcomesMail.action, url: painelUrl(app.env.siteUrl, { kind: 'section', section: 'meetings', filters: { aba: 'sem-desfecho' } }) }] },
        ]
        : []),
      ...(changes.length > 0 ? [{ type: 'text' as const, text: pendingOutcomesMail.changesTitle }, { type: 'items' as const, items: changeItems(app, changes) }] : []),
    ],
    footer: { siteUrl: app.env.siteUrl, note: 'Você recebe este resumo porque é o mentor do site.' },
  });
  // meetingIds: never sent (the sender takes only the mail's fields); an erasure (LGPD) finds the mail by them.
  const meetingIds = [...new Set([...pending.map((m) => m.id), ...changes.map((c) => c.meetingId)])];
  const queued = await painel.queueDailyMail(wallClock(now).day, { ...sealMessage(message), meetingIds }, now);
  if (queued) void app.outbox.kick();
  return queued;
}
