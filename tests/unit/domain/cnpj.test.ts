import { describe, expect, it } from 'vitest';
import { isValidCnpj, maskCnpj, normalizeCnpj } from '../../../src/domain/cnpj';

describe('isValidCnpj', () => {
  it('accepts classic numeric CNPJs, masked or not', () => {
    for (const v of ['11222333000181', '11.222.333/0001-81', '11444777000161', '11.444.777/0001-61', '00000000000191']) {
      expect(isValidCnpj(v), v).toBe(true);
    }
  });

  it('accepts the Receita Federal alphanumeric example, in any case and mask', () => {
    for (const v of ['12ABC34501DE35', '12abc34501de35', '12.ABC.345/01DE-35', '12.abc.345/01de-35']) {
      expect(isValidCnpj(v), v).toBe(true);
    }
  });

  it('computes alphanumeric check digits from ASCII minus 48 with module 11', () => {
    // 1,2,A=17,B=18,C=19,3,4,5,0,1,D=20,E=21 × 5,4,3,2,9,8,7,6,5,4,3,2 = 459; 459 % 11 = 8 → 11 - 8 = 3.
    // with the 3 appended × 6,5,4,3,2,9,8,7,6,5,4,3,2 = 424; 424 % 11 = 6 → 11 - 6 = 5.
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    for (const dv of ['30', '34', '36', '45', '25']) expect(isValidCnpj(`12ABC34501DE${dv}`), dv).toBe(false);
    // A rest below 2 gives 0: 'AB0000000000' sums to 17*5+18*4 = 157, 157 % 11 = 3 → 8; then
    // 17*6+18*5+8*2 = 208, 208 % 11 = 10 → 1.
    expect(isValidCnpj('AB000000000081')).toBe(true);
  });

  it('rejects wrong check digits', () => {
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('11.222.333/0001-91')).toBe(false);
    expect(isValidCnpj('12ABC34501DE53')).toBe(false);
  });

  it('rejects values made of one repeated character, even when the arithmetic passes', () => {
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('11111111111111')).toBe(false);
    expect(isValidCnpj('AAAAAAAAAAAAAA')).toBe(false);
  });

  it('rejects short, long, letters in check digits and symbols', () => {
    expect(isValidCnpj('1122233300018')).toBe(false);
    expect(isValidCnpj('112223330001811')).toBe(false);
    expect(isValidCnpj('12ABC34501DEAB')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });
});

describe('normalizeCnpj', () => {
  it('strips the mask and upper-cases', () => {
    expect(normalizeCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeCnpj(' 11.222.333/0001-81 ')).toBe('11222333000181');
  });
});

describe('maskCnpj', () => {
  it('masks progressively while typing', () => {
    const typed = '11222333000181';
    const expected = ['1', '11', '11.2', '11.22', '11.222', '11.222.3', '11.222.33', '11.222.333', '11.222.333/0',
      '11.222.333/00', '11.222.333/000', '11.222.333/0001', '11.222.333/0001-8', '11.222.333/0001-81'];
    for (let i = 1; i <= typed.length; i++) expect(maskCnpj(typed.slice(0, i))).toBe(expected[i - 1]);
  });

  it('keeps letters in the first 12 places, upper-cased; only digits as check digits', () => {
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('12ABC34501DEX3')).toBe('12.ABC.345/01DE-3');
  });

  it('never exceeds 18 characters and re-masks pasted values', () => {
    expect(maskCnpj('11.222.333/0001-81999')).toBe('11.222.333/0001-81');
    expect(maskCnpj('11.222.333/0001-81999')).toHaveLength(18);
    expect(maskCnpj('')).toBe('');
  });

  it('masks a whole stored CNPJ (its fast path) as the typing loop does', () => {
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    for (let n = 0; n < 500; n++) {
      const head = Array.from({ length: 12 }, () => alphabet[next() % alphabet.length]).join('');
      const cnpj = head + String(next() % 100).padStart(2, '0');
      // Lower case is not a stored CNPJ: it takes the loop, which upper-cases it.
      expect(maskCnpj(cnpj), cnpj).toBe(maskCnpj(cnpj.toLowerCase()));
      expect(maskCnpj(cnpj)).toMatch(/^[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-[0-9]{2}$/);
    }
  });
});
