// The console's Brasília dates: a day of another year says its year; the period presets.
import { describe, expect, it } from 'vitest';
import { dayHeading, periodPresets, whatsappUrl } from './format';

describe('painel dates', () => {
  it('says the year of a day in another year, not of this year\'s', () => {
    const now = new Date('2026-11-26T15:00:00Z');
    expect(dayHeading('2025-01-07T15:00:00Z', now)).toMatch(/2025/);
    expect(dayHeading('2026-01-07T15:00:00Z', now)).not.toMatch(/2026/);
  });

  it('gives Hoje, Ontem, Esta semana (from Monday) and Este mês in Brasília days', () => {
    // Thursday 26/11/2026 at 01:00 in Brasília is still the 26th (04:00 UTC).
    expect(periodPresets(new Date('2026-11-26T04:00:00Z'))).toEqual([
      { label: 'Hoje', de: '2026-11-26', ate: '2026-11-26' },
      { label: 'Ontem', de: '2026-11-25', ate: '2026-11-25' },
      { label: 'Esta semana', de: '2026-11-23', ate: '2026-11-26' },
      { label: 'Este mês', de: '2026-11-01', ate: '2026-11-26' },
    ]);
    // 02:30 UTC on 1 Dec is still 30 Nov (a Monday) in Brasília: the week starts that day.
    const monday = periodPresets(new Date('2026-12-01T02:30:00Z'));
    expect(monday[0]).toEqual({ label: 'Hoje', de: '2026-11-30', ate: '2026-11-30' });
    expect(monday[2]).toEqual({ label: 'Esta semana', de: '2026-11-30', ate: '2026-11-30' });
    expect(monday[3]).toEqual({ label: 'Este mês', de: '2026-11-01', ate: '2026-11-30' });
  });

  it('links a Brazilian number to WhatsApp with 55, and a number from abroad as stored', () => {
    expect(whatsappUrl('43991234567')).toBe('https://wa.me/5543991234567');
    expect(whatsappUrl('+351912345678')).toBe('https://wa.me/351912345678');
  });
});
