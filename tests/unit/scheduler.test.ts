// The local scheduler behind `npm start`: Netlify cron schedules (UTC), one run at a time per function.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextRun, startScheduler } from '../../scripts/server/scheduler.mjs';
import * as outboxDrain from '../../functions/outbox-drain';
import * as reminders from '../../functions/reminders';

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduler', () => {
  it('reads the schedules as Netlify does (cron in UTC)', () => {
    expect(nextRun('* * * * *', new Date('2026-11-23T12:00:30Z')).toISOString()).toBe('2026-11-23T12:01:00.000Z');
    expect(nextRun('*/5 * * * *', new Date('2026-11-23T12:03:00Z')).toISOString()).toBe('2026-11-23T12:05:00.000Z');
    expect(nextRun('0 9 * * *', new Date('2026-11-23T12:00:00Z')).toISOString()).toBe('2026-11-24T09:00:00.000Z');
    // The functions' own schedules parse: the outbox every minute, reminders every 5 minutes.
    expect(nextRun(outboxDrain.config.schedule!, new Date('2026-11-23T12:00:01Z')).toISOString()).toBe('2026-11-23T12:01:00.000Z');
    expect(nextRun(reminders.config.schedule!, new Date('2026-11-23T12:00:01Z')).toISOString()).toBe('2026-11-23T12:05:00.000Z');
  });

  it('runs each scheduled function on its schedule, skips a run while the previous one is still going, and stops', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:10Z') });
    const everyMinute: Request[] = [];
    let slowRuns = 0;
    let release: () => void = () => {};
    const modules = [
      { default: async (req: Request) => void everyMinute.push(req), config: { schedule: '* * * * *' } },
      { default: () => { slowRuns++; return new Promise<void>((r) => { release = r; }); }, config: { schedule: '*/2 * * * *' } },
      { default: async () => {}, config: { path: '/api/x' } },
    ];
    const scheduler = startScheduler(modules, ['minute', 'slow', 'http']);
    expect(scheduler.jobs).toEqual([{ name: 'minute', schedule: '* * * * *' }, { name: 'slow', schedule: '*/2 * * * *' }]);
    await vi.advanceTimersByTimeAsync(50_000); // 12:01:00
    expect(everyMinute).toHaveLength(1);
    expect(everyMinute[0].method).toBe('POST');
    expect(await everyMinute[0].json()).toEqual({ next_run: '2026-11-23T12:02:00.000Z' });
    await vi.advanceTimersByTimeAsync(4 * 60_000); // 12:05:00: slow due at 12:02 and 12:04, still running at 12:04
    expect(everyMinute).toHaveLength(5);
    expect(slowRuns).toBe(1);
    release();
    await vi.advanceTimersByTimeAsync(60_000); // 12:06
    expect(slowRuns).toBe(2);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(everyMinute).toHaveLength(6);
  });
});
