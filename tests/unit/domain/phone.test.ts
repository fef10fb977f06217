import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  isValidPhone,
  maskPhone,
  normalizePhone,
  PHONE_INPUT_MAX_LENGTH,
  phoneDigits,
} from '../../../src/domain/phone';

describe('phone rule', () => {
  it('accepts 10 (landline) and 11 (mobile) digits, masked or not', () => {
    expect(isValidPhone('4333334444')).toBe(true);
    expect(isValidPhone('(43) 3333-4444')).toBe(true);
    expect(isValidPhone('43999998888')).toBe(true);
    expect(isValidPhone('(43) 99999-8888')).toBe(true);
  });

  it('rejects fewer than 10 or more than 11 digits', () => {
    expect(isValidPhone('(43) 3333-444')).toBe(false);
    expect(isValidPhone('439999988881')).toBe(false);
    expect(isValidPhone('')).toBe(false);
  });

  it('phoneDigits keeps at most 11 digits', () => {
    expect(phoneDigits('(43) 99999-8888')).toBe('43999998888');
    expect(phoneDigits('55 (43) 99999-8888')).toBe('55439999988');
  });
});

describe('maskPhone', () => {
  it('masks a landline progressively as (DD) NNNN-NNNN', () => {
    const typed = '4333334444';
    const expected = ['(4', '(43', '(43) 3', '(43) 33', '(43) 333', '(43) 3333', '(43) 3333-4', '(43) 3333-44', '(43) 3333-444', '(43) 3333-4444'];
    for (let i = 1; i <= typed.length; i++) expect(maskPhone(typed.slice(0, i))).toBe(expected[i - 1]);
  });

  it('switches to (DD) NNNNN-NNNN at the 11th digit, max 15 characters', () => {
    expect(maskPhone('43999998888')).toBe('(43) 99999-8888');
    expect(maskPhone('4399999888877')).toBe('(43) 99999-8888');
    expect(maskPhone('4399999888877')).toHaveLength(15);
  });

  it('re-masks edited values and clears to empty', () => {
    expect(maskPhone('(43) 99999-888')).toBe('(43) 9999-9888');
    expect(maskPhone('')).toBe('');
  });
});

// Issue 22: a number typed with '+' and a country code other than 55 stays international (E.164).
describe('phones from abroad', () => {
  it('keeps +351 912 345 678 as E.164 instead of rewriting it into a Brazilian number', () => {
    expect(isValidPhone('+351 912 345 678')).toBe(true);
    expect(normalizePhone('+351 912 345 678')).toBe('+351912345678');
    expect(maskPhone('+351 912 345 678')).toBe('+351 912 345 678');
    expect(maskPhone('+351912345678')).toBe('+351 912 345 678');
  });

  it('formats stored E.164 numbers readably (e-mails and invites use maskPhone)', () => {
    expect(maskPhone('+14155552671')).toBe('+1 415 555 267 1');
    expect(maskPhone('+442079460958')).toBe('+44 207 946 095 8');
    expect(maskPhone('+4915123456789')).toBe('+49 151 234 567 89');
    expect(maskPhone('+351912345678')).toBe('+351 912 345 678');
  });

  it('masks while typing without mangling the +', () => {
    const typed = '+351912345678';
    const shown = [...typed].map((_, i) => maskPhone(typed.slice(0, i + 1)));
    expect(shown).toEqual(['+', '+3', '+35', '+351', '+351 9', '+351 91', '+351 912', '+351 912 3', '+351 912 34', '+351 912 345', '+351 912 345 6', '+351 912 345 67', '+351 912 345 678']);
    // Re-masking a shown value gives the same value (the field formats on every change).
    for (const value of shown) expect(maskPhone(value)).toBe(value);
  });

  it('accepts 8 to 15 digits after the +, country code not 0, separators between digits', () => {
    expect(isValidPhone('+1 (415) 555-2671')).toBe(true);
    expect(isValidPhone('+44 20 7946 0958')).toBe(true);
    expect(isValidPhone('+590 690 00 11 22')).toBe(true);
    expect(isValidPhone('+4712345678')).toBe(true); // 10 digits, Norway
    expect(isValidPhone('+376312345')).toBe(true); // 9 digits, Andorra
    expect(isValidPhone('+1234567')).toBe(false); // 7 digits
    expect(isValidPhone('+1234567890123456')).toBe(false); // 16 digits
    expect(isValidPhone('+0351912345678')).toBe(false);
    expect(isValidPhone('+351 999999999')).toBe(false); // one digit repeated
    expect(isValidPhone('+351 912 345 678 ramal 2')).toBe(false);
    expect(isValidPhone('+')).toBe(false);
  });

  it('treats +55 as Brazilian: same storage (10–11 digits), mask and validity', () => {
    expect(isValidPhone('+55 (43) 99999-8888')).toBe(true);
    expect(normalizePhone('+55 (43) 99999-8888')).toBe('43999998888');
    expect(normalizePhone('+55 43 3333-4444')).toBe('4333334444');
    expect(maskPhone('+5543999998888')).toBe('+55 (43) 99999-8888');
    expect(maskPhone('+55')).toBe('+55');
    expect(maskPhone('+554')).toBe('+55 (4');
    expect(isValidPhone('+55 (43) 9999')).toBe(false);
    expect(isValidPhone('+55 00000000000')).toBe(false);
  });

  it('leaves plain Brazilian numbers exactly as before', () => {
    expect(normalizePhone('(43) 99999-8888')).toBe('43999998888');
    expect(normalizePhone('4333334444')).toBe('4333334444');
    expect(maskPhone('  (43) 3333-4444')).toBe('(43) 3333-4444');
  });

  it('property: every valid input normalises to a value the database accepts and masks within the field length', () => {
    const dbCheck = (v: string) => /^([0-9]{10,11}|\+[1-9][0-9]{7,14})$/.test(v) && !v.startsWith('+55');
    const separator = fc.constantFrom('', ' ', '-', '.');
    const digitString = (min: number, max: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));
    const international = fc
      .tuple(fc.integer({ min: 0, max: 9 }), digitString(6, 15), separator)
      .map(([first, rest, sep]) => `+${first}${rest.replace(/(\d{3})(?=\d)/g, `$1${sep}`)}`);
    const brazilian = fc.tuple(digitString(10, 11), fc.boolean()).map(([d, plus]) => (plus ? `+55 ${maskPhone(d)}` : maskPhone(d)));
    const anyText = fc.string({ maxLength: 25 });
    fc.assert(
      fc.property(fc.oneof(international, brazilian, anyText), (input) => {
        const shown = maskPhone(input);
        expect(shown.length).toBeLessThanOrEqual(PHONE_INPUT_MAX_LENGTH);
        expect(maskPhone(shown)).toBe(shown);
        if (!isValidPhone(input)) return;
        const stored = normalizePhone(input);
        expect(dbCheck(stored)).toBe(true);
        // What is stored and what is shown describe the same number.
        expect(normalizePhone(maskPhone(stored))).toBe(stored);
        expect(isValidPhone(shown)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
