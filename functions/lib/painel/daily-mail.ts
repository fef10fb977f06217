// Every morning at 08:00 in Brasília the mentor (the contact address) gets one mail: first "Precisa de
// você" (the lines Hoje shows, from the same needs-you.ts, each a link to its list), then yesterday's figures
// and today's meetings (as Hoje shows them, linking to it), the meetings that ended without an outcome,
// and the cancellations and moves leads made themselves in the last 24 hours; none when all of it is
// empty, and never two on one day (painel_daily_mail). Yesterday's figures are SQL painel_numbers' for
// that Brasília day, through the same call as Números and Hoje (handlers/numbers.ts): one definition.
import { labelOf, serviceOptions } from '../../../src/domain/options';
import type { MeetingRow } from '../../../src/domain/painel/api';
import { pendingOutcomesMail } from '../../../src/domain/painel/copy';
import { homePlace, openInPainel, painelUrl } from '../../../src/domain/painel/address';
import { figureLabels, formatCount, formatDay, type ConsultantCounts, type Funnel } from '../../../src/domain/painel/numbers';
import { addDays, zonedParts, zonedToUtc } from '../../../src/domain/scheduling/time';
import { wallClock } from '../../../src/lib/meeting-time';
import type { App } from '../app';
import { composeMail } from '../mail/layout';
import { sealMessage } from '../mail/secrets';
import { queryNumbers } from './handlers/numbers';
import { queryCampaignMoney } from './handlers/campaign-money';
import { campaignMoneyTotal, moneyLabels } from '../../../src/domain/painel/campaign-money';
import { formatBrl } from '../../../src/domain/money';
import { meetingsBetween } from './handlers/week';
import { painelStore, type LeadChange } from './store';
import { needsYou } from './needs-you';
import { needsYouCopy, needsYouLine, type NeedsYouItem } from '../../../src/domain/painel/needs-you';

/** 08:00 in Brasília is 11:00 UTC (no daylight saving time since 2019); Netlify schedules are in UTC. */
export const DAILY_MAIL_SCHEDULE = '0 11 * * *';
/** The mail lists at most this many (the oldest); the console lists them all under "Sem desfecho". */
const LISTED = 100;
const DAY_MS = 24 * 3600_000;

/** One day's changes by leads: a cancellation, or a move from → to, each opening the meeting. */
/** A meeting's line links to its place in the console (its history and the outcome form). */
const meetingLink = (app: App, id: string) => ({ label: openInPainel, url: painelUrl(app.env.siteUrl, { kind: 'meeting', id }) });

function changeItems(app: App, changes: LeadChange[]) {
  const when = (iso: string) => {
    const at = wallClock(new Date(iso));
    return `${at.date} ${at.time}`;
  };
  return changes.map((c) => ({
    text: c.kind === 'cancelled'
      ? `Cancelou: ${c.lead.name} (${c.lead.company}) · ${when(c.startsAt)} · ${c.consultant}`
      : `Reagendou: ${c.lead.name} (${c.lead.company}) · de ${when(c.from ?? c.startsAt)} para ${when(c.to ?? c.startsAt)} · ${c.consultant}`,
    link: meetingLink(app, c.meetingId),
  }));
}

/** What the morning mail says about yesterday and today: the figures of painel_numbers, and today's meetings. */
export type MorningSummary = {
  yesterday: string; today: string; funnel: Funnel; team: ConsultantCounts; meetings: MeetingRow[];
  /** Yesterday's negociações (Qual campanha paga's Total: proposals made, deals won and their revenue on the won date). */
  deals: { proposals: number; won: number; revenueCents: number };
};

/** Yesterday's figures for the whole team (Hoje's "Ontem") and today's scheduled meetings, in the order they start. */
export async function morningSummary(app: App, now: Date): Promise<MorningSummary> {
  const tz = app.env.scheduling.timeZone;
  const today = zonedParts(now, tz).date;
  const yesterday = addDays(today, -1);
  const mentor = mentorViewer(app);
  const [figures, day, money] = await Promise.all([
    queryNumbers(app.store, { period: { de: yesterday, ate: yesterday }, touch: 'first', parts: ['funnel', 'consultants'], now, timeZone: tz, preseller: null }),
    meetingsBetween(painelStore(app.store), mentor, { from: zonedToUtc(today, '00:00', tz), to: zonedToUtc(addDays(today, 1), '00:00', tz), now, cancelled: false, limit: LISTED }),
    queryCampaignMoney(app.store, { period: { de: yesterday, ate: yesterday }, touch: 'first', timeZone: tz, preseller: null }),
  ]);
  const { proposals, won, revenueCents } = campaignMoneyTotal(money);
  return { yesterday, today, funnel: figures.funnel, team: figures.team, meetings: day.meetings, deals: { proposals, won, revenueCents } };
}

const mentorViewer = (app: App) => ({ role: 'mentor' as const, email: app.env.contactEmail, name: null, preseller: null });

/** "Precisa de você" as Hoje words it, each line a link to its list in the console. */
function needsYouBlocks(app: App, items: NeedsYouItem[], now: Date) {
  if (items.length === 0) return [];
  const wall = (iso: string) => wallClock(new Date(iso));
  return [
    { type: 'text' as const, text: `${needsYouCopy.title}:` },
    {
      type: 'items' as const,
      items: items.map((item) => {
        const line = needsYouLine(item, now, wall);
        return { text: line.text, link: { label: needsYouCopy.open, url: painelUrl(app.env.siteUrl, line.place) } };
      }),
    },
  ];
}

const rows = (pairs: [string, number][]): [string, string][] => pairs.map(([label, n]) => [label, formatCount(n)]);

/** The summary's blocks: yesterday's leads (the funnel) and meetings (by their date), today's meetings, the link to Hoje. */
function summaryBlocks(app: App, s: MorningSummary) {
  const f = figureLabels;
  return [
    { type: 'rows' as const, title: pendingOutcomesMail.yesterdayLeads(formatDay(s.yesterday)), rows: rows([[f.leads, s.funnel.leads], [f.booked, s.funnel.booked], [f.attended, s.funnel.attended], [f.qualified, s.funnel.qualified]]) },
    { type: 'rows' as const, title: pendingOutcomesMail.yesterdayMeetings, rows: rows([[f.held, s.team.held], [f.noShows, s.team.noShows], [f.pending, s.team.pending]]) },
    ...(s.deals.proposals + s.deals.won > 0
      ? [{ type: 'rows' as const, title: pendingOutcomesMail.yesterdayDeals, rows: [...rows([[moneyLabels.proposals, s.deals.proposals], [moneyLabels.won, s.deals.won]]), [moneyLabels.revenue, formatBrl(s.deals.revenueCents)] as [string, string]] }]
      : []),
    { type: 'text' as const, text: pendingOutcomesMail.today(formatDay(s.today), s.meetings.length) },
    ...(s.meetings.length > 0
      ? [{ type: 'items' as const, items: s.meetings.map((m) => ({ text: `${wallClock(new Date(m.startsAt)).time} · ${m.lead.name} (${m.lead.company}) · ${m.consultant.name}`, link: meetingLink(app, m.id) })) }]
      : []),
    { type: 'buttons' as const, links: [{ label: pendingOutcomesMail.openToday, url: painelUrl(app.env.siteUrl, homePlace) }] },
  ];
}

/**
 * Queues today's mail when there is something to say (yesterday's leads or meetings, today's meetings,
 * meetings without an outcome, or changes leads made themselves in the last 24 hours); true when queued.
 */
export async function queuePendingOutcomesMail(app: App): Promise<boolean> {
  const now = app.now();
  const painel = painelStore(app.store);
  const [pending, changes, summary, needs] = await Promise.all([
    painel.pendingOutcomes(now, LISTED), painel.leadChanges(new Date(now.getTime() - DAY_MS), now), morningSummary(app, now),
    needsYou(app, mentorViewer(app), now),
  ]);
  const yesterdayQuiet = summary.funnel.leads === 0 && summary.team.held + summary.team.noShows + summary.team.pending === 0
    && summary.deals.proposals + summary.deals.won === 0;
  if (pending.length === 0 && changes.length === 0 && yesterdayQuiet && summary.meetings.length === 0 && needs.length === 0) return false;
  // One line per meeting, each with its own link into the console (its history and the outcome form).
  const items = pending.map((m) => {
    const at = wallClock(new Date(m.startsAt));
    return {
      text: `${at.date} ${at.time} · ${m.lead.name} (${m.lead.company}) · ${labelOf(serviceOptions, m.service)} · ${m.consultant.name}`,
      link: meetingLink(app, m.id),
    };
  });
  const subject = pending.length > 0 ? pendingOutcomesMail.subject(pending.length)
    : changes.length > 0 ? pendingOutcomesMail.changesSubject(changes.length)
      : pendingOutcomesMail.summarySubject(summary.funnel.leads, summary.meetings.length);
  const message = composeMail({ to: app.env.contactEmail, subject }, {
    greeting: 'Bom dia!',
    blocks: [
      ...needsYouBlocks(app, needs, now),
      ...summaryBlocks(app, summary),
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
  const meetingIds = [...new Set([...summary.meetings.map((m) => m.id), ...pending.map((m) => m.id), ...changes.map((c) => c.meetingId)])];
  const queued = await painel.queueDailyMail(wallClock(now).day, { ...sealMessage(message), meetingIds }, now);
  if (queued) void app.outbox.kick();
  return queued;
}
