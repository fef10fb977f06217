import { describe, expect, it } from 'vitest';
import { brasiliaToday, isoDay, localTimeOf, shortDate } from './dates';

describe('dates', () => {
  it('formats the API day and the pt-BR short date', () => {
    const d = new Date(2026, 10, 24);
    expect(isoDay(d)).toBe('2026-11-24');
    expect(shortDate(d)).toBe('24/11/2026');
  });

  it('shows the local time only when the visitor is not on Brasília time', () => {
    expect(localTimeOf('2026-11-24', '09:30', 'America/Sao_Paulo')).toBeNull();
    expect(localTimeOf('2026-11-24', '09:30', 'America/Manaus')).toBe('08:30');
    expect(localTimeOf('2026-11-24', '09:30', 'Europe/Lisbon')).toBe('12:30');
    // Crossing midnight names the other day.
    expect(localTimeOf('2026-11-24', '17:30', 'Asia/Tokyo')).toBe('05:30 (25/11)');
  });

  it("counts the calendar's today in Brasília, not in the visitor's zone", () => {
    // 2026-11-24 01:30 UTC is 22:30 on the 23rd in São Paulo (UTC-3): in Lisbon or Tokyo it is the 24th.
    expect(isoDay(brasiliaToday(Date.UTC(2026, 10, 24, 1, 30)))).toBe('2026-11-23');
    expect(isoDay(brasiliaToday(Date.UTC(2026, 10, 24, 3, 0)))).toBe('2026-11-24');
  });
});
