import { describe, expect, it } from 'vitest';
import { schedulingConfig } from '../../../src/domain/scheduling/config';
import { holidayChecker } from '../../../src/domain/scheduling/holidays';
import { holidaysFromLibrary } from '../../../src/domain/scheduling/holidays-source';
import { candidateSlots, closedReason, type SlotRules } from '../../../src/domain/scheduling/slots';

const isHoliday = holidayChecker(schedulingConfig.holidays);
// Monday 2026-06-01, 08:00 in São Paulo (UTC-3).
const rules = (now = '2026-06-01T11:00:00Z', extra: Partial<SlotRules> = {}): SlotRules => ({
  config: schedulingConfig,
  now: new Date(now),
  isHoliday,
  ...extra,
});
const times = (date: string, r = rules()) => candidateSlots(date, r).map((s) => s.time);
const fullDay = Array.from({ length: 18 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

describe('candidateSlots', () => {
  it('offers 09:00 … 17:30 every 30 minutes on a working day', () => {
    expect(times('2026-06-02')).toEqual(fullDay);
    const [first] = candidateSlots('2026-06-02', rules());
    expect(first.startsAt.toISOString()).toBe('2026-06-02T12:00:00.000Z');
    expect(first.endsAt.toISOString()).toBe('2026-06-02T12:30:00.000Z');
  });

  it('offers nothing on weekends', () => {
    expect(times('2026-06-06')).toEqual([]);
    expect(times('2026-06-07')).toEqual([]);
    expect(closedReason('2026-06-06', rules())).toBe('weekday');
  });

  it('blocks national and Paraná holidays', () => {
    expect(closedReason('2026-09-07', rules('2026-08-03T12:00:00Z'))).toBe('holiday'); // Independência, Monday
    expect(closedReason('2026-06-04', rules())).toBe('holiday'); // Corpus Christi (bank holiday)
    // Emancipação do Paraná, Tuesday 2028-12-19: a state holiday only.
    expect(closedReason('2028-12-19', rules('2028-12-01T12:00:00Z'))).toBe('holiday');
    expect(closedReason('2028-12-18', rules('2028-12-01T12:00:00Z'))).toBeNull();
    expect(holidaysFromLibrary({ country: 'BR', types: ['public'] }, 2028)).not.toContain('2028-12-19');
  });

  it('today: only starts at least 2 hours ahead', () => {
    // 10:10 local → first start 12:30.
    expect(times('2026-06-01', rules('2026-06-01T13:10:00Z'))[0]).toBe('12:30');
    // exactly 2 hours ahead is allowed: 10:00 local → 12:00.
    expect(times('2026-06-01', rules('2026-06-01T13:00:00Z'))[0]).toBe('12:00');
    // after the cut-off (15:31 local) nothing is left today.
    expect(times('2026-06-01', rules('2026-06-01T18:31:00Z'))).toEqual([]);
    // late evening in UTC is still "today" in São Paulo: 23:00 local on Monday.
    expect(closedReason('2026-06-01', rules('2026-06-02T02:00:00Z'))).toBeNull();
    expect(times('2026-06-02', rules('2026-06-02T02:00:00Z'))).toEqual(fullDay);
  });

  it('never in the past and not beyond the 60-day horizon', () => {
    expect(closedReason('2026-05-29', rules())).toBe('past');
    expect(closedReason('2026-07-31', rules())).toBeNull(); // today + 60, a Friday
    expect(closedReason('2026-08-03', rules())).toBe('horizon');
  });

  it('rejects impossible dates', () => {
    expect(times('2026-02-30')).toEqual([]);
    expect(closedReason('2026-6-1', rules())).toBe('invalid');
  });
});
