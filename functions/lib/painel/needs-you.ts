// "Precisa de você", computed once for Hoje's handler and the morning mail: the viewer's part of what needs
// someone now (src/domain/painel/needs-you.ts words it). A consultant sees their own meetings without an
// outcome, their own meetings they cannot hold and their own calendar; integrations and rules are the mentor's.
import { needsAttention, integrationState } from '../../../src/domain/painel/integration-status';
import { CALENDAR_STALE_MS, HELD_LEADS_DAYS, type NeedsYouItem } from '../../../src/domain/painel/needs-you';
import { addDays, zonedParts, zonedToUtc } from '../../../src/domain/scheduling/time';
import type { App } from '../app';
import { integrationHealth } from './handlers/integrations-screen';
import { orphanedMeetings, type OrphanedMeeting } from './orphaned-meetings';
import { painelStore, type Viewer } from './store';

type Counts = { pending: { count: number; oldest: string | null }; held: { rule: string; count: number }[] };

export async function needsYou(app: App, viewer: Viewer, now: Date): Promise<NeedsYouItem[]> {
  const mentor = viewer.role === 'mentor';
  const presellerId = mentor ? null : viewer.preseller;
  const tz = app.env.scheduling.timeZone;
  const heldSince = addDays(zonedParts(now, tz).date, -HELD_LEADS_DAYS);
  const [counts, orphans, health, stale, team] = await Promise.all([
    app.store.call<Counts>('painel_needs_you', { now: now.toISOString(), preseller: presellerId, held_since: zonedToUtc(heldSince, '00:00', tz).toISOString() }),
    orphanedMeetings(app.store, { now, presellerId }),
    mentor ? integrationHealth(app.store) : [],
    app.store.staleCalendarFeeds(new Date(now.getTime() - CALENDAR_STALE_MS)),
    painelStore(app.store).consultants(viewer),
  ]);
  const items: NeedsYouItem[] = [];
  const pending = Number(counts.pending.count);
  if (pending > 0 && counts.pending.oldest) items.push({ kind: 'pending', count: pending, oldest: counts.pending.oldest });
  for (const h of health) if (needsAttention(integrationState(h, now))) items.push({ kind: 'integration', health: h });
  items.push(...orphanedItems(orphans));
  for (const h of counts.held) items.push({ kind: 'held', rule: h.rule, count: Number(h.count), since: heldSince });
  const name = (id: string) => team.find((c) => c.id === id)?.name;
  for (const feed of stale) {
    const consultantName = name(feed.presellerId);
    // painel_consultants is the viewer's scope: a consultant's list holds only themself.
    if (consultantName && (mentor || feed.presellerId === presellerId)) {
      items.push({ kind: 'calendar', consultantId: feed.presellerId, consultantName, since: feed.since.toISOString() });
    }
  }
  return items;
}

/** One line per consultant and reason: how many, the first and the last. */
function orphanedItems(rows: OrphanedMeeting[]): NeedsYouItem[] {
  const groups = new Map<string, Extract<NeedsYouItem, { kind: 'orphaned' }>>();
  for (const m of rows) {
    const key = `${m.reason}:${m.consultantId}`;
    const group = groups.get(key);
    if (group) {
      group.count += 1;
      group.last = m.startsAt;
    } else {
      groups.set(key, { kind: 'orphaned', reason: m.reason, consultantId: m.consultantId, consultantName: m.consultantName, count: 1, first: m.startsAt, last: m.startsAt });
    }
  }
  return [...groups.values()];
}
