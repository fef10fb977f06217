import { describe, expect, it } from 'vitest';
import type { NumbersView, OriginRow } from './numbers';
import { defaultSort, parseSort, sortParam, tableRows } from './numbers-tables';

const origin = (campaign: string, leads: number, attended: number, qualified: number): OriginRow =>
  ({ source: 'google', medium: 'cpc', campaign, referrer: null, leads, offered: leads, offeredKnown: leads, noRule: 0, booked: attended, attended, qualified });
const view = { groups: { origin: [origin('a', 10, 2, 1), origin('b', 5, 4, 3), origin('c', 8, 0, 0), origin('d', 1, 1, 1)] } } as unknown as NumbersView;
const campaigns = (rows: (string | number)[][]) => rows.map((r) => String(r[0]).split(' / ')[2]);

describe('Por origem: sorted', () => {
  it('starts with Qualificados, largest first (ties in their order), the key columns first', () => {
    const { header, rows } = tableRows('origem', view);
    expect(header.slice(0, 3)).toEqual(['Origem / mídia / campanha', 'Qualificados', 'Compareceram']);
    expect(campaigns(rows)).toEqual(['b', 'a', 'd', 'c']);
  });
  it('sorts a rate by its fraction with no rate ("—") last either way; the order goes to the export and back', () => {
    const rate = tableRows('origem', view).header.indexOf('Taxa de qualificação');
    expect(campaigns(tableRows('origem', view, { column: rate, descending: true }).rows)).toEqual(['d', 'b', 'a', 'c']);
    expect(campaigns(tableRows('origem', view, { column: rate, descending: false }).rows)).toEqual(['a', 'b', 'd', 'c']);
    expect(parseSort('origem', sortParam({ column: rate, descending: false }))).toEqual({ column: rate, descending: false });
    // An edited or foreign order: the default; a table that does not sort: none.
    for (const junk of [null, '99-asc', 'x', '1-up']) expect(parseSort('origem', junk)).toEqual(defaultSort('origem'));
    expect(parseSort('funil', '1-desc')).toBeNull();
  });
});
