// The hours grid's checks and words (issue 33): what the browser says next to a field, and what the
// server's parser (the CLI's) accepts back from the grid.
import { describe, expect, it } from 'vitest';
import { schedulingConfig } from './config';
import { defaultHours, parseHours } from './hours';
import { checkGrid, gridCommandText, gridCopy, gridFromRanges, hoursInWords } from './week-grid';

describe('the hours grid', () => {
  it('says hours in words, days grouped as the week is read', () => {
    expect(hoursInWords(defaultHours(schedulingConfig))).toBe('seg–sex, 9h–18h');
    expect(hoursInWords(parseHours('seg-sex 09:00-12:00 13:30-18:00; sab 09:00-12:00'))).toBe('seg–sex, 9h–12h e 13h30–18h; sáb, 9h–12h');
    expect(hoursInWords(parseHours('seg 08:00-24:00; qua 09:00-10:00'))).toBe('seg, 8h–24h; qua, 9h–10h');
  });

  it('refuses an end before the start, overlapping intervals, a day on without one and a week with none', () => {
    const grid = gridFromRanges([]);
    grid[1] = { on: true, ranges: [{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }] };
    grid[2] = { on: true, ranges: [{ start: '10:00', end: '09:00' }] };
    grid[3] = { on: true, ranges: [] };
    expect(checkGrid(grid)).toEqual({ '1-1-start': gridCopy.overlap, '2-0-end': gridCopy.endBeforeStart, 3: gridCopy.emptyDay });
    expect(checkGrid(gridFromRanges([]))).toEqual({ week: gridCopy.noDay });
  });

  it('saves as the text the command parses back to the same ranges', () => {
    const ranges = parseHours('seg-sex 09:00-12:00 13:00-18:00; sab 09:00-12:00');
    const grid = gridFromRanges(ranges);
    expect(checkGrid(grid)).toEqual({});
    expect(parseHours(gridCommandText(grid))).toEqual(ranges);
  });
});
