// The rules editor's draft: to and from the stored shape, and a save's field errors placed on the fields.
import { describe, expect, it } from 'vitest';
import { draftOf, emptyDraft, fieldOf, ruleOf } from './draft';
import { testResult } from './RuleTester';

const pool = { nome: 'Solar', quando: { segmento: ['energia-solar' as const] }, destino: { consultores: ['ana@x.com', 'bia@x.com'] } };
const none = { nome: 'B2C', quando: { modeloNegocio: ['b2c' as const] }, destino: { semReuniao: { mensagem: 'Veja.', link: { texto: 'Ver', url: '/palestras' } } } };
const everyone = { nome: 'Todos', destino: { equipe: 'todos' as const } };

describe('the rules editor', () => {
  it('round-trips each destination; unticked conditions and an empty link are left out', () => {
    for (const rule of [pool, none, everyone]) expect(ruleOf(draftOf(rule))).toEqual(rule);
    expect(ruleOf({ ...emptyDraft(), nome: 'X', destino: 'semReuniao', mensagem: 'M' })).toEqual({ nome: 'X', destino: { semReuniao: { mensagem: 'M' } } });
  });

  it('places the schema’s paths on the edited rule’s fields, and leaves other rules’ errors to the alert', () => {
    expect(fieldOf('regras.1.nome', 1)).toBe('nome');
    expect(fieldOf('regras.1.quando', 1)).toBe('quando');
    expect(fieldOf('regras.1.quando.segmento.0', 1)).toBe('quando.segmento');
    expect(fieldOf('regras.1.destino.consultores.0', 1)).toBe('consultores');
    expect(fieldOf('regras.1.destino.semReuniao.link.url', 1)).toBe('linkUrl');
    expect(fieldOf('regras.1.destino.semReuniao.link.texto', 1)).toBe('linkTexto');
    expect(fieldOf('regras.1.destino.semReuniao.mensagem', 1)).toBe('mensagem');
    expect(fieldOf('regras.1.destino', 1)).toBe('destino');
    expect(fieldOf('regras.2.nome', 1)).toBeNull();
    expect(fieldOf('regras.11.nome', 1)).toBeNull();
  });

  it('"Testar" names the rule and who is offered: a pool’s active consultants in its order, or the message', () => {
    const view = {
      regras: [none, pool, everyone],
      consultants: [{ email: 'bia@x.com', name: 'Bia', active: true }, { email: 'ana@x.com', name: 'Ana', active: true }, { email: 'caio@x.com', name: 'Caio', active: false }],
    };
    const answers = { service: 'trafego', segmento: 'energia-solar', faturamento: '0-50', numeroVendedores: 'nenhum', cargo: 'vendedor', modeloNegocio: 'b2b' } as const;
    expect(testResult(view, answers)).toBe('Vale a regra 2, "Solar". Horários oferecidos de: Ana, Bia.');
    expect(testResult(view, { ...answers, modeloNegocio: 'b2c' })).toBe('Vale a regra 1, "B2C". Sem reunião: o lead vê a mensagem "Veja." e o link "Ver".');
    expect(testResult(view, { ...answers, segmento: 'ecommerce' })).toBe('Vale a regra 3, "Todos". Horários oferecidos de: Bia, Ana.');
  });
});
