// node-ical's parse and recurrence expansion, off the main thread and within a time budget.
// Both are synchronous: 30,000 events with a yearly RRULE (4 MB, under the byte cap) took 12 s of one core
// on a loaded 2-core machine, and on the main thread every other request of the function (/api/health
// included) waited that long. In a worker the main thread stays free; past FEED_PARSE_BUDGET_MS the
// worker is terminated (terminate() stops even a tight loop) and the feed is "too big", never half read.
// The budget is wall time (a timer), so where it falls depends on the host: it is the last guard, after
// feed.ts's count of events written, which refuses the feeds that are too big on every machine.
// The worker is an eval'd script, not a file: Netlify bundles each function into one .mjs (netlify.toml),
// and a worker file beside this module would not be in the zip. It loads node-ical by the path this module
// resolves, from the same node_modules the function ships.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * The time a feed's read may take, in the worker. A calendar of 10,000 plain events parses in about 1.1 s on a
 * loaded 2-core machine (worker start and node-ical's load included: ~0.2 s); 4 s leaves room for real
 * calendars and bounds what a hostile one costs every sync (one core, every 10 minutes, the main thread untouched).
 */
export const FEED_PARSE_BUDGET_MS = 4_000;
/** The worker's heap: a 5 MB feed of 30,000 events needs ~150 MB while parsed; more is not a calendar. */
const HEAP_MB = 384;

/** One occurrence as the worker sends it: times in ms; for an all-day one, its local dates (node-ical's). */
export type Occurrence = { start: number; end: number | null; fullDay: boolean; firstDay: string; endDay: string | null };
export type ParseResult =
  | { ok: true; occurrences: Occurrence[] }
  | { ok: false; kind: 'parse'; reason: string }
  | { ok: false; kind: 'tooBig'; counted: number };

/**
 * node-ical's entry file, for the worker. Netlify's tracer (NFT) copies into a function's zip the packages
 * named in a call of a createRequire-made require (mail/ics.ts), not those named in require.resolve: the
 * call is written here for it, never made (`load` is never passed). Checked by bundling calendar-sync with
 * zip-it-and-ship-it: node-ical and its dependencies are in the zip, and the worker loads it from there.
 */
const icalEntry = (load?: 'load'): string => {
  // Declared here, not at the module's top: NFT sees only a declaration, and where esbuild initialises this
  // module on first use (the painel's handlers) a top-level const becomes an assignment (tried: node-ical left
  // the painel zip).
  const requireHere = createRequire(import.meta.url);
  return load ? (requireHere('node-ical') as string) : requireHere.resolve('node-ical');
};

// Plain CommonJS, run with eval: kept small; what blocks (transparency, status, the window) is decided here
// so only the occurrences that matter are copied back. Errors are the reasons feed.ts turns into codes.
const SCRIPT = `
const { parentPort, workerData } = require('node:worker_threads');
const { text, from, to, maxBlocks, icalPath } = workerData;
const day = (d) => d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0');
function run() {
  const ical = require(icalPath);
  let parsed;
  try { parsed = ical.sync.parseICS(text); } catch { return { ok: false, kind: 'parse', reason: 'unreadable iCalendar feed' }; }
  const written = (text.match(/^BEGIN:VEVENT\\s*$/gim) || []).length;
  const events = Object.values(parsed).filter((c) => c && c.type === 'VEVENT');
  if (written > 0 && events.length === 0) return { ok: false, kind: 'parse', reason: 'no readable event' };
  const out = [];
  let counted = 0;
  for (const event of events) {
    // Overrides are applied through their master event; an orphan override (no master) stands alone.
    const master = event.recurrenceid && !event.rrule ? parsed[event.uid] : undefined;
    if (master && master !== event && master.rrule) continue;
    if (!(event.start instanceof Date) || Number.isNaN(event.start.getTime())) return { ok: false, kind: 'parse', reason: 'event without a start' };
    let instances;
    try { instances = ical.expandRecurringEvent(event, { from: new Date(from), to: new Date(to), expandOngoing: true }); } catch { return { ok: false, kind: 'parse', reason: 'event recurrence cannot be expanded' }; }
    counted += instances.length;
    if (out.length + instances.length > maxBlocks) return { ok: false, kind: 'tooBig', counted: Math.max(counted, written) };
    for (const i of instances) {
      const e = i.event;
      if (e.transparency === 'TRANSPARENT' || e.status === 'CANCELLED') continue;
      out.push({ start: i.start.getTime(), end: i.end ? i.end.getTime() : null, fullDay: Boolean(i.isFullDay), firstDay: day(i.start), endDay: i.end ? day(i.end) : null });
    }
  }
  return { ok: true, occurrences: out };
}
parentPort.postMessage(run());
`;

/**
 * Parses `text` and expands every event over [from, to] in a worker. Resolves with the occurrences or a
 * parse failure; { kind: 'tooBig' } when more than maxBlocks occur in the window, when the budget runs out
 * and when the worker runs out of heap (counted: the events written in the feed, or the occurrences).
 */
export function parseInWorker(text: string, window: { from: Date; to: Date }, maxBlocks: number, budgetMs = FEED_PARSE_BUDGET_MS): Promise<ParseResult> {
  const written = () => ({ ok: false, kind: 'tooBig', counted: countEvents(text) }) as const;
  return new Promise((resolve, reject) => {
    const worker = new Worker(SCRIPT, {
      eval: true,
      workerData: { text, from: window.from.getTime(), to: window.to.getTime(), maxBlocks, icalPath: icalEntry() },
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
      // The feed's text is all it needs: no copy of the function's environment (secrets) in the worker.
      env: {},
      stdout: true,
      stderr: true,
    });
    // node-ical warns on odd lines, quoting them: a calendar's contents stay out of the function's log.
    worker.stdout.resume();
    worker.stderr.resume();
    let settled = false;
    const settle = (result: ParseResult | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      void worker.terminate();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const deadline = setTimeout(() => settle(written()), budgetMs);
    worker.once('message', (result: ParseResult) => settle(result));
    worker.once('error', (error: Error & { code?: string }) => settle(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? written() : error));
    worker.once('exit', () => settle(new Error('calendar parse worker exited')));
  });
}

/** BEGIN:VEVENT lines in the feed: what "N eventos" counts (a plain scan, a few ms for 5 MB). */
export function countEvents(text: string): number {
  let n = 0;
  for (let at = text.indexOf('BEGIN:VEVENT'); at !== -1; at = text.indexOf('BEGIN:VEVENT', at + 12)) n++;
  return n;
}
