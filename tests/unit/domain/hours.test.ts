import { describe, expect, it } from 'vitest';
import { schedulingConfig } from '../../../src/domain/scheduling/config';
import { defaultHours, formatHours, hoursByPreseller, HoursError, offHoursBusy, parseHours, unionHours } from '../../../src/domain/scheduling/hours';
import { candidateSlots, closedReason, freePresellers, type SlotRules } from '../../../src/domain/scheduling/slots';
import { zonedToUtc } from '../../../src/domain/scheduling/time';

const TZ = 'America/Sao_Paulo';
const at = (date: string, time: string) => zonedToUtc(date, time, TZ);

describe('parseHours / formatHours', () => {
  it('reads day spans, several ranges and a second group, and writes them back grouped', () => {
    const hours = parseHours('seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00');
    expect(hours).toHaveLength(11);
    expect(hours.filter((h) => h.weekday === 1)).toEqual([
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '18:00' },
    ]);
    expect(hours.filter((h) => h.weekday === 0)).toEqual([]);
    expect(formatHours(hours)).toBe('seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00');
    expect(formatHours(parseHours('SEX-SEG 10:00-11:00'))).toBe('dom-seg 10:00-11:00; sex-sab 10:00-11:00');
  });

  it('refuses what it cannot read', () => {
    for (const bad of ['', ';', 'seg', 'sgx 09:00-10:00', 'seg-xx 09:00-10:00', 'seg 10:00-09:00', 'seg 9:00-10:00',
      'seg 09:00-12:00 11:00-13:00', 'seg 09:00-10:00; seg 11:00-12:00', 'seg 24:30-25:00', 'seg-ter-qua 09:00-10:00']) {
      expect(() => parseHours(bad), bad).toThrow(HoursError);
    }
  });
});

describe('working hours as busy time', () => {
  const config = schedulingConfig;
  const byPreseller = hoursByPreseller(['a', 'b'], parseHours('seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00').map((h) => ({ ...h, presellerId: 'a' })), config);

  it('blocks the lunch break and the night; a consultant without rows works the default hours', () => {
    const busy = offHoursBusy(byPreseller, at('2026-06-02', '00:00'), at('2026-06-03', '00:00'), TZ); // a Tuesday
    const slot = (time: string) => ({ time, startsAt: at('2026-06-02', time), endsAt: new Date(at('2026-06-02', time).getTime() + 30 * 60_000) });
    const free = (time: string) => freePresellers(slot(time), [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }], busy).map((p) => p.id);
    expect(free('08:30')).toEqual([]);
    expect(free('09:00')).toEqual(['a', 'b']);
    expect(free('11:30')).toEqual(['a', 'b']);
    expect(free('12:00')).toEqual(['b']);
    expect(free('12:30')).toEqual(['b']);
    expect(free('13:00')).toEqual(['a', 'b']);
    expect(free('17:30')).toEqual(['a', 'b']);
    expect(free('18:00')).toEqual([]);
  });

  it("offers the union of everyone's hours: Saturday mornings open, Sunday closed", () => {
    const rules: SlotRules = { config, now: new Date('2026-06-01T12:00:00Z'), isHoliday: () => false, weekly: unionHours(byPreseller) };
    expect(candidateSlots('2026-06-06', rules).map((c) => c.time)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    expect(closedReason('2026-06-07', rules)).toBe('weekday');
    expect(candidateSlots('2026-06-02', rules)).toHaveLength(18); // b works 09:00–18:00 without a break
    const defaults = unionHours(hoursByPreseller(['x'], [], config));
    expect(candidateSlots('2026-06-02', { ...rules, weekly: defaults }).map((c) => c.time))
      .toEqual(candidateSlots('2026-06-02', { ...rules, weekly: undefined }).map((c) => c.time));
    expect(defaultHours(config)).toHaveLength(5);
  });
});
