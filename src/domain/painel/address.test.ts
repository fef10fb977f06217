// The console's addresses: what a copied, typed or mailed fragment opens, and that writing then reading
// an address gives the same place.
import { describe, expect, it } from 'vitest';
import { homePlace, painelUrl, parsePlace, placeHash, type PainelPlace } from './address';
import { parseTouch, resolvePeriod } from './numbers';
import { weekStart } from './week';

const ID = '3f2b8c1e-5a4d-4e6f-9a7b-1c2d3e4f5a6b';

describe('painel addresses', () => {
  it('round-trips every kind of place', () => {
    const places: PainelPlace[] = [
      { kind: 'lead', id: ID },
      { kind: 'meeting', id: ID },
      { kind: 'section', section: 'meetings', filters: { aba: 'sem-desfecho', consultor: ID, de: '2026-11-01', ate: '2026-11-26' } },
      { kind: 'section', section: 'leads', filters: { segmento: 'energia-solar', reuniao: 'sem' } },
      { kind: 'section', section: 'team', filters: {} },
      { kind: 'section', section: 'rules', filters: {} },
      { kind: 'section', section: 'integrations', filters: {} },
      { kind: 'section', section: 'activity', filters: {} },
      { kind: 'section', section: 'today', filters: {} },
      { kind: 'section', section: 'numbers', filters: { periodo: 'personalizado', de: '2026-10-01', ate: '2026-10-31', toque: 'ultimo' } },
      { kind: 'section', section: 'numbers', filters: { periodo: '7d', semana: '2026-11-23', consultor: ID } },
    ];
    for (const place of places) expect(parsePlace(placeHash(place))).toEqual(place);
  });

  it('writes the short forms a person can read', () => {
    expect(placeHash({ kind: 'lead', id: ID })).toBe(`#lead=${ID}`);
    expect(placeHash({ kind: 'section', section: 'rules', filters: {} })).toBe('#regras');
    expect(placeHash({ kind: 'section', section: 'integrations', filters: {} })).toBe('#integracoes');
    // The leads list's own "integracoes" filter is not the screen: the first name decides.
    expect(parsePlace('#leads&integracoes=falha')).toEqual({ kind: 'section', section: 'leads', filters: { integracoes: 'falha' } });
    expect(placeHash({ kind: 'section', section: 'meetings', filters: { aba: 'sem-desfecho', servico: '' } })).toBe('#reunioes&aba=sem-desfecho');
    expect(painelUrl('https://mentorsolar.com.br/', { kind: 'meeting', id: ID })).toBe(`https://mentorsolar.com.br/painel#reuniao=${ID}`);
  });

  it('keeps only the filters of the list: no search text (personal data), nothing unknown', () => {
    expect(parsePlace('#leads&busca=maria%40x.com&segmento=energia-solar&foo=1')).toEqual({ kind: 'section', section: 'leads', filters: { segmento: 'energia-solar' } });
    expect(placeHash({ kind: 'section', section: 'leads', filters: { busca: 'Maria', segmento: 'x' } })).toBe('#leads&segmento=x');
  });

  it('keeps the routing rule filter (the mentor\'s config, not a person\'s data), as long as a rule name may be', () => {
    const rule = 'Tráfego pago para energia solar';
    const place = { kind: 'section', section: 'leads', filters: { regra: rule, reuniao: 'sem' } } as const;
    expect(parsePlace(placeHash(place))).toEqual(place);
    expect(parsePlace(`#leads&regra=${'a'.repeat(121)}`)).toEqual({ kind: 'section', section: 'leads', filters: {} });
  });

  it('opens Números for a campaign, period, touch or week it does not know, each read as its default (issue 34)', () => {
    const place = parsePlace('#numeros&utm_campaign=%3Cscript%3E&campanha=inverno&periodo=ano-todo&toque=meio&semana=2026-13-45');
    // Números has no campaign filter: the value is dropped; the rest is read by the screen's own rules.
    expect(place).toEqual({ kind: 'section', section: 'numbers', filters: { periodo: 'ano-todo', toque: 'meio', semana: '2026-13-45' } });
    const filters = place.kind === 'section' ? place.filters : {};
    expect(resolvePeriod({ periodo: filters.periodo }, '2026-11-26')).toEqual({ ok: true, preset: '30d', period: { de: '2026-10-28', ate: '2026-11-26' } });
    expect(parseTouch(filters.toque)).toBe('first');
    expect(weekStart(filters.semana, '2026-11-26')).toBe('2026-11-23');
  });

  it('answers "not found" for a lead or meeting id that cannot be one, so it never reaches another endpoint', () => {
    for (const hash of ['#lead=..%2Fsessao', '#reuniao=a%2Fb', '#lead=', `#lead=${'a'.repeat(65)}`, '#reuniao=x.y']) {
      expect(parsePlace(hash), hash).toEqual({ kind: 'missing' });
    }
  });

  it('reads the old morning-mail link (#sem-desfecho) as that tab', () => {
    expect(parsePlace('#sem-desfecho')).toEqual({ kind: 'section', section: 'meetings', filters: { aba: 'sem-desfecho' } });
  });

  it('opens the first screen for an empty, unknown or malformed address', () => {
    for (const hash of ['', '#', '#qualquer-coisa', '#%E0%A4%A', '#leads&de=%00']) {
      const place = parsePlace(hash);
      if (place.kind === 'section' && place.section === 'leads') expect(place.filters).toEqual({});
      else expect(place).toEqual(homePlace);
    }
  });
});
