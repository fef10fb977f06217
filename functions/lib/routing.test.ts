import { expect, test } from 'vitest';
import { windowsOf } from './routing';

test('the counting windows: the Brasília month (across a year end) and its Monday-based week; the caps load whole weeks', () => {
  const w = windowsOf(new Date('2026-12-31T12:00:00Z'), ['2027-01-06', '2027-01-04'], 'America/Sao_Paulo');
  expect(w.month_from.toISOString()).toBe('2026-12-01T03:00:00.000Z');
  expect(w.month_to.toISOString()).toBe('2027-01-01T03:00:00.000Z');
  expect(w.week_from.toISOString()).toBe('2026-12-28T03:00:00.000Z');
  expect(w.week_to.toISOString()).toBe('2027-01-04T03:00:00.000Z');
  expect(w.load_from.toISOString()).toBe('2027-01-04T03:00:00.000Z');
  expect(w.load_to.toISOString()).toBe('2027-01-11T03:00:00.000Z');
});
