import { describe, expect, it } from 'vitest';
import { centsToInput, formatBrl, parseBrlCents } from './money';

const MAX = 10_000_000_000;
// Intl writes a no-break space after R$; the tests read it as a space.
const shown = (cents: number) => formatBrl(cents).replace(/\u00A0/g, ' ');

describe('money in cents', () => {
  it('reads a value as a Brazilian types it', () => {
    for (const [text, cents] of [
      ['12.345,67', 1_234_567], ['12345,67', 1_234_567], ['12345', 1_234_500], ['12.345', 1_234_500], ['R$ 1.000,5', 100_050],
      [' 0 ', 0], ['0,01', 1], ['1.234.567,89', 123_456_789], ['100.000.000,00', MAX], ['R$\u00A03.000,00', 300_000],
    ] as const) expect(parseBrlCents(text, MAX), text).toEqual({ cents });
  });

  it('refuses what is not one: negative, 3 decimals, a dot as decimal separator, over the maximum, text', () => {
    for (const [text, problem] of [
      ['', 'empty'], ['   ', 'empty'], ['-5', 'negative'], ['-1.000,00', 'negative'], ['1,234', 'precision'], ['12,345', 'precision'],
      ['12.5', 'unreadable'], ['1.23,45', 'unreadable'], ['12,', 'unreadable'], [',5', 'unreadable'], ['1e5', 'unreadable'], ['doze', 'unreadable'],
      ['100.000.000,01', 'too_large'], ['999999999999999999999', 'too_large'], ['9'.repeat(41), 'unreadable'],
    ] as const) expect(parseBrlCents(text, MAX), text).toEqual({ problem });
  });

  it('shows reais in pt-BR and gives the field its value back', () => {
    expect(shown(1_234_567)).toBe('R$ 12.345,67');
    expect(shown(0)).toBe('R$ 0,00');
    expect(shown(MAX * 60)).toBe('R$ 6.000.000.000,00');
    expect(centsToInput(1_234_567)).toBe('12.345,67');
    expect(parseBrlCents(centsToInput(MAX), MAX)).toEqual({ cents: MAX });
  });
});
