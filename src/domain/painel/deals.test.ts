import { describe, expect, it } from 'vitest';
import { dealChangeLine, dealRuleErrors, dealTotalCents, formatDealValue, parseDealBody, type DealInput } from './deals';

const nbsp = (s: string) => s.replace(/\u00A0/g, ' ');
const base: DealInput = { stage: 'proposta_enviada', valueCents: 300_000, billing: 'mensal', months: 12, expectedCloseOn: null, lostReason: null, lostNote: null };

describe('deals', () => {
  it('counts a mensal deal as monthly × months, a one-off as its value', () => {
    expect(dealTotalCents(base)).toBe(3_600_000);
    expect(dealTotalCents({ ...base, billing: 'avulso', months: null })).toBe(300_000);
    expect(nbsp(formatDealValue(base))).toBe('R$ 3.000,00/mês × 12 = R$ 36.000,00');
    expect(nbsp(formatDealValue({ ...base, billing: 'avulso', months: null, valueCents: 1_234_567 }))).toBe('R$ 12.345,67');
  });

  it('says a change as one line', () => {
    const to = { valueCents: 300_000, billing: 'mensal' as const, months: 12 };
    expect(nbsp(dealChangeLine({ fromStage: 'proposta_enviada', toStage: 'ganho', from: to, to }))).toBe('Proposta enviada ⇒ Ganho · R$ 3.000,00/mês × 12 = R$ 36.000,00');
    expect(nbsp(dealChangeLine({ fromStage: null, toStage: 'proposta_enviada', from: null, to: { valueCents: 100, billing: 'avulso', months: null } }))).toBe('Criada: Proposta enviada · R$ 1,00');
    expect(nbsp(dealChangeLine({ fromStage: 'em_negociacao', toStage: 'perdido', from: to, to: { ...to, months: 6 }, lostReason: 'preco' })))
      .toBe('Em negociação ⇒ Perdido (Preço) · R$ 3.000,00/mês × 12 = R$ 36.000,00 ⇒ R$ 3.000,00/mês × 6 = R$ 18.000,00');
  });

  it('holds the stage rules between fields', () => {
    expect(dealRuleErrors(base)).toEqual({});
    expect(dealRuleErrors({ ...base, stage: 'ganho', valueCents: 0 })).toHaveProperty('value');
    expect(dealRuleErrors({ ...base, stage: 'perdido' })).toHaveProperty('lostReason');
    expect(dealRuleErrors({ ...base, stage: 'perdido', lostReason: 'outro' })).toHaveProperty('lostNote');
    expect(dealRuleErrors({ ...base, stage: 'perdido', lostReason: 'outro', lostNote: 'Sem verba' })).toEqual({});
  });

  it('refuses an unknown field and cleans the note', () => {
    expect(parseDealBody(false, { ...base, extra: true })).toMatchObject({ ok: false });
    expect(parseDealBody(false, { ...base, stage: 'perdido', lostReason: 'preco', lostNote: ' caro\u0000 ' })).toMatchObject({ ok: true, deal: { lostNote: 'caro' } });
  });
});
