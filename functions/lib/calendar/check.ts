// A calendar link is read once when it is saved (issue 33, item 4): Equipe, Minha agenda and
// `npm run consultants -- feed` all come here. The address must pass feedAddress (https:/webcal: outside
// local use, no internal literal or name) and, outside local use, is fetched from public addresses only,
// each judged when the connection is made (download.ts; lib/public-address.ts, the webhooks' guard). Then
// it is parsed like the sync does (feed.ts, in a worker within a CPU budget); a link that does not answer,
// answers an error, asks for a login, is not iCalendar or is too big to read is refused with its reason
// (domain/scheduling/calendar-copy.ts; "grande demais: N eventos" for the last), and nothing is saved.
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import type { FeedRefusal } from '../../../src/domain/scheduling/calendar-copy';
import type { Resolve } from '../public-address';
import type { BusyBlock } from '../store/port';
import { downloadFeed } from './download';
import { feedAddress } from './feed-address';
import { feedBlocks, FeedTooBigError } from './feed';
import { feedHttpUrl } from './sync';

/** A calendar's iCal address is a few hundred characters (Google's secret address ~150); longer is not one. */
export const FEED_URL_MAX = 2_000;
/** The save waits longer than a sync (2 s): the mentor is there, and a slow first answer is common. */
export const CHECK_TIMEOUT_MS = 6_000;

/** events: with 'tooManyEvents', how many the feed has (what the refusal says). */
export type FeedCheck = { url: string; blocks: BusyBlock[] } | { refused: FeedRefusal; events?: number };
/** resolve: the DNS lookup of the feed's hosts (tests inject one). */
export type CheckOptions = { config: SchedulingConfig; localUse: boolean; now: Date; resolve?: Resolve; timeoutMs?: number };

const DAY_MS = 86_400_000;

/** The address's form only (no network): what parseCommand can say before anything else. */
export function feedForm(value: string, localUse: boolean): { url: string } | { refused: FeedRefusal } {
  return feedAddress(value, { maxLength: FEED_URL_MAX, localUse });
}

export async function checkFeed(value: string, opts: CheckOptions): Promise<FeedCheck> {
  const form = feedForm(value, opts.localUse);
  if ('refused' in form) return form;
  let text: string;
  try {
    text = await downloadFeed(feedHttpUrl(form.url), { timeoutMs: opts.timeoutMs ?? CHECK_TIMEOUT_MS, publicOnly: !opts.localUse, resolve: opts.resolve });
  } catch (error) {
    const code = String((error as { code?: unknown; name?: string } | null)?.code ?? '');
    if (code === 'calendar_http_401' || code === 'calendar_http_403') return { refused: 'login' };
    if (code.startsWith('calendar_http_')) return { refused: 'missing' };
    if (code === 'calendar_too_large') return { refused: 'tooLarge' };
    if (code === 'calendar_redirect_blocked' || code === 'calendar_address_blocked') return { refused: 'internal' };
    return { refused: 'silent' };
  }
  // A sign-in page answers 200 with HTML: say "pede login" rather than "não é iCal".
  if (!/^\s*BEGIN:VCALENDAR/i.test(text) && /type\s*=\s*["']?password|accounts\.google\.com|login\.microsoftonline|signin/i.test(text)) return { refused: 'login' };
  const start = opts.now.getTime();
  try {
    // The sync's window: a day ago to a day past the booking horizon.
    const blocks = await feedBlocks(text, { from: new Date(start - DAY_MS), to: new Date(start + (opts.config.horizonDays + 1) * DAY_MS) }, opts.config.timeZone);
    return { url: form.url, blocks };
  } catch (error) {
    if (error instanceof FeedTooBigError) return { refused: 'tooManyEvents', events: error.events };
    return { refused: 'notIcal' };
  }
}
