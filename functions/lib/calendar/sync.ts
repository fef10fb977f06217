// Keeps consultants' calendar blocks fresh: every 10 minutes (functions/calendar-sync.ts) and, before an
// availability answer or a booking, any feed never fetched or last tried more than 15 minutes ago.
// A fetch gives up after 2 seconds, so an answer never waits longer for calendars. A failing feed keeps
// its last blocks and is recorded with a code; the URL (a secret) is never logged or returned.
// Where it connects (issue #36 L7): an https:// feed, the only kind a save outside local use accepts
// (feed-address.ts), is fetched from public addresses only, every one judged at connect time
// (download.ts); an http:// one can only have been saved in local use (`npm start`, the tests) and keeps
// the trust its save gave it. A feed too big to parse within its CPU budget fails as
// calendar_too_many_events (feed.ts), the main thread never held by it.
import { agoWords, CALENDAR_ALERT_MS, dateTimeWords, feedProblem, STALE_CALENDAR_MS } from '../../../src/domain/scheduling/calendar-copy';
import type { SchedulingConfig } from '../../../src/domain/scheduling/config';
import { calendarAlertMail } from '../mail/team-mail';
import type { CalendarFeed, Store } from '../store/port';
import { downloadFeed } from './download';
import { feedBlocks, FeedParseError } from './feed';
import type { Resolve } from '../public-address';

export const FEED_TIMEOUT_MS = 2_000;
export const FEED_STALE_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

export type CalendarSync = {
  /**
   * Fetches the feeds due (never fetched, or tried before now − staleMs), in parallel, each at most once
   * at a time. With waitMs, resolves after at most that long: the syncs go on and save when done.
   */
  refreshDue(staleMs?: number, waitMs?: number): Promise<void>;
  /** Resolves when no sync is running (a read that stopped waiting leaves its syncs going: tests, graceful stops). */
  idle(): Promise<void>;
};

/** alerts: who is told that a calendar stopped being read (the mentor's address), and the site's address. */
/** resolve: the DNS lookup of feed hosts (tests inject one); localUse: https feeds may be internal too. */
export type SyncOptions = { config: SchedulingConfig; now?: () => Date; resolve?: Resolve; localUse?: boolean; timeoutMs?: number; alerts?: { to: string; siteUrl: string } };

/** webcal:// (what Apple and Outlook links often use) is plain HTTPS. */
export function feedHttpUrl(url: string): string {
  return url.replace(/^webcals?:\/\//i, 'https://');
}

export function createCalendarSync(store: Store, opts: SyncOptions): CalendarSync {
  const now = opts.now ?? (() => new Date());
  const timeoutMs = opts.timeoutMs ?? FEED_TIMEOUT_MS;
  const running = new Map<string, Promise<void>>();

  async function syncOne(feed: CalendarFeed): Promise<void> {
    const started = now();
    try {
      const url = feedHttpUrl(feed.url);
      const publicOnly = !opts.localUse && url.startsWith('https:');
      const text = await downloadFeed(url, { timeoutMs, publicOnly, resolve: opts.resolve });
      // Expanded from a day ago to a day past the booking horizon: every slot anyone can ask about.
      const window = { from: new Date(started.getTime() - DAY_MS), to: new Date(started.getTime() + (opts.config.horizonDays + 1) * DAY_MS) };
      await store.saveCalendarBlocks(feed, await feedBlocks(text, window, opts.config.timeZone), started);
    } catch (error) {
      const code = failureCode(error);
      console.warn(`[calendar] feed_failed:${code}`);
      await store.recordCalendarFailure(feed, code, started).catch(() => {});
      await alertIfUnread(feed, code).catch((e: { code?: string }) => console.warn(`[calendar] alert_failed:${e?.code ?? 'error'}`));
    }
  }

  /**
   * After a failed read: unread for CALENDAR_ALERT_MS → the mentor and the consultant get one mail, at most
   * once a day per calendar (calendar_stale_alert decides under the feed's lock, so concurrent syncs send one).
   */
  async function alertIfUnread(feed: CalendarFeed, code: string): Promise<void> {
    if (!opts.alerts) return;
    const at = now();
    const unreadBefore = new Date(at.getTime() - CALENDAR_ALERT_MS);
    const stale = (await store.staleCalendarFeeds(unreadBefore)).find((f) => f.presellerId === feed.presellerId);
    if (!stale) return;
    const person = (await store.listActivePresellers()).find((p) => p.id === feed.presellerId);
    if (!person) return;
    const words = {
      name: person.name, siteUrl: opts.alerts.siteUrl, problem: feedProblem(code),
      since: agoWords(stale.since, at, opts.config.timeZone, true),
      when: dateTimeWords(new Date(stale.since.getTime() + STALE_CALENDAR_MS), opts.config.timeZone),
    };
    const to = [...new Set([opts.alerts.to.toLowerCase(), person.email.toLowerCase()])];
    await store.calendarStaleAlert(feed.presellerId, unreadBefore, at, to.map((address) => calendarAlertMail({ ...words, to: address })));
  }

  return {
    async refreshDue(staleMs = FEED_STALE_MS, waitMs?: number) {
      const due = await store.dueCalendarFeeds(new Date(now().getTime() - staleMs));
      const all = Promise.all(due.map((feed) => {
        let job = running.get(feed.presellerId);
        if (!job) {
          job = syncOne(feed).finally(() => running.delete(feed.presellerId));
          running.set(feed.presellerId, job);
        }
        return job;
      }));
      if (waitMs === undefined) return void (await all);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]).finally(() => clearTimeout(timer));
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running.values()]);
    },
  };
}

function failureCode(error: unknown): string {
  if (error instanceof FeedParseError) return error.code;
  const e = error as { name?: string; code?: unknown } | null;
  if (typeof e?.code === 'string' && e.code.startsWith('calendar_')) return e.code;
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return 'calendar_timeout';
  return 'calendar_unreachable';
}
