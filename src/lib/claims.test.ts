import { describe, expect, it } from 'vitest';
import { withClaims } from './claims';

const claims = { mentoredOwners: '6.000+', salesGenerated: 'R$ 600M+' };

describe('withClaims', () => {
  it('puts the claims into every string, nested in objects and arrays, and leaves the rest alone', () => {
    const data = { title: 'Sem número', stats: [{ number: '{mentoredOwners}', order: 1 }], text: 'São {mentoredOwners} e {salesGenerated}.', when: new Date(0) };
    expect(withClaims(data, claims, 'home.yaml')).toEqual({ title: 'Sem número', stats: [{ number: '6.000+', order: 1 }], text: 'São 6.000+ e R$ 600M+.', when: new Date(0) });
    // The input is not changed in place (content entries are cached by Astro).
    expect(data.stats[0].number).toBe('{mentoredOwners}');
  });

  it('stops on a placeholder that is not a claim, naming the file and the claims there are', () => {
    expect(() => withClaims({ a: ['{mentordOwners}'] }, claims, 'servicos/palestras.yaml')).toThrow(
      'content/servicos/palestras.yaml: "{mentordOwners}" não é um número de content/site.yaml → claims (mentoredOwners, salesGenerated)',
    );
  });

  it('does not take inherited keys for claims', () => {
    expect(() => withClaims('{constructor}', claims, 'x.yaml')).toThrow(/constructor/);
  });
});
