// A consultant's iCalendar feed → busy blocks (start and end only). Parsing and recurrence expansion are
// node-ical's (RRULE, EXDATE, RECURRENCE-ID overrides, TZID/UTC/floating times); this module only decides
// what blocks: every event that is not TRANSP:TRANSPARENT and not STATUS:CANCELLED. An all-day event
// blocks its whole local day(s) in the scheduling time zone.
import type { EventInstance, VEvent } from 'node-ical';
import type { BusyBlock } from '../store/port';
import { addDays, zonedToUtc } from '../../../src/domain/scheduling/time';

export class FeedParseError extends Error {
  readonly code = 'calendar_parse';
}

/** More busy blocks than this in the booking window is not a person's calendar (and would be stored whole). */
export const MAX_FEED_BLOCKS = 10_000;

/** The local calendar date node-ical gave a date-only value (it builds those at local midnight). */
function dateOnlyOf(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function blocksOf(instance: EventInstance, timeZone: string): BusyBlock | null {
  const event = instance.event;
  if (event.transparency === 'TRANSPARENT' || event.status === 'CANCELLED') return null;
  if (instance.isFullDay) {
    const first = dateOnlyOf(instance.start);
    // DTEND of an all-day event is exclusive; without one it lasts one day.
    const end = instance.end && dateOnlyOf(instance.end) > first ? dateOnlyOf(instance.end) : addDays(first, 1);
    return { startsAt: zonedToUtc(first, '00:00', timeZone), endsAt: zonedToUtc(end, '00:00', timeZone) };
  }
  const startsAt = new Date(instance.start.getTime());
  const endsAt = new Date((instance.end ?? instance.start).getTime());
  return endsAt > startsAt ? { startsAt, endsAt } : null;
}

/**
 * Busy blocks of the feed overlapping [from, to], sorted, overlaps left as they are. A feed that cannot
 * be read whole is an error, never an empty calendar (the caller keeps the last blocks): no
 * END:VCALENDAR (cut short), events written but none read, an event without a start, or one whose recurrence cannot be
 * expanded (node-ical's expansion stops at 10,000 iterations). Silently dropping one busy event would
 * offer its time to a lead.
 */
export async function feedBlocks(text: string, window: { from: Date; to: Date }, timeZone: string): Promise<BusyBlock[]> {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedParseError('not an iCalendar feed');
  if (!/END:VCALENDAR\s*$/i.test(text)) throw new FeedParseError('iCalendar feed cut short');
  // Loaded on first use: every function imports this module, and only a calendar sync needs the parser
  // (~0.1 s of a cold start otherwise).
  const { default: ical } = await import('node-ical');
  let parsed: ReturnType<typeof ical.sync.parseICS>;
  try {
    parsed = ical.sync.parseICS(text);
  } catch {
    throw new FeedParseError('unreadable iCalendar feed');
  }
  const written = text.match(/^BEGIN:VEVENT\s*$/gim)?.length ?? 0;
  if (written > 0 && !Object.values(parsed).some((c) => c?.type === 'VEVENT')) throw new FeedParseError('no readable event');
  const out: BusyBlock[] = [];
  for (const component of Object.values(parsed)) {
    if (!component || component.type !== 'VEVENT') continue;
    const event = component as VEvent;
    // Overrides are applied through their master event; an orphan override (no master) stands alone.
    if (event.recurrenceid && !event.rrule && parsedHasMaster(parsed, event)) continue;
    if (!(event.start instanceof Date) || Number.isNaN(event.start.getTime())) throw new FeedParseError('event without a start');
    let instances: EventInstance[];
    try {
      instances = ical.expandRecurringEvent(event, { from: window.from, to: window.to, expandOngoing: true });
    } catch {
      throw new FeedParseError('event recurrence cannot be expanded');
    }
    if (out.length + instances.length > MAX_FEED_BLOCKS) throw new FeedParseError('too many events in the booking window');
    for (const instance of instances) {
      const block = blocksOf(instance, timeZone);
      if (block && block.startsAt <= window.to && block.endsAt >= window.from) out.push(block);
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

function parsedHasMaster(parsed: Record<string, unknown>, event: VEvent): boolean {
  const master = parsed[event.uid] as VEvent | undefined;
  return Boolean(master && master !== event && master.rrule);
}
