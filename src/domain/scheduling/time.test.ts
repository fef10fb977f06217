import { describe, expect, it } from 'vitest';
import { addDays, weekdayOf, zonedParts, zonedToUtc } from './time';

describe('time zone conversions', () => {
  it('reads Brasília wall-clock times as UTC instants from the zone rules (UTC-3 since 2019, no summer time)', () => {
    expect(zonedToUtc('2026-11-24', '09:30', 'America/Sao_Paulo').toISOString()).toBe('2026-11-24T12:30:00.000Z');
    // Before 2019 Brazil had summer time: November 2018 was UTC-2.
    expect(zonedToUtc('2018-11-20', '09:30', 'America/Sao_Paulo').toISOString()).toBe('2018-11-20T11:30:00.000Z');
  });

  it('follows daylight-saving changes in other zones', () => {
    expect(zonedToUtc('2026-03-07', '09:00', 'America/New_York').toISOString()).toBe('2026-03-07T14:00:00.000Z');
    expect(zonedToUtc('2026-03-09', '09:00', 'America/New_York').toISOString()).toBe('2026-03-09T13:00:00.000Z');
  });

  it('gives the zone date and time of an instant, across midnight', () => {
    expect(zonedParts(new Date('2026-11-24T01:30:00Z'), 'America/Sao_Paulo')).toEqual({ date: '2026-11-23', time: '22:30' });
    expect(zonedParts(new Date('2026-11-24T01:30:00Z'), 'Asia/Tokyo')).toEqual({ date: '2026-11-24', time: '10:30' });
  });

  it('does calendar arithmetic on plain dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(weekdayOf('2026-11-23')).toBe(1);
  });
});
