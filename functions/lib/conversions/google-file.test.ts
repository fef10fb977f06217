import { describe, expect, it } from 'vitest';
import { checkGoogleFile } from '../../../tests/support/google-file-validator';
import {
  DEFAULT_GOOGLE_CONVERSION_NAMES as NAMES, googleClickFile, googleContactFile, googleTime, googleValue, type GoogleConversion,
} from './google-file';

const names = Object.values(NAMES);
const base = { email: 'Maria.Silva+solar@GMail.com', telefone: '11987654321', valueCents: null } as const;
const byClick: GoogleConversion = { ...base, stage: 'reuniao_qualificada', at: '2026-11-28T17:30:00Z', gclid: 'Cj0KCQiA-abc_123' };
const byGbraid: GoogleConversion = { ...base, stage: 'negocio_ganho', at: '2026-11-29T12:00:00Z', gbraid: '0AAAAAo-gbraid', valueCents: 1_250_050 };
const byWbraid: GoogleConversion = { ...base, stage: 'reuniao_qualificada', at: '2026-11-29T12:00:00Z', wbraid: 'CjwKwbraid' };
const noClick: GoogleConversion = { ...base, stage: 'negocio_ganho', at: '2026-11-30T03:00:00Z', valueCents: 480_000 };

describe('São Paulo time for the file', () => {
  it('writes the instant as YYYY-MM-DD HH:mm:ss in Brasília time (UTC-3 today)', () => {
    expect(googleTime('2026-11-28T17:30:00Z')).toBe('2026-11-28 14:30:00');
    expect(googleTime(new Date('2026-11-28T00:00:00.999Z'))).toBe('2026-11-27 21:00:00');
  });

  it('day, month and year boundaries fall on São Paulo midnight, not UTC midnight', () => {
    expect(googleTime('2026-12-01T02:59:59Z')).toBe('2026-11-30 23:59:59');
    expect(googleTime('2026-12-01T03:00:00Z')).toBe('2026-12-01 00:00:00');
    expect(googleTime('2027-01-01T02:30:00Z')).toBe('2026-12-31 23:30:00');
  });

  it('historic daylight saving: midnight skipped on 2018-11-04, the hour repeated on 2019-02-16', () => {
    expect(googleTime('2018-11-04T02:59:59Z')).toBe('2018-11-03 23:59:59');
    expect(googleTime('2018-11-04T03:00:00Z')).toBe('2018-11-04 01:00:00');
    expect(googleTime('2019-01-15T12:00:00Z')).toBe('2019-01-15 10:00:00');
    expect(googleTime('2019-02-17T01:59:59Z')).toBe('2019-02-16 23:59:59');
    expect(googleTime('2019-02-17T02:00:00Z')).toBe('2019-02-16 23:00:00');
  });

  it('refuses what is not a date instead of writing NaN', () => {
    expect(() => googleTime('ontem')).toThrow(RangeError);
  });
});

describe('values', () => {
  it("'.' decimals, no thousands separator, empty for none", () => {
    expect(googleValue(1_250_050)).toBe('12500.50');
    expect(googleValue(5)).toBe('0.05');
    expect(googleValue(0)).toBe('0.00');
    expect(googleValue(null)).toBe('');
    expect(() => googleValue(-1)).toThrow(RangeError);
    expect(() => googleValue(1.5)).toThrow(RangeError);
  });
});

describe('the file by click id', () => {
  it("passes the validator: zone line, Google's header, one id per row in its own column, BRL", () => {
    const text = googleClickFile([byClick, byGbraid, byWbraid, noClick], NAMES);
    const check = checkGoogleFile(text, names);
    expect(check.problems).toEqual([]);
    expect(check.kind).toBe('click');
    expect(text.split('\r\n').slice(0, 5)).toEqual([
      'Parameters:TimeZone=America/Sao_Paulo',
      'Google Click ID,GBRAID,WBRAID,Conversion Name,Conversion Time,Conversion Value,Conversion Currency',
      'Cj0KCQiA-abc_123,,,Reunião qualificada,2026-11-28 14:30:00,,BRL',
      ',0AAAAAo-gbraid,,Negócio ganho,2026-11-29 09:00:00,12500.50,BRL',
      ',,CjwKwbraid,Reunião qualificada,2026-11-29 09:00:00,,BRL',
    ]);
    // The lead without a click id is not here: it goes in the contact file.
    expect(check.rows).toHaveLength(3);
  });

  it('a lead with a gclid and a gbraid keeps one id only (the gclid)', () => {
    const text = googleClickFile([{ ...byClick, gbraid: 'gb', wbraid: 'wb' }], NAMES);
    expect(checkGoogleFile(text, names).problems).toEqual([]);
    expect(text).toContain('Cj0KCQiA-abc_123,,,');
  });

  it('configured names are used, quoted when they hold a comma', () => {
    const text = googleClickFile([byClick], { reuniao_qualificada: 'Reunião, qualificada', negocio_ganho: 'Venda' });
    expect(text).toContain('Cj0KCQiA-abc_123,,,"Reunião, qualificada",2026-11-28 14:30:00,,BRL');
    expect(checkGoogleFile(text, ['Reunião, qualificada', 'Venda']).problems).toEqual([]);
  });

  it('no conversions: the zone line and the header, still a valid file', () => {
    const text = googleClickFile([], NAMES);
    expect(checkGoogleFile(text, names)).toEqual({ kind: 'click', rows: [], problems: [] });
  });
});

describe('the file by hashed contact', () => {
  it("only leads without a click id, SHA-256 of Google's normalisation, never the plain contact", () => {
    const text = googleContactFile([byClick, noClick], NAMES);
    const check = checkGoogleFile(text, names);
    expect(check.problems).toEqual([]);
    expect(check.kind).toBe('contact');
    expect(check.rows).toEqual([{
      // mariasilva@gmail.com (Gmail: no dots, no +suffix) and +5511987654321
      Email: '1b012ceb003e882477e741dc6771745ed14564b344ffb28e14e8ed30fdbeed05',
      'Phone Number': '38225ec3dccec4189659c110ddc4f3dc9c27539850cb6a9ddae31ae03a5cf441',
      'Conversion Name': 'Negócio ganho',
      'Conversion Time': '2026-11-30 00:00:00',
      'Conversion Value': '4800.00',
      'Conversion Currency': 'BRL',
    }]);
    expect(text).not.toMatch(/maria|98765|\+55/i);
  });

  it('a phone that cannot be normalised leaves its column empty; no contact at all, no row', () => {
    const noPhone = googleContactFile([{ ...noClick, telefone: '123' }], NAMES);
    expect(checkGoogleFile(noPhone, names).rows[0]['Phone Number']).toBe('');
    expect(checkGoogleFile(noPhone, names).problems).toEqual([]);
    expect(checkGoogleFile(googleContactFile([{ ...noClick, telefone: '', email: 'nada' }], NAMES), names).rows).toEqual([]);
  });
});

describe('the validator refuses what Google refuses', () => {
  const good = googleClickFile([byClick], NAMES);
  const problemsOf = (text: string, kind = names) => checkGoogleFile(text, kind).problems;
  it.each([
    ['no zone line', good.replace('Parameters:TimeZone=America/Sao_Paulo\r\n', '')],
    ['a T inside the time', good.replace('2026-11-28 14:30:00', '2026-11-28T14:30:00')],
    ['an offset inside the time', good.replace('2026-11-28 14:30:00', '2026-11-28 14:30:00-03:00')],
    ['an impossible date', good.replace('2026-11-28', '2026-02-30')],
    ['a decimal comma', good.replace(',,BRL', ',"12,50",BRL')],
    ['another currency', good.replace(',BRL', ',USD')],
    ['two click ids in a row', good.replace('Cj0KCQiA-abc_123,,', 'Cj0KCQiA-abc_123,gb,')],
    ['a plain e-mail', good.replace('Cj0KCQiA-abc_123', 'maria@gmail.com')],
    ['a header with a column missing', good.replace(',WBRAID', '')],
    ['an unknown conversion name', good.replace('Reunião qualificada', 'Reuniao qualificada')],
    ['the same row twice', good + good.split('\r\n')[2] + '\r\n'],
  ])('%s', (_, text) => {
    expect(problemsOf(text)).not.toEqual([]);
  });

  it('a plain phone in the contact file', () => {
    const text = googleContactFile([noClick], NAMES).replace(/,[0-9a-f]{64},Neg/, ',+5511987654321,Neg');
    expect(problemsOf(text)).toEqual([expect.stringContaining('Phone Number is not a lower-case hex SHA-256')]);
  });
});
