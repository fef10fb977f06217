import { describe, expect, it } from 'vitest';
import { schedulingConfig } from './config';
import { holidayChecker } from './holidays';
import { busyReasonAt, dayFacts, hasRoutedSlot, routedSlots, type RoutingState } from './routing-facts';
import { candidateSlots, type Busy } from './slots';

const rules = { config: schedulingConfig, now: new Date('2026-06-01T11:00:00Z'), isHoliday: holidayChecker(schedulingConfig.holidays) };
const day = '2026-06-02';
const slots = candidateSlots(day, rules);
const presellers = [
  { id: 'b', name: 'Bruno Almeida', roomUrl: 'https://meet.example.com/bruno' },
  { id: 'a', name: 'Ana Souza', roomUrl: null },
];
const state = (over: Partial<RoutingState> = {}): RoutingState => ({
  window: { kind: 'mes', from: '2026-06-01T03:00:00Z', to: '2026-07-01T03:00:00Z' }, equalAhead: null,
  consultants: new Map([['a', { weight: 100, capDay: null, capWeek: null, count: 0, credit: 0, lastAssignedAt: null }],
    ['b', { weight: 100, capDay: null, capWeek: null, count: 1, credit: 0, lastAssignedAt: null }]]),
  load: new Map(), ...over,
});
const team = { rule: 'equipe', ids: null };
const at = (utc: string, minutes = 30) => ({ startsAt: new Date(utc), endsAt: new Date(new Date(utc).getTime() + minutes * 60_000) });

describe('routedSlots', () => {
  it('lists each time once with the lowest-loaded free consultant, first name and kind of meeting, never the room', () => {
    const list = routedSlots(day, slots.slice(0, 2), presellers, [], state(), team);
    expect(list).toEqual([
      { time: '09:00', presellerId: 'a', presellerName: 'Ana', location: 'phone' },
      { time: '09:30', presellerId: 'a', presellerName: 'Ana', location: 'phone' },
    ]);
    expect(JSON.stringify(routedSlots(day, slots, presellers, [], state({ consultants: new Map() }), team))).not.toContain('meet.example.com');
  });

  it('respects meetings and time off (any overlap), caps and the pool', () => {
    const busy: Busy[] = [
      { presellerId: 'a', ...at('2026-06-02T12:00:00Z'), kind: 'meeting' }, // 09:00
      { presellerId: 'b', startsAt: new Date('2026-06-02T12:15:00Z'), endsAt: new Date('2026-06-02T13:01:00Z'), kind: 'time_off' },
    ];
    expect(routedSlots(day, slots.slice(0, 3), presellers, busy, state(), team).map((s) => `${s.time} ${s.presellerName}`)).toEqual(['09:30 Ana', '10:00 Ana']);
    // Ana at her cap for the day: Bruno takes every time, though he is ahead.
    const capped = state({ load: new Map([['a', new Map([[day, 2]])]]) });
    capped.consultants.get('a')!.capDay = 2;
    expect(new Set(routedSlots(day, slots, presellers, [], capped, team).map((s) => s.presellerName))).toEqual(new Set(['Bruno']));
    // A pool of Bruno only.
    expect(new Set(routedSlots(day, slots, presellers, [], state(), { rule: 'grandes', ids: new Set(['b']) }).map((s) => s.presellerName))).toEqual(new Set(['Bruno']));
  });
});

describe('hasRoutedSlot', () => {
  it('is true exactly when routedSlots lists a time: the last free one counts, a day all taken does not', () => {
    const last = slots[slots.length - 1];
    // Both busy all day but for the last time (Bruno): open; that time taken too: closed.
    const allBut = (free: boolean): Busy[] => [
      { presellerId: 'a', startsAt: slots[0].startsAt, endsAt: last.endsAt, kind: 'time_off' },
      { presellerId: 'b', startsAt: slots[0].startsAt, endsAt: free ? last.startsAt : last.endsAt, kind: 'meeting' },
    ];
    for (const free of [true, false]) {
      expect(routedSlots(day, slots, presellers, allBut(free), state(), team).length > 0).toBe(free);
      expect(hasRoutedSlot(day, slots, presellers, allBut(free), state(), team)).toBe(free);
    }
    expect(hasRoutedSlot(day, [], presellers, [], state(), team)).toBe(false);
    expect(hasRoutedSlot(day, slots, presellers, [], state(), { rule: 'grandes', ids: new Set(['x']) })).toBe(false);
  });
});

describe('busyReasonAt and dayFacts', () => {
  it('names what holds a consultant: time off, then hours, then a meeting or calendar block', () => {
    const busy: Busy[] = [
      { presellerId: 'a', ...at('2026-06-02T12:00:00Z'), kind: 'calendar' },
      { presellerId: 'a', ...at('2026-06-02T12:00:00Z'), kind: 'hours' },
      { presellerId: 'b', ...at('2026-06-02T12:00:00Z', 60), kind: 'meeting' },
      { presellerId: 'b', ...at('2026-06-02T12:30:00Z'), kind: 'time_off' },
    ];
    expect(busyReasonAt(busy, 'a', slots[0])).toBe('fora do horário');
    expect(busyReasonAt(busy, 'b', slots[0])).toBe('ocupado');
    expect(busyReasonAt(busy, 'b', slots[1])).toBe('folga');
    expect(busyReasonAt(busy, 'a', slots[2])).toBeNull();
    expect(busyReasonAt([{ presellerId: 'a', ...at('2026-06-02T12:00:00Z') }], 'a', slots[0])).toBe('ocupado');
  });

  it('a consultant off all day does not work it; meetings count on their day and week', () => {
    const busy: Busy[] = [{ presellerId: 'b', startsAt: new Date('2026-06-02T03:00:00Z'), endsAt: new Date('2026-06-03T03:00:00Z'), kind: 'time_off' }];
    const facts = dayFacts(day, slots, presellers, busy, state({ load: new Map([['a', new Map([[day, 2], ['2026-06-05', 1], ['2026-06-08', 4]])]]) }));
    expect(facts.get('b')).toEqual({ worksThatDay: false, dayCount: 0, weekCount: 0 });
    expect(facts.get('a')).toEqual({ worksThatDay: true, dayCount: 2, weekCount: 3 });
  });
});
