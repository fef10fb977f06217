// Reminders with an injected clock: 24 h and 1 h before, only if booked before that moment, never twice,
// never after a cancellation, and again for the new time after a reschedule.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { scheduledBudget, type Budget } from '../../functions/lib/budget';
import { queueDueReminders } from '../../functions/lib/reminders';
import { zonedToUtc } from '../../src/domain/scheduling/time';
import { futureWorkday, key, openTestApp, PRESELLERS, type TestApp } from './helpers';
import { lifecycle, tokenIn } from './lifecycle-helpers';

let app: TestApp;
let clock: Date | null = null;
const now = () => clock ?? new Date();
const t = lifecycle(() => app);
const TZ = 'America/Sao_Paulo';
const MIN = 60_000;
const HOUR = 60 * MIN;

beforeAll(async () => {
  app = await openTestApp({ now });
});
afterAll(() => app.close());

/** Runs the reminder drain at an instant and returns the kinds of reminder mail this meeting has. */
async function drainAt(at: number, meetingId: string): Promise<string[]> {
  clock = new Date(at);
  try {
    await queueDueReminders(app);
  } finally {
    clock = null;
  }
  return (await t.mailsFor(meetingId)).filter((m) => m.kind.startsWith('reminder-')).map((m) => m.kind);
}

describe('reminders', () => {
  it('24 h and 1 h before the start, each once, with a working manage link', async () => {
    const date = futureWorkday(4);
    const m = await t.bookWithTokens('lembrete@example.com', date, '10:00', PRESELLERS.ana);
    const start = zonedToUtc(date, '10:00', TZ).getTime();
    expect(await drainAt(start - 24 * HOUR - MIN, m.id)).toEqual([]);
    expect(await drainAt(start - 24 * HOUR + MIN, m.id)).toEqual(['reminder-24h-lead']);
    expect(await drainAt(start - 20 * HOUR, m.id)).toEqual(['reminder-24h-lead']); // a second drain sends nothing new
    expect(await drainAt(start - 59 * MIN, m.id)).toEqual(['reminder-24h-lead', 'reminder-1h-lead']);
    expect(await drainAt(start - 30 * MIN, m.id)).toEqual(['reminder-24h-lead', 'reminder-1h-lead']);
    expect(await drainAt(start + MIN, m.id)).toEqual(['reminder-24h-lead', 'reminder-1h-lead']);

    const reminders = (await t.mailsFor(m.id)).filter((x) => x.kind.startsWith('reminder-'));
    expect(reminders.map((r) => r.message.to)).toEqual(['lembrete@example.com', 'lembrete@example.com']);
    expect(reminders[0].message.text).toContain('Sua reunião começa em 24 horas.');
    expect(reminders[1].message.text).toContain('Sua reunião começa em 1 hora.');
    const view = await t.call({ action: 'view', token: tokenIn(reminders[0].message) });
    expect((await view.json()).meeting.id).toBe(m.id);
  });

  it('none for a cancelled meeting', async () => {
    const date = futureWorkday(8);
    const m = await t.bookWithTokens('lembrete-cancelada@example.com', date, '10:00', PRESELLERS.bruno);
    expect((await t.call({ action: 'cancel', token: m.lead })).status).toBe(200);
    const start = zonedToUtc(date, '10:00', TZ).getTime();
    expect(await drainAt(start - 24 * HOUR + MIN, m.id)).toEqual([]);
    expect(await drainAt(start - 30 * MIN, m.id)).toEqual([]);
  });

  it('only the 1 h reminder for a booking made less than 24 h ahead', async () => {
    const date = futureWorkday(12);
    const start = zonedToUtc(date, '15:00', TZ).getTime();
    clock = new Date(start - 10 * HOUR);
    let m;
    try {
      m = await t.bookWithTokens('lembrete-tarde@example.com', date, '15:00', PRESELLERS.carla);
    } finally {
      clock = null;
    }
    expect(await drainAt(start - 9 * HOUR, m.id)).toEqual([]);
    expect(await drainAt(start - 50 * MIN, m.id)).toEqual(['reminder-1h-lead']);
  });

  it('re-planned after a reschedule: reminded again for the new time, never for the old one', async () => {
    const date = futureWorkday(16);
    const m = await t.bookWithTokens('lembrete-movida@example.com', date, '10:00', PRESELLERS.ana);
    const oldStart = zonedToUtc(date, '10:00', TZ).getTime();
    expect(await drainAt(oldStart - 24 * HOUR + MIN, m.id)).toEqual(['reminder-24h-lead']);

    clock = new Date(oldStart - 23 * HOUR);
    try {
      const moved = await t.call({ action: 'reschedule', token: m.lead, scheduledDate: date, scheduledTime: '16:00', idempotencyKey: key() });
      expect(moved.status).toBe(200);
    } finally {
      clock = null;
    }
    const newStart = zonedToUtc(date, '16:00', TZ).getTime();
    // The new time gets both (the move was made 29 h before it); the old time's 1 h reminder is never sent.
    expect(await drainAt(newStart - 24 * HOUR + MIN, m.id)).toEqual(['reminder-24h-lead', 'reminder-24h-lead']);
    expect(await drainAt(oldStart - 30 * MIN, m.id)).toEqual(['reminder-24h-lead', 'reminder-24h-lead']);
    expect(await drainAt(newStart - 59 * MIN, m.id)).toEqual(['reminder-24h-lead', 'reminder-24h-lead', 'reminder-1h-lead']);
    const { rows } = await app.store.db.query('select kind, starts_at from meeting_reminders where meeting_id = $1 order by queued_at', [m.id]);
    expect(rows.map((r) => `${(r as { kind: string }).kind}@${((r as { starts_at: Date }).starts_at).toISOString()}`)).toEqual([
      `24h@${new Date(oldStart).toISOString()}`, `24h@${new Date(newStart).toISOString()}`, `1h@${new Date(newStart).toISOString()}`,
    ]);
  });

  it('a late run says the time actually left, and skips the 24 h reminder inside the last 3 hours', async () => {
    const date = futureWorkday(20);
    const late = await t.bookWithTokens('lembrete-atrasado@example.com', date, '10:00', PRESELLERS.bruno);
    const start = zonedToUtc(date, '10:00', TZ).getTime();
    expect(await drainAt(start - 5 * HOUR, late.id)).toEqual(['reminder-24h-lead']);
    const [first] = (await t.mailsFor(late.id)).filter((x) => x.kind.startsWith('reminder-'));
    expect(first.message.text).toContain('Sua reunião começa em 5 horas.');
    expect(first.message.text).not.toContain('24 horas');

    const later = await t.bookWithTokens('lembrete-muito-atrasado@example.com', date, '15:00', PRESELLERS.carla);
    const laterStart = zonedToUtc(date, '15:00', TZ).getTime();
    expect(await drainAt(laterStart - 2 * HOUR, later.id)).toEqual([]);
    expect(await drainAt(laterStart - 20 * MIN, later.id)).toEqual(['reminder-1h-lead']);
    const [only] = (await t.mailsFor(later.id)).filter((x) => x.kind.startsWith('reminder-'));
    expect(only.message.text).toContain('Sua reunião começa em 20 minutos.');
  });

  it('a run stops queueing when its time budget ends; the next run queues the rest, each once', async () => {
    const date = futureWorkday(25);
    const booked = [];
    for (const [i, time] of ['09:00', '09:30', '10:00', '10:30'].entries()) booked.push(await t.bookWithTokens(`lembrete-orcamento-${i}@example.com`, date, time));
    // Inside every meeting's 24 h window, outside every 1 h one.
    clock = new Date(zonedToUtc(date, '09:00', TZ).getTime() - 20 * HOUR);
    const budget: Budget = { workUntil: Number.POSITIVE_INFINITY, endBy: Number.POSITIVE_INFINITY };
    const queue = app.store.queueReminder.bind(app.store);
    let calls = 0;
    // The budget runs out right after the second reminder is queued (what a slow database would do to a run).
    const spy = vi.spyOn(app.store, 'queueReminder').mockImplementation(async (...args) => {
      const queued = await queue(...args);
      if (++calls === 2) budget.workUntil = 0;
      return queued;
    });
    try {
      expect(await queueDueReminders(app, budget)).toBe(2);
      spy.mockRestore();
      expect(await queueDueReminders(app, scheduledBudget())).toBe(2);
    } finally {
      spy.mockRestore();
      clock = null;
    }
    for (const m of booked) expect((await t.mailsFor(m.id)).filter((x) => x.kind === 'reminder-24h-lead')).toHaveLength(1);
  });
});
