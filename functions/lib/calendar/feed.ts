// A consultant's iCalendar feed → busy blocks (start and end only). Parsing and recurrence expansion are
// node-ical's (RRULE, EXDATE, RECURRENCE-ID overrides, TZID/UTC/floating times), run in a worker within a
// time budget after a count of the events written (parse-worker.ts); this module decides what blocks: every
// event that is not TRANSP:TRANSPARENT and not STATUS:CANCELLED. An all-day event blocks its whole local
// day(s) in the scheduling time zone.
import type { BusyBlock } from '../store/port';
import { addDays, zonedToUtc } from '../../../src/domain/scheduling/time';
import { countEvents, parseInWorker, type Occurrence } from './parse-worker';

export class FeedParseError extends Error {
  readonly code: string = 'calendar_parse';
}

/**
 * A feed that costs more than a read may (more than MAX_FEED_EVENTS events written, more than MAX_FEED_BLOCKS
 * busy times in the booking window, or a parse past FEED_PARSE_BUDGET_MS): refused at save as "grande demais:
 * N eventos", failed at sync with this code.
 */
export class FeedTooBigError extends FeedParseError {
  override readonly code = 'calendar_too_many_events';
  constructor(readonly events: number) {
    super('calendar too big to read');
  }
}

/** More busy blocks than this in the booking window is not a person's calendar (and would be stored whole). */
export const MAX_FEED_BLOCKS = 10_000;
/**
 * More events written than this is refused before any parse, by a plain count: the same answer on every
 * machine, where the parse budget is a timer a fast or idle host outruns. Measured: 12,000 timed events cost
 * node-ical 3.3 s of CPU on an idle 2-core host (parse and expansion), so past 15,000 the budget would refuse
 * most reads anyway, after spending it. A real calendar's events take 400-800 bytes each (UID, DTSTAMP,
 * CREATED, SUMMARY, DESCRIPTION…): the 5 MB byte cap already holds those under this count.
 */
export const MAX_FEED_EVENTS = 15_000;

function blockOf(o: Occurrence, timeZone: string): BusyBlock | null {
  if (o.fullDay) {
    // DTEND of an all-day event is exclusive; without one it lasts one day.
    const end = o.endDay && o.endDay > o.firstDay ? o.endDay : addDays(o.firstDay, 1);
    return { startsAt: zonedToUtc(o.firstDay, '00:00', timeZone), endsAt: zonedToUtc(end, '00:00', timeZone) };
  }
  const startsAt = new Date(o.start);
  const endsAt = new Date(o.end ?? o.start);
  return endsAt > startsAt ? { startsAt, endsAt } : null;
}

/**
 * Busy blocks of the feed overlapping [from, to], sorted, overlaps left as they are. A feed that cannot
 * be read whole is an error, never an empty calendar (the caller keeps the last blocks): no
 * END:VCALENDAR (cut short), events written but none read, an event without a start, or one whose recurrence cannot be
 * expanded (node-ical's expansion stops at 10,000 iterations); one too big to read is FeedTooBigError.
 * Silently dropping one busy event would offer its time to a lead.
 */
export async function feedBlocks(text: string, window: { from: Date; to: Date }, timeZone: string): Promise<BusyBlock[]> {
  if (!/^\s*BEGIN:VCALENDAR/i.test(text)) throw new FeedParseError('not an iCalendar feed');
  if (!/END:VCALENDAR\s*$/i.test(text.slice(-1_000))) throw new FeedParseError('iCalendar feed cut short');
  const written = countEvents(text);
  if (written > MAX_FEED_EVENTS) throw new FeedTooBigError(written);
  const result = await parseInWorker(text, window, MAX_FEED_BLOCKS);
  if (!result.ok) throw result.kind === 'tooBig' ? new FeedTooBigError(result.counted) : new FeedParseError(result.reason);
  const out: BusyBlock[] = [];
  for (const occurrence of result.occurrences) {
    const block = blockOf(occurrence, timeZone);
    if (block && block.startsAt <= window.to && block.endsAt >= window.from) out.push(block);
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
