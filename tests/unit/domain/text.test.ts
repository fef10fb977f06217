// Text hygiene of the lead form (src/domain/text.ts through leadSchema): browser and server share it.
import { describe, expect, it } from 'vitest';
import { leadMessages, validateLead } from '../../../src/domain/lead';
import { isValidPhone } from '../../../src/domain/phone';
import { cleanLine, firstName, visibleLength } from '../../../src/domain/text';
import { validLead } from '../../support/fixtures';

const errorsOf = (values: object) => {
  const result = validateLead({ ...validLead, ...values });
  return result.ok ? {} : result.fieldErrors;
};
const dataOf = (values: object) => {
  const result = validateLead({ ...validLead, ...values });
  if (!result.ok) throw new Error(JSON.stringify(result.fieldErrors));
  return result.data;
};

describe('one-line text fields', () => {
  it('normalise to NFC and collapse newlines, tabs and repeated spaces', () => {
    expect(dataOf({ nomeCompleto: 'Jose\u0301\n\tda   Silva ' }).nomeCompleto).toBe('José da Silva');
    expect(dataOf({ nomeEmpresa: 'Solar\r\nNorte' }).nomeEmpresa).toBe('Solar Norte');
    expect(dataOf({ segmento: 'outro', outroSegmento: ' Agro\tnegócio ' }).outroSegmento).toBe('Agro negócio');
    expect(cleanLine('a\u2028b')).toBe('a b');
  });

  it('reject NUL, other control characters and lone surrogates with the field message', () => {
    for (const bad of ['Maria\u0000', 'Ma\u0007ria', 'Maria\u007f', 'Maria\u0085', 'Maria\ud800', '\udc00Maria', 'Maria\u009b']) {
      expect(errorsOf({ nomeCompleto: bad }), JSON.stringify(bad)).toEqual({ nomeCompleto: leadMessages.nomeCompleto });
      expect(errorsOf({ nomeEmpresa: bad })).toEqual({ nomeEmpresa: leadMessages.nomeEmpresa });
      expect(errorsOf({ segmento: 'outro', outroSegmento: bad })).toEqual({ outroSegmento: leadMessages.outroSegmento });
      expect(errorsOf({ email: `${bad}@x.com` })).toEqual({ email: leadMessages.email });
    }
    // A valid surrogate pair (an emoji) is text like any other.
    expect(dataOf({ nomeEmpresa: 'Solar ☀️ 🌞' }).nomeEmpresa).toBe('Solar ☀️ 🌞');
  });

  it('need 2 visible characters: zero-width, blank fillers and lone marks do not count', () => {
    expect(visibleLength('\u200b\u200c\u200d\u2060\ufeff')).toBe(0);
    for (const blank of ['\u200b\u200b\u200b', 'A\u200b', '\u3164\u3164', '\u2800\u2800', '\u0301\u0301', ' \u00a0 ', 'x\u00ad']) {
      expect(errorsOf({ nomeCompleto: blank }), JSON.stringify(blank)).toEqual({ nomeCompleto: leadMessages.nomeCompleto });
    }
    expect(dataOf({ nomeCompleto: 'Lu' }).nomeCompleto).toBe('Lu');
    expect(errorsOf({ segmento: 'outro', outroSegmento: '\u200bA' })).toEqual({ outroSegmento: leadMessages.outroSegmento });
  });

  it('cap lengths: nome 120, empresa 160, email 254, outro segmento 120', () => {
    expect(dataOf({ nomeCompleto: 'a'.repeat(120) }).nomeCompleto).toHaveLength(120);
    expect(errorsOf({ nomeCompleto: 'a'.repeat(121) })).toEqual({ nomeCompleto: leadMessages.nomeCompleto });
    expect(errorsOf({ nomeCompleto: 'a'.repeat(15_000) })).toEqual({ nomeCompleto: leadMessages.nomeCompleto });
    expect(dataOf({ nomeEmpresa: 'b'.repeat(160) }).nomeEmpresa).toHaveLength(160);
    expect(errorsOf({ nomeEmpresa: 'b'.repeat(161) })).toEqual({ nomeEmpresa: leadMessages.nomeEmpresa });
    const local = 'c'.repeat(64);
    const email254 = `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(57)}.com`;
    expect(email254).toHaveLength(254);
    expect(dataOf({ email: email254 }).email).toBe(email254);
    expect(errorsOf({ email: `${local}@d${email254.slice(local.length + 1)}` })).toEqual({ email: leadMessages.email }); // 255
    expect(dataOf({ segmento: 'outro', outroSegmento: 'g'.repeat(120) }).outroSegmento).toHaveLength(120);
    expect(errorsOf({ segmento: 'outro', outroSegmento: 'g'.repeat(121) })).toEqual({ outroSegmento: leadMessages.outroSegmento });
  });
});

describe('phone', () => {
  it('refuses one digit repeated', () => {
    for (const p of ['(11) 11111-1111', '0000000000', '9999999999', '(44) 4444-4444']) {
      expect(isValidPhone(p), p).toBe(false);
      expect(errorsOf({ telefone: p })).toEqual({ telefone: leadMessages.telefone });
    }
    expect(isValidPhone('(11) 11111-1112')).toBe(true);
  });
});

describe('firstName', () => {
  it('is the first word of a name, whatever the spacing', () => {
    expect(firstName('  Ana   Souza ')).toBe('Ana');
    expect(firstName('Dora')).toBe('Dora');
  });
});
