// Números' period rules and pt-BR formats: the presets on a given day, what a period that cannot be one
// says, the comparison period, and numbers as the mentor reads them ("1.234", "12,5 %").
import { describe, expect, it } from 'vitest';
import { formatChange, formatCount, formatDuration, formatRate, periodMessages, presetPeriod, previousPeriod, rate, resolvePeriod } from './numbers';

describe('Números: periods', () => {
  it('reads each preset on a day in Brasília', () => {
    expect(presetPeriod('7d', '2026-11-26')).toEqual({ de: '2026-11-20', ate: '2026-11-26' });
    expect(presetPeriod('30d', '2026-11-26')).toEqual({ de: '2026-10-28', ate: '2026-11-26' });
    expect(presetPeriod('mes', '2026-11-26')).toEqual({ de: '2026-11-01', ate: '2026-11-26' });
    expect(presetPeriod('mes-passado', '2026-03-10')).toEqual({ de: '2026-02-01', ate: '2026-02-28' });
    expect(presetPeriod('mes-passado', '2026-01-05')).toEqual({ de: '2025-12-01', ate: '2025-12-31' });
    expect(presetPeriod('ano', '2026-11-26')).toEqual({ de: '2026-01-01', ate: '2026-11-26' });
    expect(presetPeriod('ano-passado', '2026-01-05')).toEqual({ de: '2025-01-01', ate: '2025-12-31' });
  });

  it('says in pt-BR why a custom period cannot be one; an unknown preset is the default', () => {
    const today = '2026-11-26';
    expect(resolvePeriod({ periodo: 'personalizado', de: '2016-01-01', ate: '2026-01-01' }, today)).toEqual({ ok: false, error: periodMessages.tooLong });
    expect(resolvePeriod({ periodo: 'personalizado', de: '2026-10-31', ate: '2026-10-01' }, today)).toEqual({ ok: false, error: periodMessages.order });
    expect(resolvePeriod({ periodo: 'personalizado', de: '1999-12-31', ate: '2026-01-01' }, today)).toEqual({ ok: false, error: periodMessages.date });
    // Two years (731 days) is the longest: this year against last year, a leap day included.
    expect(resolvePeriod({ periodo: 'personalizado', de: '2024-11-26', ate: '2026-11-26' }, today)).toMatchObject({ ok: true });
    expect(resolvePeriod({ periodo: 'personalizado', de: '2024-11-25', ate: '2026-11-26' }, today)).toEqual({ ok: false, error: periodMessages.tooLong });
    expect(periodMessages.tooLong).toBe('O período pode ter no máximo 731 dias. Escolha um intervalo menor.');
    expect(resolvePeriod({ periodo: '<script>' }, today)).toEqual({ ok: true, preset: '30d', period: presetPeriod('30d', today) });
  });

  it('compares with the period of equal length just before', () => {
    expect(previousPeriod({ de: '2026-10-01', ate: '2026-10-31' })).toEqual({ de: '2026-08-31', ate: '2026-09-30' });
    expect(previousPeriod({ de: '2026-11-26', ate: '2026-11-26' })).toEqual({ de: '2026-11-25', ate: '2026-11-25' });
  });
});

describe('Números: pt-BR numbers', () => {
  it('writes counts, rates, changes and durations as the mentor reads them', () => {
    expect(formatCount(1234)).toBe('1.234');
    expect(formatRate(rate(1, 8))).toBe('12,5 %');
    expect(formatRate(rate(3, 0))).toBe('—');
    expect(formatChange(9, 8)).toBe('↑ 12,5 %');
    expect(formatChange(6, 8)).toBe('↓ 25,0 %');
    expect(formatChange(5, 0)).toBe('novo');
    expect(formatChange(0, 0)).toBe('—');
    expect(formatDuration(45 * 60)).toBe('45 min');
    expect(formatDuration(5.5 * 3600)).toBe('5,5 h');
    expect(formatDuration(3.2 * 86_400)).toBe('3,2 dias');
    expect(formatDuration(null)).toBe('—');
  });
});
