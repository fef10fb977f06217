import { describe, expect, it } from 'vitest';
import { behindShare, fairShareCopy, MIN_GAP } from './fair-share';

const c = (id: string, count: number, over: { weight?: number; credit?: number } = {}) => ({ id, count, weight: 100, credit: 0, ...over });

describe('recebendo menos que o esperado', () => {
  it('flags a consultant at half their share or less and at least 3 meetings short', () => {
    // 30 meetings among 3 equal shares: 10 each expected.
    const flagged = behindShare([c('a', 14), c('b', 12), c('c', 4)]);
    expect([...flagged]).toEqual([['c', { count: 4, expected: 10 }]]);
    expect(fairShareCopy.detail(flagged.get('c')!, 'mes')).toBe('4 de cerca de 10 reuniões que o peso daria neste mês');
    expect(fairShareCopy.flag).toBe('recebendo menos que o esperado');
  });

  it('flags nobody for an uneven but not far-off spread, nor for a small gap early in the window', () => {
    expect(behindShare([c('a', 12), c('b', 11), c('c', 7)]).size).toBe(0);
    // 0 of 2 expected: half of it, but only 2 short.
    expect(behindShare([c('a', 3), c('b', 3), c('c', 0)]).size).toBe(0);
    expect(MIN_GAP).toBe(3);
  });

  it('reads the weight: a half share expects half', () => {
    // 4 + 8 + 3 = 15 over 2.5 shares: 6 per share; the half share expects 3, has 3.
    expect(behindShare([c('a', 4), c('b', 8), c('half', 3, { weight: 50 })]).has('half')).toBe(false);
    // A double share expects 12 of 24 and has 4.
    expect([...behindShare([c('a', 10), c('b', 10), c('double', 4, { weight: 200 })])]).toEqual([['double', { count: 4, expected: 12 }]]);
  });

  it('a newcomer credited with what was booked before they joined expects only what came after', () => {
    // Joined after 20 were booked (credit 10, the team's load then): of the 6 since, a third is theirs.
    expect(behindShare([c('a', 13), c('b', 13), c('new', 0, { credit: 10 })]).has('new')).toBe(false);
    // Left out of the 12 booked since they joined (credit 4): flagged.
    expect([...behindShare([c('a', 10), c('b', 10), c('new', 0, { credit: 4 })])]).toEqual([['new', { count: 0, expected: 4 }]]);
  });

  it('needs two weighted consultants to compare', () => {
    expect(behindShare([c('a', 0), c('b', 20, { weight: 0 })]).size).toBe(0);
    expect(behindShare([]).size).toBe(0);
  });
});
