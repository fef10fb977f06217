import { describe, expect, it } from 'vitest';
import { leadMessages, leadSteps, validateLead, validateLeadFields } from '../../../src/domain/lead';
import { EMPTY_FORM_ERRORS, validLead } from '../../support/fixtures';

const valid = validLead;

describe('validateLead', () => {
  it('normalises a valid lead: CNPJ upper-case 14 chars, phone digits, outroSegmento null', () => {
    const result = validateLead({ ...valid, nomeCompleto: '  Maria da Silva ', outroSegmento: 'ignored' });
    expect(result).toEqual({
      ok: true,
      data: { ...valid, cnpj: '12ABC34501DE35', telefone: '43999998888', outroSegmento: null },
    });
  });

  it('gives every validation message for an empty form', () => {
    const result = validateLead({ ...Object.fromEntries(Object.keys(valid).map((k) => [k, ''])), segmento: 'outro' });
    expect(result).toEqual({
      ok: false,
      fieldErrors: EMPTY_FORM_ERRORS,
    });
    expect(validateLead({}).ok).toBe(false);
    expect((validateLead({ ...valid, segmento: '' }) as { fieldErrors: object }).fieldErrors).toEqual({ segmento: 'Selecione seu segmento de atuação' });
  });

  it('keeps a phone from abroad in E.164 and gives it its own message; Brazilian numbers keep theirs', () => {
    const parsed = (telefone: string) => validateLead({ ...valid, telefone });
    const stored = (telefone: string) => {
      const r = parsed(telefone);
      return r.ok ? r.data.telefone : r.fieldErrors.telefone;
    };
    expect(stored('+351 912 345 678')).toBe('+351912345678');
    expect(stored('+55 (43) 99999-8888')).toBe('43999998888');
    expect(stored('(43) 3333-4444')).toBe('4333334444');
    expect(leadMessages.telefone).toBe('Telefone deve ter pelo menos 10 dígitos');
    expect(stored('+351 912')).toBe(leadMessages.telefoneInternacional);
    expect(stored('+0 1234 5678')).toBe(leadMessages.telefoneInternacional);
    expect(stored('+55 (43) 9999')).toBe(leadMessages.telefone);
    expect(stored('(43) 9999')).toBe(leadMessages.telefone);
    expect(stored('')).toBe(leadMessages.telefone);
  });

  it('tells a short CNPJ from a wrong one', () => {
    const err = (cnpj: string) => (validateLead({ ...valid, cnpj }) as { fieldErrors: { cnpj?: string } }).fieldErrors.cnpj;
    expect(err('11.222.333/0001-8')).toBe(leadMessages.cnpjLength);
    expect(err('11.222.333/0001-82')).toBe(leadMessages.cnpjInvalid);
    expect(err('00.000.000/0000-00')).toBe(leadMessages.cnpjInvalid);
  });

  it('requires outroSegmento (not blank) only when segmento is outro', () => {
    expect(validateLead({ ...valid, segmento: 'outro', outroSegmento: '   ' })).toEqual({
      ok: false,
      fieldErrors: { outroSegmento: leadMessages.outroSegmento },
    });
    const ok = validateLead({ ...valid, segmento: 'outro', outroSegmento: ' Agro ' });
    expect(ok.ok && ok.data.outroSegmento).toBe('Agro');
  });

  it('rejects values outside the option sets and wrong types', () => {
    const result = validateLead({ ...valid, cargo: 'astronauta', faturamento: 50, email: 'maria@' });
    expect(result).toEqual({
      ok: false,
      fieldErrors: { cargo: leadMessages.cargo, faturamento: leadMessages.faturamento, email: leadMessages.email },
    });
  });
});

describe('validateLeadFields', () => {
  it('returns only the asked fields, {} when they are valid', () => {
    const step1 = leadSteps[0];
    expect(validateLeadFields({ ...valid, cnpj: '' }, step1)).toEqual({});
    expect(validateLeadFields({ nomeCompleto: 'M' }, step1)).toEqual({
      nomeCompleto: leadMessages.nomeCompleto,
      cargo: leadMessages.cargo,
      email: leadMessages.email,
      telefone: leadMessages.telefone,
    });
    expect(validateLeadFields({ segmento: 'outro' }, leadSteps[2])).toEqual({ outroSegmento: leadMessages.outroSegmento });
  });

  it('has four steps covering every field once', () => {
    expect(leadSteps).toHaveLength(4);
    expect(leadSteps.flat().sort()).toEqual(Object.keys(valid).sort());
  });
});
