import { describe, expect, it } from 'vitest';
import { isValidPhone, maskPhone, phoneDigits } from '../../../src/domain/phone';

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
    expect(phoneDigits('+55 (43) 99999-8888')).toBe('55439999988');
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
