// A calendar link is read once when it is saved (issue 33, item 4): Equipe, Minha agenda and
// `npm run consultants -- feed` all come here. The address must pass feedAddress (https:/webcal: outside
// local use, no internal literal) and, outside local use, its name must resolve only to public addresses:
// the webhooks' guard (integrations/http.ts isPublicAddress). Then the link is fetched and parsed like the
// sync does (download.ts, feed.ts); a link that does not answer, answers an error, asks for a login or is
// not iCalendar is refused with its reason (domain/scheduling/calendar-copy.ts), and nothing is saved.
import { lookup } from 'node:dns/promises';
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import type { FeedRefusal } from '../../../src/domain/scheduling/calendar-copy';
import { isPublicAddress } from '../integrations/http';
import type { BusyBlock } from '../store/port';
import { downloadFeed } from './download';
import { feedAddress } from './feed-address';
import { feedBlocks } from './feed';
import { feedHttpUrl } from './sync';

/** A calendar's iCal address is a few hundred characters (Google's secret address ~150); longer is not one. */
export const FEED_URL_MAX = 2_000;
/** The save waits longer than a sync (2 s): the mentor is there, and a slow first answer is common. */
export const CHECK_TIMEOUT_MS = 6_000;

export type FeedCheck = { url: string; blocks: BusyBlock[] } | { refused: FeedRefusal };
export type CheckOptions = { config: SchedulingConfig; localUse: boolean; now: Date; fetch?: typeof fetch; timeoutMs?: number };

const DAY_MS = 86_400_000;

async function resolvesPublicly(hostname: string): Promise<boolean> {
  const addresses = await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true }).catch(() => null);
  if (!addresses) return true; // Not resolvable: the fetch fails and says so ("não respondeu").
  return addresses.length > 0 && addresses.every((a) => isPublicAddress(a.address));
}

/** The address's form only (no network): what parseCommand can say before anything else. */
export function feedForm(value: string, localUse: boolean): { url: string } | { refused: FeedRefusal } {
  return feedAddress(value, { maxLength: FEED_URL_MAX, localUse });
}

export async function checkFeed(value: string, opts: CheckOptions): Promise<FeedCheck> {
  const form = feedForm(value, opts.localUse);
  if ('refused' in form) return form;
  if (!opts.localUse && !(await resolvesPublicly(new URL(form.url).hostname))) return { refused: 'internal' };
  let text: string;
  try {
    text = await downloadFeed(feedHttpUrl(form.url), opts.fetch ?? fetch, opts.timeoutMs ?? CHECK_TIMEOUT_MS);
  } catch (error) {
    const code = String((error as { code?: unknown; name?: string } | null)?.code ?? '');
    if (code === 'calendar_http_401' || code === 'calendar_http_403') return { refused: 'login' };
    if (code.startsWith('calendar_http_')) return { refused: 'missing' };
    if (code === 'calendar_too_large') return { refused: 'tooLarge' };
    if (code === 'calendar_redirect_blocked') return { refused: 'internal' };
    return { refused: 'silent' };
  }
  // A sign-in page answers 200 with HTML: say "pede login" rather than "não é iCal".
  if (!/^\s*BEGIN:VCALENDAR/i.test(text) && /type\s*=\s*["']?password|accounts\.google\.com|login\.microsoftonline|signin/i.test(text)) return { refused: 'login' };
  const start = opts.now.getTime();
  try {
    // The sync's window: a day ago to a day past the booking horizon.
    const blocks = await feedBlocks(text, { from: new Date(start - DAY_MS), to: new Date(start + (opts.config.horizonDays + 1) * DAY_MS) }, opts.config.timeZone);
    return { url: form.url, blocks };
  } catch {
    return { refused: 'notIcal' };
  }
}
