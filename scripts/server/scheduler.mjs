// Runs the scheduled functions (those whose `config` has a `schedule`) inside `npm start`'s process,
// on their cron schedules, as Netlify does in production: cron in UTC, parsed by cron-parser (the
// parser Netlify's own build tools use), one run at a time per function (a run still going when the
// next is due is skipped), called with a POST whose JSON body carries `next_run` like Netlify's.
import { CronExpressionParser } from 'cron-parser';

/** The first run strictly after `from` (Netlify schedules are in UTC). */
export function nextRun(schedule, from = new Date()) {
  return CronExpressionParser.parse(schedule, { currentDate: from, tz: 'UTC' }).next().toDate();
}

/**
 * Starts a timer per scheduled module; `names[i]` labels `modules[i]` in logs.
 * @param {Array<{ default: Function; config?: { schedule?: string } }>} modules
 * @param {string[]} [names]
 */
export function startScheduler(modules, names = [], { log = console } = {}) {
  const timers = new Set();
  let stopped = false;
  const jobs = modules.map((mod, i) => ({ mod, name: names[i] ?? `function ${i}` })).filter(({ mod }) => mod.config?.schedule && typeof mod.default === 'function');
  for (const { mod, name } of jobs) {
    const schedule = mod.config.schedule;
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        const body = JSON.stringify({ next_run: nextRun(schedule).toISOString() });
        await mod.default(new Request('http://localhost/.netlify/functions/scheduled', { method: 'POST', body }), {});
      } catch (error) {
        log.error(`[scheduler] ${name} failed: ${error?.code ?? error?.name ?? 'error'}`);
      } finally {
        running = false;
      }
    };
    const plan = () => {
      if (stopped) return;
      const at = nextRun(schedule).getTime();
      // setTimeout holds at most ~24.8 days; a longer wait re-plans when it fires.
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (Date.now() >= at) void run();
        plan();
      }, Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1));
      timer.unref?.();
      timers.add(timer);
    };
    plan();
  }
  return {
    /** Names and schedules of what runs. */
    jobs: jobs.map(({ mod, name }) => ({ name, schedule: mod.config.schedule })),
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
