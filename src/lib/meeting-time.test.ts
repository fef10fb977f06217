import { describe, expect, it } from 'vitest';
import { localTimeAt, wallClock } from './meeting-time';

describe('meeting times', () => {
  it('reads an instant on the Brasília wall clock', () => {
    expect(wallClock(new Date('2026-11-24T12:30:00Z'))).toEqual({ day: '2026-11-24', date: '24/11/2026', time: '09:30' });
    // Just after midnight UTC is still the evening before in Brasília.
    expect(wallClock(new Date('2026-11-25T01:15:00Z'))).toEqual({ day: '2026-11-24', date: '24/11/2026', time: '22:15' });
  });

  it('follows the zone rules, not a fixed offset: the 2018 daylight saving time read UTC−2', () => {
    expect(wallClock(new Date('2018-12-10T12:00:00Z')).time).toBe('10:00');
    expect(wallClock(new Date('2018-06-11T12:00:00Z')).time).toBe('09:00');
  });

  it('names the visitor time only when it reads differently', () => {
    const instant = new Date('2026-11-24T12:30:00Z');
    expect(localTimeAt(instant, 'America/Sao_Paulo')).toBeNull();
    expect(localTimeAt(instant, 'America/Bahia')).toBeNull();
    expect(localTimeAt(instant, 'America/Manaus')).toBe('08:30');
    // Lisbon is on winter time in November, summer time in July.
    expect(localTimeAt(instant, 'Europe/Lisbon')).toBe('12:30');
    expect(localTimeAt(new Date('2026-07-14T12:30:00Z'), 'Europe/Lisbon')).toBe('13:30');
    expect(localTimeAt(new Date('2026-11-24T20:30:00Z'), 'Asia/Tokyo')).toBe('05:30 (25/11)');
    expect(localTimeAt(new Date('invalid'))).toBeNull();
  });
});

describe('the visitor time zone by default', () => {
  it('compares with the runtime zone, not Brasília', () => {
    const instant = new Date('2026-11-24T12:30:00Z');
    const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(localTimeAt(instant)).toBe(localTimeAt(instant, zone));
  });
});
