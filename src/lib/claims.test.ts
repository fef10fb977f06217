import { describe, expect, it } from 'vitest';
import { withClaims } from './claims';

const claims = { mentoredOwners: '6.000+', salesGenerated: 'R$ 600M+' };

describe('withClaims', () => {
  it('puts the claims into every string, nested in objects and arrays, and leaves the rest alone', () => {
    const data = { title: 'Sem número', stats: [{ number: '{mentoredOwners}', order: 1 }], text: 'São {mentoredOwners} e {salesGenerated}.', when: new Date(0) };
    expect(withClaims(data, claims)).toEqual({ title: 'Sem número', stats: [{ number: '6.000+', order: 1 }], text: 'São 6.000+ e R$ 600M+.', when: new Date(0) });
    // The input is not changed in place (content entries are cached by Astro).
    expect(data.stats[0].number).toBe('{mentoredOwners}');
  });

  it('leaves a name that is not a claim as written (the schemas refuse it where a text takes placeholders)', () => {
    expect(withClaims({ a: ['/x{mentordOwners}'] }, claims)).toEqual({ a: ['/x{mentordOwners}'] });
  });

  it('does not take inherited keys for claims', () => {
    expect(withClaims('{constructor}', claims)).toBe('{constructor}');
  });
});
