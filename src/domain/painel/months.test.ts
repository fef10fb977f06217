import { describe, expect, it } from 'vitest';
import { monthLabel, recentMonths } from './months';

describe('recentMonths', () => {
  it('lists the months back from the current one, across a year, by name', () => {
    expect(recentMonths('2026-02', 4)).toEqual([
      { value: '2026-02', label: 'fevereiro de 2026' },
      { value: '2026-01', label: 'janeiro de 2026' },
      { value: '2025-12', label: 'dezembro de 2025' },
      { value: '2025-11', label: 'novembro de 2025' },
    ]);
    expect(recentMonths('2026-11', 24).map((m) => m.value).at(-1)).toBe('2024-12');
    expect(monthLabel('2026-11')).toBe('novembro de 2026');
  });
});
