import { describe, expect, it } from 'vitest';
import { matchRoute, type RoutingAnswers, type RoutingRules } from './rules';

const answers = (over: Partial<RoutingAnswers> = {}): RoutingAnswers => ({
  service: 'consultoria', segmento: 'energia-solar', faturamento: '1000-5000', numeroVendedores: '6-10', cargo: 'diretor-comercial', modeloNegocio: 'b2b', ...over,
});

const rules: RoutingRules = {
  regras: [
    {
      nome: 'B2C abaixo de R$ 50 mil',
      quando: { modeloNegocio: ['b2c'], faturamento: ['0-50'] },
      destino: { semReuniao: { mensagem: 'Veja o material.', link: { texto: 'Material', url: 'https://blog.example.com' } } },
    },
    { nome: 'Tráfego solar', quando: { servico: ['trafego'], segmento: ['energia-solar'] }, destino: { consultores: ['Ana@Example.com', 'bruno@example.com'] } },
    { nome: 'Vendedores', quando: { cargo: ['vendedor'] }, destino: { semReuniao: { mensagem: 'Chame no chat.' } } },
    { nome: 'Todos', destino: { equipe: 'todos' } },
  ],
};

describe('matchRoute: first rule whose conditions all hold, top to bottom', () => {
  it('sends B2C below R$ 50 mil to no meeting, with the rule’s message and link', () => {
    expect(matchRoute(rules, answers({ modeloNegocio: 'b2c', faturamento: '0-50' }))).toEqual({
      rule: 'B2C abaixo de R$ 50 mil', kind: 'none', message: 'Veja o material.', link: { label: 'Material', url: 'https://blog.example.com' },
    });
  });

  it('needs every condition of a rule: B2C with more revenue, or B2B below 50 mil, go on to the next rules', () => {
    expect(matchRoute(rules, answers({ modeloNegocio: 'b2c', faturamento: '50-100' }))).toEqual({ rule: 'Todos', kind: 'team' });
    expect(matchRoute(rules, answers({ modeloNegocio: 'b2b', faturamento: '0-50' }))).toEqual({ rule: 'Todos', kind: 'team' });
  });

  it('sends to a pool by email (lower case), on the service too', () => {
    expect(matchRoute(rules, answers({ service: 'trafego' }))).toEqual({ rule: 'Tráfego solar', kind: 'pool', emails: ['ana@example.com', 'bruno@example.com'] });
    expect(matchRoute(rules, answers({ service: 'consultoria' }))).toEqual({ rule: 'Todos', kind: 'team' });
  });

  it('the first match wins when several rules hold', () => {
    // Both "B2C < 50 mil" and "Vendedores" hold: the upper one decides.
    expect(matchRoute(rules, answers({ modeloNegocio: 'b2c', faturamento: '0-50', cargo: 'vendedor' })).rule).toBe('B2C abaixo de R$ 50 mil');
    expect(matchRoute(rules, answers({ cargo: 'vendedor' }))).toEqual({ rule: 'Vendedores', kind: 'none', message: 'Chame no chat.', link: null });
  });

  it('an unknown service fails every rule with a service condition and matches the others', () => {
    expect(matchRoute(rules, answers({ service: null })).rule).toBe('Todos');
    expect(matchRoute(rules, answers({ service: null, cargo: 'vendedor' })).rule).toBe('Vendedores');
  });

  it('an empty "quando" holds for everyone; rules without a catch-all throw (the schema never lets them through)', () => {
    expect(matchRoute({ regras: [{ nome: 'Vazio', quando: {}, destino: { equipe: 'todos' } }] }, answers())).toEqual({ rule: 'Vazio', kind: 'team' });
    expect(() => matchRoute({ regras: [rules.regras[0]] }, answers())).toThrow(/catch-all/);
  });
});
